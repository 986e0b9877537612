import { sql } from "kysely";
import { type FunnelQuery, type FunnelSortColumn, funnelQuerySchema } from "~/lib/schemas/funnel";
import { csvLine } from "../csv.server";
import { dialectOf } from "../db/database.server";
import type { Database } from "../db/schema.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Up to about a month, sorting the range's rows costs SQLite less than reading a whole index. */
const SORTED_RANGE_MAX_MS = 31 * DAY_MS;

export type FunnelRange = { from: string; to: string; label: string };

export type FunnelCounts = { visits: number; leads: number; booked: number; qualified: number; clients: number };
export type CampaignFunnelRow = FunnelCounts & { campaign: string; source: string; medium: string };
export type LandingFunnelRow = FunnelCounts & { landingPath: string };

export type Funnel = {
  range: FunnelRange;
  query: FunnelQuery;
  error: string | null;
  totals: FunnelCounts;
  byCampaign: CampaignFunnelRow[];
  byLandingPage: LandingFunnelRow[];
};

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The funnel's query from the address; a custom range that does not parse falls back to the last
 * 30 days and says why. Presets end today (UTC) and include it.
 */
export function parseFunnelQuery(params: URLSearchParams, nowMs = Date.now()) {
  const raw = Object.fromEntries(
    ["range", "from", "to", "sort", "dir"].map((key) => [key, params.get(key) ?? undefined]),
  );
  const parsed = funnelQuerySchema.safeParse(raw);
  const query: FunnelQuery = parsed.success
    ? parsed.data
    : { range: "30", sort: funnelQuerySchema.safeParse({ ...raw, range: "30" }).data?.sort ?? "visits", dir: "desc" };
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? "Choose a valid date range.");
  const today = utcDay(nowMs);
  const range: FunnelRange =
    query.range === "custom" && query.from && query.to
      ? { from: query.from, to: query.to, label: `${query.from} to ${query.to}` }
      : {
          from: utcDay(nowMs - (Number(query.range) - 1) * DAY_MS),
          to: today,
          label: `Last ${query.range} days`,
        };
  return { query, range, error };
}

const rate = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

function sortValue(row: FunnelCounts, column: FunnelSortColumn) {
  if (column === "visitToLead") return rate(row.leads, row.visits);
  if (column === "leadToClient") return rate(row.clients, row.leads);
  return column === "name" ? 0 : row[column];
}

function sortRows<T extends FunnelCounts>(rows: T[], name: (row: T) => string, query: FunnelQuery) {
  const direction = query.dir === "asc" ? 1 : -1;
  return rows.sort((a, b) => {
    const byColumn =
      query.sort === "name" ? name(a).localeCompare(name(b)) : sortValue(a, query.sort) - sortValue(b, query.sort);
    return byColumn * direction || name(a).localeCompare(name(b));
  });
}

/**
 * Visits (from the daily roll-up: first page views of a visit, bots never counted), leads, qualified
 * (reached qualified, converted ones included), calls booked (leads of the range with at least one
 * booking, kept or not) and clients (converted) by campaign and by landing
 * page. Spam never counts. Leads are dated by when they came in (UTC days), and credited to the
 * campaign and landing page of their visit; they are read from their daily roll-ups (migration 0019),
 * which triggers keep current, so months of leads are a few thousand rows.
 */
export async function loadFunnel(db: Database, params: URLSearchParams, nowMs = Date.now()): Promise<Funnel> {
  const { query, range, error } = parseFunnelQuery(params, nowMs);
  const spanMs = Date.parse(range.to) - Date.parse(range.from) + DAY_MS;
  // Over more than a month, SQLite is told not to look visit rows up by date (a unary plus): it then
  // reads the roll-up's index in the funnel's group order, checking the date there, instead of sorting.
  const byGroup = dialectOf(db) === "sqlite" && spanMs > SORTED_RANGE_MAX_MS;
  const day = byGroup ? sql<string>`+day` : sql<string>`day`;
  const leadSums = [
    sql<number>`sum(leads)`.as("leads"),
    sql<number>`sum(booked)`.as("booked"),
    sql<number>`sum(qualified)`.as("qualified"),
    sql<number>`sum(clients)`.as("clients"),
  ];
  const [visits, leadsByCampaign, leadsByPage] = await Promise.all([
    db
      .selectFrom("visit_days")
      .where(day, ">=", range.from)
      .where(day, "<=", range.to)
      .select(["utm_campaign", "utm_source", "utm_medium", "landing_path", sql<number>`sum(visits)`.as("visits")])
      .groupBy(["utm_campaign", "utm_source", "utm_medium", "landing_path"])
      .execute(),
    db
      .selectFrom("lead_campaign_days")
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .select(["utm_campaign", "utm_source", "utm_medium", ...leadSums])
      .groupBy(["utm_campaign", "utm_source", "utm_medium"])
      .execute(),
    db
      .selectFrom("lead_landing_days")
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .select(["landing_path", ...leadSums])
      .groupBy("landing_path")
      .execute(),
  ]);

  const empty = (): FunnelCounts => ({ visits: 0, leads: 0, booked: 0, qualified: 0, clients: 0 });
  const campaigns = new Map<string, CampaignFunnelRow>();
  const campaignRow = (row: { utm_campaign: string; utm_source: string; utm_medium: string }) => {
    const key = JSON.stringify([row.utm_campaign, row.utm_source, row.utm_medium]);
    const entry = campaigns.get(key) ?? {
      campaign: row.utm_campaign,
      source: row.utm_source,
      medium: row.utm_medium,
      ...empty(),
    };
    campaigns.set(key, entry);
    return entry;
  };
  const pages = new Map<string, LandingFunnelRow>();
  const pageRow = (landingPath: string) => {
    const entry = pages.get(landingPath) ?? { landingPath, ...empty() };
    pages.set(landingPath, entry);
    return entry;
  };
  for (const row of visits) {
    campaignRow(row).visits += Number(row.visits);
    pageRow(row.landing_path).visits += Number(row.visits);
  }
  const counts = (row: { leads: number; booked: number; qualified: number; clients: number }) => ({
    leads: Number(row.leads),
    booked: Number(row.booked),
    qualified: Number(row.qualified),
    clients: Number(row.clients),
  });
  // Rows whose leads all left (changed, deleted or marked spam) stay in the roll-up at zero.
  for (const row of leadsByCampaign) if (Number(row.leads) > 0) addLeads(campaignRow(row), counts(row));
  for (const row of leadsByPage) if (Number(row.leads) > 0) addLeads(pageRow(row.landing_path), counts(row));

  const totals = empty();
  for (const row of campaigns.values()) {
    totals.visits += row.visits;
    totals.leads += row.leads;
    totals.booked += row.booked;
    totals.qualified += row.qualified;
    totals.clients += row.clients;
  }
  return {
    range,
    query,
    error,
    totals,
    byCampaign: sortRows([...campaigns.values()], campaignName, query),
    byLandingPage: sortRows([...pages.values()], (row) => row.landingPath, query),
  };
}

function addLeads(target: FunnelCounts, row: Omit<FunnelCounts, "visits">) {
  target.leads += row.leads;
  target.booked += row.booked;
  target.qualified += row.qualified;
  target.clients += row.clients;
}

export function campaignName(row: { campaign: string; source: string; medium: string }) {
  return `${row.campaign || "(no campaign)"} ${row.source || "(direct)"} / ${row.medium || "(none)"}`;
}

const percent = (part: number, whole: number) => (whole === 0 ? "" : `${((part / whole) * 100).toFixed(1)}%`);

/** The funnel as CSV: both breakdowns, one row each, with the conversion rates between the steps. */
export function funnelCsv(funnel: Funnel) {
  const header = [
    "breakdown",
    "campaign",
    "source",
    "medium",
    "landing page",
    "visits",
    "leads",
    "calls booked",
    "qualified",
    "clients",
    "visit to lead",
    "lead to qualified",
    "qualified to client",
    "visit to client",
  ];
  const rates = (row: FunnelCounts) => [
    row.visits,
    row.leads,
    row.booked,
    row.qualified,
    row.clients,
    percent(row.leads, row.visits),
    percent(row.qualified, row.leads),
    percent(row.clients, row.qualified),
    percent(row.clients, row.visits),
  ];
  return [
    csvLine(header),
    ...funnel.byCampaign.map((row) => csvLine(["campaign", row.campaign, row.source, row.medium, "", ...rates(row)])),
    ...funnel.byLandingPage.map((row) => csvLine(["landing page", "", "", "", row.landingPath, ...rates(row)])),
  ].join("");
}
