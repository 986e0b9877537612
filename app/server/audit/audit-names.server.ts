import { sql } from "kysely";
import { shortDateTimeIn } from "~/lib/time-zone";
import type { AuditRecordName, AuditRow } from "~/lib/types/audit";
import type { Database, DB } from "../db/schema.server";
import type { AuditLogEntry } from "./audit-log.server";

/**
 * Names for a page of audit entries: the actor by display name, the record by its name or title, and
 * the people and leads a change names. Every kind of record is read with one query for the whole page
 * (`where id in (…)`), so a page of fifty entries costs a handful of queries, not fifty.
 */

type Named = { label: string; href: string | null; gone?: boolean };

/** Summary fields that hold a staff member's id, and the one that holds a lead's. */
const PERSON_FIELDS = new Set(["owner", "staffId"]);
const LEAD_FIELDS = new Set(["leadId"]);
/** A call's summary fields that hold an instant, shown as the call itself is: "3 Dec 10:00" in the agency's zone. */
const CALL_TIME_FIELDS = new Set(["startsAt", "from", "to"]);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Kinds whose record is a row with a title: the table, its name column and where it is seen. */
const titled: Record<string, { table: keyof DB; column: string; href: ((id: string) => string) | null }> = {
  page: { table: "pages", column: "title", href: (id) => `/admin/pages/${id}/edit` },
  blog_post: { table: "blog_posts", column: "title", href: (id) => `/admin/blog/${id}/preview` },
  form: { table: "forms", column: "name", href: (id) => `/admin/forms/${id}/leads` },
  pricing_plan: { table: "pricing_plans", column: "title", href: () => "/admin/pricing" },
  client: { table: "clients", column: "name", href: () => "/admin/clients" },
  saved_view: { table: "saved_views", column: "name", href: null },
  api_key: { table: "api_keys", column: "name", href: null },
};

/** The kinds this module can name; others show their kind alone, as their ids mean nothing to a reader. */
const USER_KINDS = new Set(["user", "availability"]);

function idsOf(values: Iterable<unknown>) {
  const ids = new Set<string>();
  for (const value of values) if (typeof value === "string" && value) ids.add(value);
  return [...ids];
}

/** The values a summary field holds: a plain value, or both sides of a `{ from, to }` change. */
function fieldValues(summary: Record<string, unknown> | null, fields: Set<string>) {
  const values: unknown[] = [];
  for (const [field, value] of Object.entries(summary ?? {})) {
    if (!fields.has(field)) continue;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const change = value as { from?: unknown; to?: unknown };
      values.push(change.from, change.to);
    } else values.push(value);
  }
  return values;
}

function replaceIds(summary: Record<string, unknown> | null, fields: Set<string>, name: (id: string) => string) {
  if (!summary) return summary;
  const swap = (value: unknown) => (typeof value === "string" && value ? name(value) : value);
  return Object.fromEntries(
    Object.entries(summary).map(([field, value]) => {
      if (!fields.has(field)) return [field, value];
      if (value && typeof value === "object" && !Array.isArray(value)) {
        const change = value as { from?: unknown; to?: unknown };
        return [field, { ...change, from: swap(change.from), to: swap(change.to) }];
      }
      return [field, swap(value)];
    }),
  );
}

async function staffNames(db: Database, ids: string[]) {
  const names = new Map<string, string>();
  if (!ids.length) return names;
  const rows = await db.selectFrom("user").select(["id", "name", "email"]).where("id", "in", ids).execute();
  for (const row of rows) names.set(row.id, row.name.trim() || row.email);
  return names;
}

async function leadNames(db: Database, ids: string[]) {
  const names = new Map<string, Named>();
  if (!ids.length) return names;
  const rows = await db.selectFrom("leads").select(["id", "name", "email"]).where("id", "in", ids).execute();
  for (const row of rows) names.set(row.id, { label: row.name.trim() || row.email, href: `/admin/leads/${row.id}` });
  const missing = ids.filter((id) => !names.has(id));
  if (!missing.length) return names;
  // A lead that is gone was deleted by staff (its own entry says so), merged into another (its merge
  // record says into which) or erased at the person's request (nothing else is left of it).
  const [deleted, merged] = await Promise.all([
    db
      .selectFrom("audit_logs")
      .select("entity_id")
      .where("entity_type", "=", "lead")
      .where("entity_id", "in", missing)
      .where("action", "=", "lead.delete")
      .execute(),
    db
      .selectFrom("lead_merges")
      .select(["merged_id", "survivor_id"])
      .where("merged_id", "in", missing)
      .where("undone_at", "is", null)
      .execute(),
  ]);
  const deletedIds = new Set(deleted.map((row) => row.entity_id));
  const survivors = new Map(merged.map((row) => [row.merged_id, row.survivor_id]));
  for (const id of missing) {
    const survivor = survivors.get(id);
    if (survivor) names.set(id, { label: "Merged lead", href: `/admin/leads/${survivor}`, gone: true });
    else names.set(id, { label: deletedIds.has(id) ? "Deleted lead" : "Erased lead", href: null, gone: true });
  }
  return names;
}

async function callNames(db: Database, ids: string[], timeZone: string) {
  const names = new Map<string, Named>();
  if (!ids.length) return names;
  const rows = await db
    .selectFrom("bookings")
    .select(["id", "visitor_name", "starts_at", "lead_id"])
    .where("id", "in", ids)
    .execute();
  for (const row of rows) {
    const startsAt = new Date(row.starts_at).toISOString();
    names.set(row.id, {
      label: `Call with ${row.visitor_name}, ${shortDateTimeIn(timeZone, startsAt)}`,
      href: `/admin/leads/${row.lead_id}`,
    });
  }
  return names;
}

async function titles(db: Database, kind: string, ids: string[]) {
  const names = new Map<string, Named>();
  if (!ids.length) return names;
  const place = titled[kind]!;
  const { rows } = await sql<{ id: string; name: string }>`select id, ${sql.ref(place.column)} as name from ${sql.table(
    place.table,
  )} where id in (${sql.join(ids)})`.execute(db);
  for (const row of rows) names.set(row.id, { label: row.name, href: place.href ? place.href(row.id) : null });
  return names;
}

async function webhookNames(db: Database, ids: string[]) {
  const names = new Map<string, Named>();
  if (!ids.length) return names;
  const rows = await db
    .selectFrom("webhook_endpoints")
    .select(["id", "url", "description"])
    .where("id", "in", ids)
    .execute();
  for (const row of rows) {
    names.set(row.id, { label: row.description?.trim() || row.url, href: `/admin/webhooks/${row.id}` });
  }
  return names;
}

/** Each entry with the people, the record and the leads it mentions named; one query per kind of record. */
export async function nameAuditEntries(
  db: Database,
  entries: readonly AuditLogEntry[],
  timeZone: string,
): Promise<AuditRow[]> {
  const idsOfKind = (kinds: Set<string>) =>
    idsOf(entries.filter((entry) => kinds.has(entry.kind)).map((entry) => entry.recordId));
  const titledKinds = [...new Set(entries.map((entry) => entry.kind))].filter((kind) => Object.hasOwn(titled, kind));
  const [people, leads, calls, hooks, titledNames] = await Promise.all([
    staffNames(
      db,
      idsOf([
        ...entries.map((entry) => entry.actorId),
        ...entries.flatMap((entry) => (USER_KINDS.has(entry.kind) ? [entry.recordId] : [])),
        ...entries.flatMap((entry) => fieldValues(entry.summary, PERSON_FIELDS)),
      ]),
    ),
    leadNames(
      db,
      idsOf([
        ...entries.flatMap((entry) => (entry.kind === "lead" ? [entry.recordId] : [])),
        ...entries.flatMap((entry) => fieldValues(entry.summary, LEAD_FIELDS)),
      ]),
    ),
    callNames(db, idsOfKind(new Set(["booking"])), timeZone),
    webhookNames(db, idsOfKind(new Set(["webhook_endpoint"]))),
    Promise.all(
      titledKinds.map(async (kind) => [kind, await titles(db, kind, idsOfKind(new Set([kind])))] as const),
    ).then((pairs) => new Map(pairs)),
  ]);

  const recordOf = (entry: AuditLogEntry): AuditRecordName => {
    const id = entry.recordId;
    if (!id) return { label: null, href: null, gone: false };
    if (USER_KINDS.has(entry.kind)) {
      const name = people.get(id);
      if (name) return { label: name, href: entry.kind === "user" ? "/admin/users" : null, gone: false };
      // A removed account's entries kept its address in their summary.
      const email = entry.summary?.email;
      return { label: typeof email === "string" ? email : null, href: null, gone: true };
    }
    const found =
      entry.kind === "lead"
        ? leads.get(id)
        : entry.kind === "booking"
          ? calls.get(id)
          : entry.kind === "webhook_endpoint"
            ? hooks.get(id)
            : titledNames.get(entry.kind)?.get(id);
    if (found) return { label: found.label, href: found.href, gone: found.gone ?? false };
    const named = entry.kind === "booking" || entry.kind === "webhook_endpoint" || Object.hasOwn(titled, entry.kind);
    return { label: null, href: null, gone: named };
  };

  return entries.map((entry) => {
    const actorName = (entry.actorId ? people.get(entry.actorId) : undefined) ?? entry.actorEmail ?? "System";
    const personNamed = replaceIds(entry.summary, PERSON_FIELDS, (id) => people.get(id) ?? "Removed staff member");
    const leadNamed = replaceIds(personNamed, LEAD_FIELDS, (id) => leads.get(id)?.label ?? "Erased lead");
    const summary =
      entry.kind === "booking"
        ? replaceIds(leadNamed, CALL_TIME_FIELDS, (value) =>
            ISO_INSTANT.test(value) ? shortDateTimeIn(timeZone, value) : value,
          )
        : leadNamed;
    return {
      id: entry.id,
      createdAt: entry.createdAt,
      actorName,
      actorEmail: entry.actorEmail,
      action: entry.action,
      kind: entry.kind,
      recordId: entry.recordId,
      record: recordOf(entry),
      summary,
    };
  });
}
