import { sql } from "kysely";
import { dialectOf } from "../db/database.server";
import type { Database } from "../db/schema.server";

const ACTIVITY_WINDOW_DAYS = 7;

/** The dashboard's four counts: leads, clients, pages, and audit entries of the last 7 days. */
export async function dashboardCounts(db: Database, nowMs = Date.now()) {
  const since = new Date(nowMs - ACTIVITY_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const count = (rows: { count: number | string | bigint }) => Number(rows.count);
  const [leads, clients, pages, activity] = await Promise.all([
    db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("count"))
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
const DAY_MS = 24 * 60 * 60 * 1000;

function windowStart(nowMs: number, days: number) {
  const today = new Date(nowMs);
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - (days - 1) * DAY_MS;
}

/** The calendar day (UTC) of a lead, as YYYY-MM-DD, on either dialect. */
function leadDay(db: Database) {
  return dialectOf(db) === "postgres"
    ? sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(created_at, 1, 10)`;
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

/** New leads (not spam) per UTC day over the last 30 days, by channel, every day present even at zero. */
export async function leadsPerDayBySource(db: Database, nowMs = Date.now(), days = SERIES_DAYS): Promise<LeadSeries> {
  const start = windowStart(nowMs, days);
  const dayList = Array.from({ length: days }, (_, index) =>
    new Date(start + index * DAY_MS).toISOString().slice(0, 10),
  );
  const grouped = await db
    .selectFrom("leads")
    .select([leadDay(db).as("day"), "source", (eb) => eb.fn.countAll<number>().as("count")])
    .where("created_at", ">=", new Date(start).toISOString())
    .where("is_spam", "=", false)
    .groupBy([leadDay(db), "source"])
    .execute();

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

/** `campaign` is null for leads that came without a UTM campaign. */
export type CampaignRow = { campaign: string | null; leads: number; qualified: number; converted: number };

/**
 * Leads of the last 30 days (not spam) by UTM campaign. "Qualified" counts leads that reached
 * qualified, so converted leads count there too; leads without a campaign come last.
 */
export async function campaignTable(db: Database, nowMs = Date.now(), days = SERIES_DAYS): Promise<CampaignRow[]> {
  const rows = await db
    .selectFrom("leads")
    .select([
      "utm_campaign",
      (eb) => eb.fn.countAll<number>().as("leads"),
      sql<number>`sum(case when status in ('qualified', 'converted') then 1 else 0 end)`.as("qualified"),
      sql<number>`sum(case when status = 'converted' then 1 else 0 end)`.as("converted"),
    ])
    .where("created_at", ">=", new Date(windowStart(nowMs, days)).toISOString())
    .where("is_spam", "=", false)
    .groupBy("utm_campaign")
    .execute();
  const merged = new Map<string | null, CampaignRow>();
  for (const row of rows) {
    const campaign = row.utm_campaign?.trim() || null;
    const entry = merged.get(campaign) ?? { campaign, leads: 0, qualified: 0, converted: 0 };
    entry.leads += Number(row.leads);
    entry.qualified += Number(row.qualified ?? 0);
    entry.converted += Number(row.converted ?? 0);
    merged.set(campaign, entry);
  }
  return [...merged.values()].sort(
    (a, b) =>
      Number(a.campaign === null) - Number(b.campaign === null) ||
      b.leads - a.leads ||
      (a.campaign ?? "").localeCompare(b.campaign ?? ""),
  );
}
