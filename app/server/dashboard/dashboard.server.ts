import { type SqlBool, sql } from "kysely";
import { DEFAULT_TIME_ZONE, dayIn, zonedToUtc } from "~/lib/time-zone";
import type { CampaignRow } from "~/lib/types/dashboard";
import { dialectOf } from "../db/database.server";
import type { Database } from "../db/schema.server";

const ACTIVITY_WINDOW_DAYS = 7;

/**
 * The dashboard's four counts: leads (spam left out, as in the chart and the funnel beside it, and
 * read from the funnel's roll-up, so the two always agree),
 * clients, pages, and audit entries of the last 7 days.
 */
export async function dashboardCounts(db: Database, nowMs = Date.now()) {
  const since = new Date(nowMs - ACTIVITY_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const count = (rows: { count: number | string | bigint }) => Number(rows.count);
  const [leads, clients, pages, activity] = await Promise.all([
    // From the funnel's daily roll-up (a row per day and campaign): a million leads need not be counted.
    db
      .selectFrom("lead_campaign_days")
      .select(sql<number>`coalesce(sum(leads), 0)`.as("count"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("clients")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("pages")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("audit_logs")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("created_at", ">=", since)
      .executeTakeFirstOrThrow(),
  ]);
  return { leads: count(leads), clients: count(clients), pages: count(pages), recentActivity: count(activity) };
}

export const SERIES_DAYS = 30;
const MAX_CHART_SOURCES = 5;
export const OTHER_SOURCES = "Other";
/**
 * The last `days` calendar days in the agency's zone, oldest first: each day's name and the UTC instant
 * it starts at, plus the instant the window ends (tomorrow's start). Days are 23 or 25 hours long
 * when the clocks change.
 */
function zoneDays(timeZone: string, nowMs: number, days: number) {
  const [year, month, day] = dayIn(timeZone, nowMs).split("-").map(Number) as [number, number, number];
  const starts = Array.from({ length: days + 1 }, (_, index) =>
    zonedToUtc(timeZone, year, month, day - (days - 1) + index),
  );
  return {
    names: starts.slice(0, days).map((start) => dayIn(timeZone, start)),
    starts: starts.map((start) => new Date(start).toISOString()),
  };
}

/**
 * Sources like "PDF Download - The Guide" or "Get Started - Pricing" are one channel each: the part
 * before " - " names it. An empty source is a lead from the site itself: Website.
 */
export function sourceChannel(source: string | null) {
  return source?.split(" - ")[0]?.trim() || "Website";
}

export type LeadSeries = {
  days: string[];
  /** Channels in stacking order (largest first), at most five plus Other. */
  sources: string[];
  rows: { day: string; counts: Record<string, number>; total: number }[];
  total: number;
};

/**
 * New leads (not spam) per day of the agency's time zone over the last 30 days, by channel, every day
 * present even at zero.
 */
export async function leadsPerDayBySource(
  db: Database,
  nowMs = Date.now(),
  days = SERIES_DAYS,
  timeZone = DEFAULT_TIME_ZONE,
): Promise<LeadSeries> {
  const window = zoneDays(timeZone, nowMs, days);
  const counts = dialectOf(db) === "sqlite" ? countsDayByDay(db, window) : countsByZoneDay(db, window);
  return seriesOf(window.names, await counts.execute());
}

type ZoneDays = ReturnType<typeof zoneDays>;

/**
 * Leads per day and source in one grouping by the zone's day, worked out by comparing with each day's
 * first instant (the same on both databases, as SQLite knows no time zones; the bounds are inlined so
 * that the grouping and the selection are the same expression). PostgreSQL groups the month by hash.
 */
function countsByZoneDay(db: Database, { names, starts }: ZoneDays) {
  const branches = names.map(
    (name, index) => sql`when created_at < ${sql.lit(starts[index + 1]!)} then ${sql.lit(name)}`,
  );
  const zoneDay = sql<string>`case ${sql.join(branches, sql` `)} end`;
  return db
    .selectFrom("leads")
    .select([zoneDay.as("day"), "source", (eb) => eb.fn.countAll<number>().as("count")])
    .where("created_at", ">=", starts[0]!)
    .where("created_at", "<", starts[names.length]!)
    .where("is_spam", "=", false)
    .groupBy([zoneDay, "source"]);
}

/**
 * The same counts as one grouped count per day, joined with UNION ALL. SQLite groups by sorting, and
 * sorting a month of leads by a computed day took it 20-35 ms at a million leads; day by day it reads
 * each day from its (is_spam, created_at, source) index and sorts a day's leads at a time. Grouping by
 * coalesce(source, '') keeps it on that index: by the bare column it picks the source index, which
 * saves the sort but reads every lead's row for is_spam. (PostgreSQL plans each of the 30 parts, which
 * costs it more than the one hash grouping.)
 */
function countsDayByDay(db: Database, { names, starts }: ZoneDays) {
  const perDay = names.map((name, index) =>
    db
      .selectFrom("leads")
      .select([
        sql.lit(name).as("day"),
        sql<string>`coalesce(source, '')`.as("source"),
        (eb) => eb.fn.countAll<number>().as("count"),
      ])
      .where("created_at", ">=", starts[index]!)
      .where("created_at", "<", starts[index + 1]!)
      .where("is_spam", "=", false)
      .groupBy(sql`coalesce(source, '')`),
  );
  return perDay.slice(1).reduce((query, day) => query.unionAll(day), perDay[0]!);
}

/** The chart's rows from counts per day and source: every day present, channels ranked, the rest as Other. */
function seriesOf(dayList: string[], grouped: { day: string; source: string | null; count: number | string }[]) {
  const channelTotals = new Map<string, number>();
  for (const row of grouped) {
    const channel = sourceChannel(row.source);
    channelTotals.set(channel, (channelTotals.get(channel) ?? 0) + Number(row.count));
  }
  const ranked = [...channelTotals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
  const kept = ranked.length > MAX_CHART_SOURCES + 1 ? ranked.slice(0, MAX_CHART_SOURCES) : ranked;
  const sources = kept.length < ranked.length ? [...kept, OTHER_SOURCES] : kept;

  const rows = dayList.map((day) => ({ day, counts: Object.fromEntries(sources.map((s) => [s, 0])), total: 0 }));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  for (const row of grouped) {
    const target = byDay.get(row.day);
    if (!target) continue;
    const channel = sourceChannel(row.source);
    const bucket = kept.includes(channel) ? channel : OTHER_SOURCES;
    target.counts[bucket] = (target.counts[bucket] ?? 0) + Number(row.count);
    target.total += Number(row.count);
  }
  return { days: dayList, sources, rows, total: rows.reduce((sum, row) => sum + row.total, 0) };
}

/**
 * Leads of the last 30 days (not spam) by UTM campaign. "Qualified" counts leads that reached
 * qualified, so converted leads count there too; leads without a campaign come last.
 */
export async function campaignTable(
  db: Database,
  nowMs = Date.now(),
  days = SERIES_DAYS,
  timeZone = DEFAULT_TIME_ZONE,
): Promise<CampaignRow[]> {
  const since = zoneDays(timeZone, nowMs, days).starts[0]!;
  // A person's later enquiries (made after their lead, the lead not spam), each counted for its own
  // campaign, from the partial index that holds only those.
  const returningRows = await db
    .selectFrom("form_submissions")
    .select([
      sql<string | null>`coalesce(utm_campaign, '')`.as("utm_campaign"),
      (eb) => eb.fn.countAll<number>().as("returning"),
    ])
    .where("created_at", ">=", since)
    // Written as each index's own condition, literally, so both planners see the partial index applies.
    .where(sql.raw<SqlBool>(dialectOf(db) === "postgres" ? "counts_as_returning" : "counts_as_returning = 1"))
    .groupBy(sql`coalesce(utm_campaign, '')`)
    .execute();
  const rows = await db
    .selectFrom("leads")
    .select([
      // Grouped by an expression, not the column: no index in campaign order can then be chosen
      // over the date range's (at a million leads SQLite read every lead in campaign order).
      sql<string | null>`coalesce(utm_campaign, '')`.as("utm_campaign"),
      (eb) => eb.fn.countAll<number>().as("leads"),
      sql<number>`sum(case when status in ('qualified', 'converted') then 1 else 0 end)`.as("qualified"),
      sql<number>`sum(case when status = 'converted' then 1 else 0 end)`.as("converted"),
    ])
    .where("created_at", ">=", since)
    .where("is_spam", "=", false)
    .groupBy(sql`coalesce(utm_campaign, '')`)
    .execute();
  const merged = new Map<string | null, CampaignRow>();
  const entryOf = (utmCampaign: string | null) => {
    const campaign = utmCampaign?.trim() || null;
    const entry = merged.get(campaign) ?? { campaign, leads: 0, returning: 0, qualified: 0, converted: 0 };
    merged.set(campaign, entry);
    return entry;
  };
  for (const row of returningRows) entryOf(row.utm_campaign).returning += Number(row.returning);
  for (const row of rows) {
    const entry = entryOf(row.utm_campaign);
    entry.leads += Number(row.leads);
    entry.qualified += Number(row.qualified ?? 0);
    entry.converted += Number(row.converted ?? 0);
  }
  return [...merged.values()].sort(
    (a, b) =>
      Number(a.campaign === null) - Number(b.campaign === null) ||
      b.leads - a.leads ||
      (a.campaign ?? "").localeCompare(b.campaign ?? ""),
  );
}
