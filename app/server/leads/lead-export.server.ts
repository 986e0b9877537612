import { type SqlBool, sql } from "kysely";
import type { LeadFilters, LeadSort } from "~/lib/schemas/lead-admin";
import { csvLine } from "../csv.server";
import type { Database, Row } from "../db/schema.server";
import {
  applyFilters,
  COUNT_HORIZON,
  type FilterContext,
  leadListQueries,
  leadSortOrderings,
  UTC_CONTEXT,
} from "./lead-list.server";

export const CSV_COLUMNS = [
  "id",
  "created_at",
  "name",
  "email",
  "phone",
  "company",
  "status",
  "source",
  "message",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "page_url",
  "referrer",
] as const;

type CsvRow = Pick<Row<"leads">, (typeof CSV_COLUMNS)[number]>;

const EXPORT_BATCH = 500;

/**
 * The CSV of every lead matching the filters, in the list's order, fetched in keyset-paged batches so
 * that exporting 100,000 leads holds one batch in memory at a time.
 */
export async function* leadsCsv(
  db: Database,
  filters: LeadFilters,
  context: FilterContext = UTC_CONTEXT(),
  ids: readonly string[] | null = null,
): AsyncGenerator<string> {
  yield csvLine(CSV_COLUMNS);
  if (ids) {
    // A selection is at most a few hundred leads: one query, in the list's newest-first order.
    for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
      const rows: CsvRow[] = await db
        .selectFrom("leads")
        .select(CSV_COLUMNS)
        .where("id", "in", ids.slice(start, start + EXPORT_BATCH))
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      yield rows.map((row) => csvLine(CSV_COLUMNS.map((name) => row[name]))).join("");
    }
    return;
  }
  // The export walks a unique key in batches; sorts by a non-unique key export newest first.
  const keyset = leadSortOrderings[filters.sort].column;
  const sort: LeadSort = keyset === "created_at" || keyset === "name" ? filters.sort : "newest";
  const { column, direction } = leadSortOrderings[sort];
  const after = sql.raw(direction === "asc" ? ">" : "<");
  // As the list does: when many match, walk the order's index; when few, fetch them by the filter's.
  const { count } = await leadListQueries(db, { ...filters, page: 1 }, {}, context).count.executeTakeFirstOrThrow();
  const walk = Number(count) > COUNT_HORIZON ? sort : null;
  let last: { key: string; id: string } | null = null;
  for (;;) {
    let query = applyFilters(db.selectFrom("leads"), filters, context, "scan", walk).select(CSV_COLUMNS);
    if (last) {
      const { key, id } = last;
      // A row value: both databases read it as one range of the (column, id) index.
      query = query.where(
        sql<SqlBool>`(${sql.ref(`leads.${column}`)}, leads.id) ${after} (${key}, ${id})`,
      ) as typeof query;
    }
    const rows: CsvRow[] = await query
      .orderBy(column, direction)
      .orderBy("id", direction)
      .limit(EXPORT_BATCH)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((row) => csvLine(CSV_COLUMNS.map((name) => row[name]))).join("");
    const tail = rows.at(-1) as CsvRow;
    last = { key: tail[column as "created_at" | "name"], id: tail.id };
    if (rows.length < EXPORT_BATCH) return;
  }
}
