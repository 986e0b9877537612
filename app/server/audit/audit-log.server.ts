import { type Selectable, sql } from "kysely";
import { changeText, fieldChanges } from "~/lib/audit-changes";
import type { AuditFilters } from "~/lib/schemas/audit";
import { zonedToUtc } from "~/lib/time-zone";
import { csvLine } from "../csv.server";
import type { AuditLogsTable, Database } from "../db/schema.server";
import { fromJson } from "../db/values.server";
import { nameAuditEntries } from "./audit-names.server";

export const AUDIT_PAGE_SIZE = 50;

export type AuditLogEntry = {
  id: string;
  createdAt: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  kind: string;
  recordId: string | null;
  summary: Record<string, unknown> | null;
};

/** A position in the log, as the screen's links carry it: created_at and id, joined by `~`. */
export function auditCursor(entry: { createdAt: string; id: string }) {
  return `${entry.createdAt}~${entry.id}`;
}

function parseCursor(cursor: string) {
  const [createdAt, id] = cursor.split("~") as [string, string];
  return { createdAt, id };
}

function toEntry(row: Selectable<AuditLogsTable>): AuditLogEntry {
  return {
    id: row.id,
    // Whatever form the database answers a timestamp in, positions and dates read the same everywhere.
    createdAt: new Date(row.created_at).toISOString(),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    kind: row.entity_type,
    recordId: row.entity_id,
    summary: fromJson<Record<string, unknown> | null>(row.summary, null),
  };
}

/** The instants the filters' days start and end at, in the agency's time zone. */
function dayBounds(filters: AuditFilters, timeZone: string) {
  const start = (day: string, plus = 0) => {
    const [year, month, date] = day.split("-").map(Number) as [number, number, number];
    return new Date(zonedToUtc(timeZone, year, month, date + plus)).toISOString();
  };
  return {
    since: filters.from ? start(filters.from) : undefined,
    until: filters.to ? start(filters.to, 1) : undefined,
  };
}

/** The entries the filters match, before any position; every filter is an equality on an index's first column. */
function matchingEntries(db: Database, filters: AuditFilters, timeZone: string) {
  const { since, until } = dayBounds(filters, timeZone);
  let query = db.selectFrom("audit_logs").selectAll();
  if (filters.person) query = query.where("actor_id", "=", filters.person);
  if (filters.kind) query = query.where("entity_type", "=", filters.kind);
  if (filters.action) query = query.where("action", "=", filters.action);
  if (since) query = query.where("created_at", ">=", since);
  if (until) query = query.where("created_at", "<", until);
  return query;
}

/**
 * One page of the log, newest first, from a position (keyset on created_at and id: no offset, so the
 * thousandth page costs what the first does), with the positions of the pages either side.
 */
export async function listAuditPage(db: Database, filters: AuditFilters, timeZone: string, pageSize = AUDIT_PAGE_SIZE) {
  const query = matchingEntries(db, filters, timeZone);
  const towardsNewer = !filters.before && Boolean(filters.after);
  const position = filters.before ?? filters.after;
  let positioned = query;
  if (position) {
    const { createdAt, id } = parseCursor(position);
    // A row-value comparison: both databases walk the (…, created_at, id) index from the position.
    positioned = query.where((eb) =>
      eb(eb.refTuple("created_at", "id"), towardsNewer ? ">" : "<", eb.tuple(createdAt, id)),
    );
  }
  const direction = towardsNewer ? "asc" : "desc";
  const rows = await positioned
    .orderBy("created_at", direction)
    .orderBy("id", direction)
    .limit(pageSize + 1)
    .execute();
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize).map(toEntry);
  if (towardsNewer) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  // Towards older entries there is more when this page came from a position (we came from newer ones)
  // or when the query found more; the same the other way round.
  const hasNewer = towardsNewer ? more : Boolean(position);
  const hasOlder = towardsNewer ? true : more;
  return {
    entries: page,
    newer: hasNewer && first ? auditCursor(first) : null,
    older: hasOlder && last ? auditCursor(last) : null,
  };
}

/**
 * The distinct values of an indexed column, each found by one index lookup (a loose index scan),
 * so that listing a few dozen kinds or actions never reads a million rows.
 */
async function distinctValues(db: Database, column: "entity_type" | "action") {
  const { rows } = await sql<{ value: string }>`
    with recursive found(value) as (
      select min(${sql.ref(column)}) from audit_logs
      union all
      select (select min(${sql.ref(column)}) from audit_logs where ${sql.ref(column)} > found.value)
      from found where found.value is not null
    )
    select value from found where value is not null`.execute(db);
  return rows.map((row) => row.value);
}

/** What the filters offer: the kinds of record and actions in the log, and the staff by name and e-mail. */
export async function auditFilterChoices(db: Database) {
  const [kinds, actions, people] = await Promise.all([
    distinctValues(db, "entity_type"),
    distinctValues(db, "action"),
    db.selectFrom("user").select(["id", "name", "email"]).orderBy("email").execute(),
  ]);
  return { kinds, actions, people };
}

function changesText(summary: Record<string, unknown> | null) {
  return fieldChanges(summary)
    .map((change) =>
      "value" in change
        ? `${change.field}: ${changeText(change.value)}`
        : `${change.field}: ${changeText(change.from)} → ${changeText(change.to)}`,
    )
    .join("; ");
}

const CSV_BATCH = 1000;
// The person and the record by name, for reading; the actor's e-mail and the record's id, for matching
// rows with other exports.
const CSV_COLUMNS = ["created_at", "person", "action", "kind", "record", "record_id", "changes", "person_email"];

/** The CSV of every entry the filters match, newest first, read a batch at a time from a position. */
export async function* auditCsv(db: Database, filters: AuditFilters, timeZone: string): AsyncGenerator<string> {
  yield csvLine(CSV_COLUMNS);
  let before: string | undefined;
  for (;;) {
    const page = await listAuditPage(db, { ...filters, before, after: undefined }, timeZone, CSV_BATCH);
    if (page.entries.length) {
      const rows = await nameAuditEntries(db, page.entries, timeZone);
      yield rows
        .map((row) =>
          csvLine([
            row.createdAt,
            row.actorName,
            row.action,
            row.kind,
            row.record.label,
            row.recordId,
            changesText(row.summary),
            row.actorEmail,
          ]),
        )
        .join("");
    }
    if (!page.older) return;
    before = page.older;
  }
}
