import { type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import { LEADS_PAGE_SIZE, type LeadFilters, type LeadSort } from "~/lib/schemas/lead-admin";
import type { Database, DB, LeadStatus, Row } from "../db/schema.server";
import { fromBool } from "../db/values.server";

export type LeadSummary = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  source: string;
  status: LeadStatus;
  message: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  isSpam: boolean;
  spamReason: string | null;
  createdAt: string;
};

export type LeadPage = {
  leads: LeadSummary[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

const summaryColumns = [
  "id",
  "name",
  "email",
  "phone",
  "company",
  "source",
  "status",
  "message",
  "utm_source",
  "utm_campaign",
  "is_spam",
  "spam_reason",
  "created_at",
] as const;

type SummaryRow = Pick<Row<"leads">, (typeof summaryColumns)[number]>;

function toSummary(row: SummaryRow): LeadSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    source: row.source,
    status: row.status,
    message: row.message,
    utmSource: row.utm_source,
    utmCampaign: row.utm_campaign,
    isSpam: fromBool(row.is_spam),
    spamReason: row.spam_reason,
    createdAt: row.created_at,
  };
}

/** `%`, `_` and the escape character itself match literally in a search. */
export function likePattern(term: string) {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function startOfDay(day: string) {
  return `${day}T00:00:00.000Z`;
}

function startOfNextDay(day: string) {
  return new Date(Date.parse(startOfDay(day)) + 24 * 60 * 60 * 1000).toISOString();
}

type LeadsQuery<O> = SelectQueryBuilder<DB, "leads", O>;

/**
 * The one place the list, its count and the CSV export take their filters from. Dates are whole UTC
 * days, both ends included. `search_text` is the lowercased name, e-mail and company (migration 0003).
 */
function applyFilters<O>(query: LeadsQuery<O>, filters: Omit<LeadFilters, "page" | "sort">): LeadsQuery<O> {
  let filtered = query.where("is_spam", "=", filters.view === "spam");
  if (filters.status !== "all") filtered = filtered.where("status", "=", filters.status);
  if (filters.source) filtered = filtered.where("source", "=", filters.source);
  if (filters.from) filtered = filtered.where("created_at", ">=", startOfDay(filters.from));
  if (filters.to) filtered = filtered.where("created_at", "<", startOfNextDay(filters.to));
  if (filters.q) filtered = filtered.where(sql<SqlBool>`search_text like ${likePattern(filters.q)} escape '\\'`);
  return filtered;
}

const orderings: Record<LeadSort, { column: "created_at" | "name"; direction: "asc" | "desc" }> = {
  newest: { column: "created_at", direction: "desc" },
  oldest: { column: "created_at", direction: "asc" },
  name: { column: "name", direction: "asc" },
  name_desc: { column: "name", direction: "desc" },
};

/** One page of leads and the number that match, paged and sorted by the database. */
export async function listLeads(db: Database, filters: LeadFilters, pageSize = LEADS_PAGE_SIZE): Promise<LeadPage> {
  const { column, direction } = orderings[filters.sort];
  const pageOf = (page: number) =>
    applyFilters(db.selectFrom("leads"), filters)
      .select(summaryColumns)
      .orderBy(column, direction)
      .orderBy("id", direction)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
  const [counted, rows] = await Promise.all([
    applyFilters(db.selectFrom("leads"), filters)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    pageOf(filters.page),
  ]);
  const total = Number(counted.count);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // A page past the end (e.g. after leads were deleted) shows the last one instead of nothing.
  const page = Math.min(filters.page, pageCount);
  const shown = page === filters.page ? rows : await pageOf(page);
  return { leads: shown.map(toSummary), total, page, pageCount, pageSize };
}

/**
 * The distinct sources, for the filter. A loose index scan (one index probe per distinct value) so it
 * stays instant however many leads share each source.
 */
export async function listLeadSources(db: Database): Promise<string[]> {
  const result = await sql<{ source: string | null }>`
    with recursive sources(source) as (
      select min(source) from leads
      union all
      select (select min(source) from leads where source > sources.source) from sources where sources.source is not null
    )
    select source from sources where source is not null`.execute(db);
  return result.rows.map((row) => row.source as string);
}

export async function countSpamLeads(db: Database) {
  const row = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("is_spam", "=", true)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

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

/**
 * A cell as spreadsheets should read it: text that a spreadsheet would run as a formula (starting with
 * =, +, -, @, tab or carriage return) gets a leading apostrophe, and every cell is quoted.
 */
export function csvCell(value: unknown) {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(values: readonly unknown[]) {
  return `${values.map(csvCell).join(",")}\r\n`;
}

const EXPORT_BATCH = 500;

/**
 * The CSV of every lead matching the filters, in the list's order, fetched in keyset-paged batches so
 * that exporting 100,000 leads holds one batch in memory at a time.
 */
export async function* leadsCsv(db: Database, filters: LeadFilters): AsyncGenerator<string> {
  yield csvLine(CSV_COLUMNS);
  const { column, direction } = orderings[filters.sort];
  const after = direction === "asc" ? ">" : "<";
  let last: { key: string; id: string } | null = null;
  for (;;) {
    let query = applyFilters(db.selectFrom("leads"), filters).select(CSV_COLUMNS);
    if (last) {
      const { key, id } = last;
      query = query.where((eb) =>
        eb.or([eb(column, after, key), eb.and([eb(column, "=", key), eb("id", after, id)])]),
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
    last = { key: tail[column], id: tail.id };
    if (rows.length < EXPORT_BATCH) return;
  }
}
