import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import { LEADS_PAGE_SIZE, type LeadFilters, type LeadSort } from "~/lib/schemas/lead-admin";
import { todayRange } from "~/lib/time-zone";
import type { LeadSummary } from "~/lib/types/leads";
import { dialectOf } from "../db/database.server";
import { clampPage } from "../db/pagination.server";
import type { Database, DB, Row } from "../db/schema.server";
import { containsPattern } from "../db/search.server";
import { fromBool } from "../db/values.server";

/**
 * What a filter needs beyond the address bar: who "me" is, and where today begins and ends in the
 * agency's time zone ("Due today" and "Overdue" are days there, not in UTC).
 */
export type FilterContext = { userId: string | null; today: { start: string; end: string } };

export function filterContext(userId: string | null, timeZone: string, nowMs = Date.now()): FilterContext {
  return { userId, today: todayRange(timeZone, nowMs) };
}

export const UTC_CONTEXT = (): FilterContext => filterContext(null, "UTC");

export type LeadPage = {
  leads: LeadSummary[];
  /** Exact, unless `totalIsLowerBound`: then at least this many match (and more pages follow). */
  total: number;
  totalIsLowerBound: boolean;
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
  "owner_id",
  "next_follow_up_at",
  "follow_up_note",
  "created_at",
  "enquiries",
  "last_enquiry_at",
] as const;

type SummaryRow = Pick<Row<"leads">, (typeof summaryColumns)[number]>;

/** A lead row as the lists show it; the detail screen adds to it. */
export function toLeadSummary(row: SummaryRow): LeadSummary {
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
    ownerId: row.owner_id,
    nextFollowUpAt: row.next_follow_up_at,
    followUpNote: row.follow_up_note,
    createdAt: row.created_at,
    enquiries: Number(row.enquiries),
    lastEnquiryAt: row.last_enquiry_at ?? row.created_at,
  };
}

function startOfDay(day: string) {
  return `${day}T00:00:00.000Z`;
}

function startOfNextDay(day: string) {
  return new Date(Date.parse(startOfDay(day)) + 24 * 60 * 60 * 1000).toISOString();
}

/**
 * How a search finds its rows. PostgreSQL always uses its trigram index through the plain LIKE
 * ("scan" is then a misnomer, but the query is the same). SQLite has two ways: walk the newest-first
 * index testing each lead ("scan", which stops early when matches are common), or look the term up in
 * the FTS5 trigram index ("index", which is quick when matches are few).
 */
type SearchMode = "scan" | "index";

export type ListFilters = Omit<LeadFilters, "page" | "sort">;

/**
 * The one place the list, its count and the CSV export take their filters from. Dates are whole UTC
 * days, both ends included. `search_text` is the lowercased name, e-mail and company (migration 0003).
 * `walk`: the sort the page is read in by walking its index (see `walkedConditions`).
 */
function filterConditions(
  filters: ListFilters,
  search: SearchMode | "joined",
  context: FilterContext,
  walk: LeadSort | null = null,
  searchText: Expression<string> = sql.ref("leads.search_text"),
): Expression<SqlBool>[] {
  const spam = sql<SqlBool>`leads.is_spam = ${filters.view === "spam"}`;
  const conditions: { column: FilterColumn; condition: Expression<SqlBool> }[] = [];
  const on = (column: FilterColumn, condition: Expression<SqlBool>) => conditions.push({ column, condition });
  if (filters.owner === "none") on("owner_id", sql<SqlBool>`leads.owner_id is null`);
  else if (filters.owner === "me") on("owner_id", sql<SqlBool>`leads.owner_id = ${context.userId ?? ""}`);
  else if (filters.owner) on("owner_id", sql<SqlBool>`leads.owner_id = ${filters.owner}`);
  // Due today: any time today; overdue: a day already gone. A follow-up earlier today is both due and late,
  // and shows under "Due today" so that the day's list is complete.
  if (filters.due === "today") {
    on("next_follow_up_at", sql<SqlBool>`leads.next_follow_up_at >= ${context.today.start}`);
    on("next_follow_up_at", sql<SqlBool>`leads.next_follow_up_at < ${context.today.end}`);
  } else if (filters.due === "overdue") {
    on("next_follow_up_at", sql<SqlBool>`leads.next_follow_up_at < ${context.today.start}`);
  }
  if (filters.status !== "all") on("status", sql<SqlBool>`leads.status = ${filters.status}`);
  if (filters.source) on("source", sql<SqlBool>`leads.source = ${filters.source}`);
  if (filters.from) on("created_at", sql<SqlBool>`leads.created_at >= ${startOfDay(filters.from)}`);
  if (filters.to) on("created_at", sql<SqlBool>`leads.created_at < ${startOfNextDay(filters.to)}`);
  if (filters.enquired) {
    on("last_enquiry_at", sql<SqlBool>`leads.last_enquiry_at >= ${startOfDay(filters.enquired)}`);
  }
  if (filters.q) {
    const exact = sql<SqlBool>`${searchText} like ${containsPattern(filters.q)} escape '\\'`;
    // The FTS5 index takes LIKE without ESCAPE: there `%` and `_` are wildcards and find a superset,
    // so a term containing them is also checked exactly.
    const ftsIsExact = !/[\\%_]/.test(filters.q);
    if (search === "scan") on("search_text", exact);
    else {
      if (search === "index") {
        on(
          "search_text",
          sql<SqlBool>`leads.rowid in (select rowid from leads_search where search_text like ${ftsPattern(filters.q)})`,
        );
      }
      if (!ftsIsExact) on("search_text", exact);
    }
  }
  if (walk === null) return [spam, ...conditions.map(({ condition }) => condition)];
  const inIndex = walkedIndexColumns(walk, filters);
  return [
    spam,
    ...conditions.map(({ column, condition }) =>
      inIndex.includes(column) ? condition : sql<SqlBool>`coalesce(${condition}, false)`,
    ),
  ];
}

type FilterColumn =
  | "owner_id"
  | "next_follow_up_at"
  | "status"
  | "source"
  | "created_at"
  | "search_text"
  | "last_enquiry_at";

/**
 * Walking a sort order's index, each lead is checked against the filter as it comes: those checks
 * are written so that no index on their columns can be chosen instead (which would read every match
 * and sort them). The filters on the columns that lead the walked index after `is_spam` are the
 * exception: they narrow the walk to the part of the index that matches (a status within the
 * "Status" order, a date range within newest or oldest first), so they stay as they are.
 */
function walkedIndexColumns(sort: LeadSort, filters: ListFilters): FilterColumn[] {
  const { column } = leadSortOrderings[sort];
  if (column === "created_at") return ["created_at"];
  if (column === "last_enquiry_at") return ["last_enquiry_at"];
  // Within one status the index is newest first, so a date range narrows that status's part of it.
  if (column === "status" && filters.status !== "all") return ["status", "created_at"];
  return [];
}

/** `search_text` as migration 0003 derives it, written out in the columns it is computed from. */
const searchTextOfColumns = sql<string>`lower(leads.name || ' ' || leads.email || ' ' || coalesce(leads.company, ''))`;

function ftsPattern(term: string) {
  return `%${term.toLowerCase()}%`;
}

export function applyFilters<O>(
  query: SelectQueryBuilder<DB, "leads", O>,
  filters: ListFilters,
  context: FilterContext,
  search: SearchMode = "scan",
  walk: LeadSort | null = null,
  searchText?: Expression<string>,
): SelectQueryBuilder<DB, "leads", O> {
  const conditions = filterConditions(filters, search, context, walk, searchText);
  return query.where((eb) => eb.and(conditions));
}

type SortColumn = "created_at" | "name" | "status" | "next_follow_up_at" | "last_enquiry_at" | "enquiries";

/**
 * Sorts the indexes serve. Status sorts by status, then newest first within one; follow-ups soonest
 * first (leads without one come last on both databases).
 */
export const leadSortOrderings: Record<
  LeadSort,
  { column: SortColumn; direction: "asc" | "desc"; then?: "created_at" }
> = {
  newest: { column: "created_at", direction: "desc" },
  oldest: { column: "created_at", direction: "asc" },
  name: { column: "name", direction: "asc" },
  name_desc: { column: "name", direction: "desc" },
  status: { column: "status", direction: "asc" },
  follow_up: { column: "next_follow_up_at", direction: "asc" },
  last_enquiry: { column: "last_enquiry_at", direction: "desc" },
  enquiries: { column: "enquiries", direction: "desc" },
};

function ordered<O>(query: SelectQueryBuilder<DB, "leads", O>, sort: LeadSort, postgres: boolean) {
  const { column, direction } = leadSortOrderings[sort];
  if (column === "next_follow_up_at") {
    // PostgreSQL sorts NULLs last in ascending order, so its index gives this order as it is;
    // SQLite sorts them first and is told otherwise, in the words of its index on that (migration 0018).
    const withoutFirst = postgres ? query : query.orderBy(sql`next_follow_up_at is null`);
    return withoutFirst.orderBy("next_follow_up_at", "asc").orderBy("id", "asc");
  }
  if (column === "status") {
    return query.orderBy("status", "asc").orderBy("created_at", "desc").orderBy("id", "desc");
  }
  return query.orderBy(column, direction).orderBy("id", direction);
}

/**
 * Counting stops this many matches past the requested page: beyond that the screen says "more than",
 * so no request counts all 100,000 leads just to print a total. Searches stop sooner.
 */
export const COUNT_HORIZON = 10_000;
export const SEARCH_COUNT_HORIZON = 1_000;

export type ListOptions = { pageSize?: number; horizon?: number; searchHorizon?: number };

/** How a page is read: see `page` in leadListQueries. */
export type PageOrder = "plain" | "walk" | "few";

type SearchTables = DB & { leads_search: { rowid: number; search_text: string } };

/** The list's two queries (its bounded count and one page), apart so that the bench can explain them. */
export function leadListQueries(
  db: Database,
  filters: LeadFilters,
  { pageSize = LEADS_PAGE_SIZE, horizon = COUNT_HORIZON, searchHorizon = SEARCH_COUNT_HORIZON }: ListOptions = {},
  context: FilterContext = UTC_CONTEXT(),
) {
  const countLimit = (filters.page - 1) * pageSize + (filters.q ? searchHorizon : horizon);
  const sqliteSearch = Boolean(filters.q) && dialectOf(db) === "sqlite";
  // On SQLite a search is counted from the FTS5 index outwards, streaming, so the horizon stops it.
  const matches = sqliteSearch
    ? (db as unknown as Kysely<SearchTables>)
        .selectFrom("leads_search")
        .crossJoin("leads")
        .where(sql<SqlBool>`leads.rowid = leads_search.rowid`)
        .where(sql<SqlBool>`leads_search.search_text like ${ftsPattern(filters.q)}`)
        .where((eb) => eb.and(filterConditions(filters, "joined", context)))
        .select(sql<number>`1`.as("one"))
    : applyFilters(db.selectFrom("leads"), filters, context).select(sql<number>`1`.as("one"));
  return {
    countLimit,
    pageSize,
    searchHorizon,
    pageDependsOnCount: sqliteSearch,
    countsSearchOnPostgres: Boolean(filters.q) && dialectOf(db) === "postgres",
    count: db
      .selectFrom(matches.limit(countLimit + 1).as("matches"))
      .select((eb) => eb.fn.countAll<number>().as("count")),
    /**
     * `order`: "walk" the sort order's index, checking each lead against the filter (when many
     * match, a page is found after a few hundred leads); "few" matches: on SQLite, take a search's
     * page from the FTS5 index rather than a scan.
     */
    page: (page: number, order: PageOrder = "plain") => {
      const postgres = dialectOf(db) === "postgres";
      const offset = (page - 1) * pageSize;
      if (leadSortOrderings[filters.sort].column === "name" && (order === "walk" || (postgres && order === "plain"))) {
        const { direction } = leadSortOrderings[filters.sort];
        const ids =
          order === "walk"
            ? // The name index holds what the filters check (migration 0023): the page's ids are found
              // in it alone, then only their rows are read. SQLite's index answers for the search
              // text's columns, not for the virtual column itself.
              ordered(
                applyFilters(
                  db.selectFrom("leads"),
                  filters,
                  context,
                  "scan",
                  filters.sort,
                  postgres ? undefined : searchTextOfColumns,
                ).select("leads.id"),
                filters.sort,
                postgres,
              )
                .limit(pageSize)
                .offset(offset)
            : // Few match: PostgreSQL would still walk the name index when it judges the matches
              // spread through it, and they need not be. Fetched first and sorted, they cost what
              // they are (a few thousand at most).
              db
                .with(
                  (cte) => cte("matches").materialized(),
                  () => applyFilters(db.selectFrom("leads"), filters, context).select(["leads.id", "leads.name"]),
                )
                .selectFrom("matches")
                .select("matches.id")
                .orderBy("matches.name", direction)
                .orderBy("matches.id", direction)
                .limit(pageSize)
                .offset(offset);
        return ordered(
          db.selectFrom("leads").select(summaryColumns).where("leads.id", "in", ids),
          filters.sort,
          postgres,
        );
      }
      return ordered(
        applyFilters(
          db.selectFrom("leads"),
          filters,
          context,
          sqliteSearch && order === "few" ? "index" : "scan",
          order === "walk" ? filters.sort : null,
        ).select(summaryColumns),
        filters.sort,
        postgres,
      )
        .limit(pageSize)
        .offset(offset);
    },
  };
}

/**
 * Many matches (past the count's horizon): walk the sort order and stop at the page. Fewer: fetch
 * them through the filter's index and sort them; a SQLite search with few matches fetches them
 * through the FTS5 index.
 */
export function pageOrder(
  matches: number,
  queries: { countLimit: number; searchHorizon: number; pageDependsOnCount: boolean },
): PageOrder {
  if (matches > queries.countLimit) return "walk";
  return queries.pageDependsOnCount && matches <= queries.searchHorizon ? "few" : "plain";
}

/**
 * Runs `run` with PostgreSQL's sequential scans priced out, for a search's bounded count. Estimating
 * that a table scan meets the first thousand matches early, the planner assumes matches spread evenly
 * through the table's pages; after an update of every row (a migration) the live rows sit behind
 * pages that hold only dead space until new leads fill them, and the scan read 136,000 empty pages
 * before its first match (1.5 s at a million leads, whenever the shared scan position came round to
 * them). The trigram index, or the name index that carries the search text, costs what the matches
 * cost wherever they are.
 */
async function withoutSequentialScan<T>(db: Database, run: (scoped: Database) => Promise<T>): Promise<T> {
  if (db.isTransaction) {
    await sql`select set_config('enable_seqscan', 'off', true)`.execute(db);
    try {
      return await run(db);
    } finally {
      await sql`reset enable_seqscan`.execute(db);
    }
  }
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('enable_seqscan', 'off', true)`.execute(trx);
    return run(trx);
  });
}

/** One page of leads and how many match (exactly, or "at least" past the horizon), all done by the database. */
export async function listLeads(
  db: Database,
  filters: LeadFilters,
  options: ListOptions = {},
  context: FilterContext = UTC_CONTEXT(),
): Promise<LeadPage> {
  const queries = leadListQueries(db, filters, options, context);
  const { pageSize } = queries;
  // The count first: how many match decides how the page is read.
  const counted = queries.countsSearchOnPostgres
    ? await withoutSequentialScan(db, (scoped) =>
        leadListQueries(scoped, filters, options, context).count.executeTakeFirstOrThrow(),
      )
    : await queries.count.executeTakeFirstOrThrow();
  const matches = Number(counted.count);
  const totalIsLowerBound = matches > queries.countLimit;
  const total = Math.min(matches, queries.countLimit);
  // A page past the end (e.g. after leads were deleted) shows the last one instead of nothing.
  const { page, pageCount } = clampPage(total, filters.page, pageSize);
  const rows = total === 0 ? [] : await queries.page(page, pageOrder(matches, queries)).execute();
  return { leads: rows.map(toLeadSummary), total, totalIsLowerBound, page, pageCount, pageSize };
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
