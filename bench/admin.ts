// npm run bench:admin — seeds 100,000 leads and 1,000,000 analytics events into a scratch SQLite file
// and a throwaway PostgreSQL cluster, then times the leads screen's domain function (count + one page)
// for its typical requests, and the dashboard's funnel for its date ranges, and prints each query plan.
// Target: under 50 ms each. Then it changes the status of 10,000 leads in one bulk change while
// visitors' leads keep arriving, and prints how long the change took and how many leads were captured
// meanwhile.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Compilable, sql } from "kysely";
import pg from "pg";
import { type LeadFilters, leadFiltersSchema } from "~/lib/schemas/lead-admin";
import { loadFunnel } from "~/server/dashboard/funnel.server";
import { type Dialect, openDatabase } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { applyBulkChange } from "~/server/leads/bulk.server";
import { captureLead } from "~/server/leads/capture.server";
import {
  type FilterContext,
  filterContext,
  leadListQueries,
  listLeadSources,
  listLeads,
  SEARCH_COUNT_HORIZON,
} from "~/server/leads/lead-list.server";
import { startPostgresCluster } from "../tests/support/postgres-cluster";
import { benchAuditLog } from "./admin-audit";
import { seedLeads } from "./lead-rows";

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
/** The seeded data ends here; the funnel's presets count back from it. */
const SEED_END_MS = Date.UTC(2026, 10, 1);
const ROWS_PER_INSERT = 500;
const ROWS_PER_TRANSACTION = 10_000;
const RUNS = 15;
const TARGET_MS = 50;

const campaigns = [
  ["winter", "google", "cpc"],
  ["winter", "facebook", "paid_social"],
  ["brand", "google", "cpc"],
  ["retargeting", "facebook", "paid_social"],
  ["newsletter-nov", "newsletter", "email"],
  ["partners", "linkedin", "paid_social"],
  [null, null, null],
  [null, null, null],
] as const;
const landingPages = [
  "/",
  "/pricing",
  "/services/paid-ads",
  "/cost-estimator",
  "/contact",
  "/blog/ppc-guide",
  "/about",
];

/** The bench's two sales people. */
const OWNERS = ["bench-owner-a", "bench-owner-b"];
const NOW_MS = Date.UTC(2026, 10, 1, 12);
const ownerContext: FilterContext = filterContext(OWNERS[0]!, "UTC", NOW_MS);
const BULK_SIZE = Number(process.env.BENCH_BULK ?? 10_000);

const cases: { label: string; filters: Partial<LeadFilters> }[] = [
  { label: "table page 1 (owner + follow-up columns)", filters: {} },
  { label: "'Overdue' for one owner", filters: { owner: OWNERS[0]!, due: "overdue" } },
  { label: "'My leads', due today", filters: { owner: "me", due: "today" } },
  { label: "sorted by next follow-up", filters: { sort: "follow_up" } },
  { label: "search 'patel' (common, ~10%)", filters: { q: "patel" } },
  { label: "search 'lead4217' (rare, 1-11 hits)", filters: { q: "lead4217" } },
  { label: "filtered: status qualified + source", filters: { status: "qualified", source: "Contact Form" } },
  { label: "filtered: last 30 days, page 3", filters: { from: "2026-10-01", to: "2026-10-31", page: 3 } },
  { label: "sorted by name, page 40", filters: { sort: "name", page: 40 } },
];

/**
 * Two sales people own two thirds of the leads; a seventh of the leads have a follow-up. The leads
 * come from the same campaigns and landing pages as the visits, so the funnel has rows to join.
 */
const leadExtras = (index: number) => {
  const [campaign, source, medium] = campaigns[index % campaigns.length]!;
  return {
    owner_id: index % 3 === 2 ? null : OWNERS[index % 3]!,
    // Follow-ups from 30 days before the bench's "now" to 30 days after it.
    next_follow_up_at: index % 7 === 0 ? new Date(NOW_MS + ((index % 61) - 30) * 86_400_000).toISOString() : null,
    utm_source: index % 4 === 0 ? "google" : (source ?? null),
    utm_medium: index % 4 === 0 ? "cpc" : (medium ?? null),
    utm_campaign: index % 4 === 0 ? "winter" : (campaign ?? null),
    landing_path: landingPages[index % landingPages.length]!,
  };
};

/** Page views over 13 months up to the seed's end; every third starts a visit, as the beacon marks them. */
function eventRow(index: number) {
  const [campaign, source, medium] = campaigns[index % campaigns.length]!;
  const landing = landingPages[Math.floor(index / 3) % landingPages.length]!;
  const createdAt = new Date(SEED_END_MS - (EVENTS - index) * Math.floor((395 * 86_400_000) / EVENTS)).toISOString();
  return {
    id: crypto.randomUUID(),
    event_type: "page_view",
    page_url: `https://agency.example${landing}`,
    user_agent: null,
    utm_source: source,
    utm_medium: medium,
    utm_campaign: campaign,
    properties: null,
    visit_start: index % 3 === 0,
    landing_path: landing,
    created_at: createdAt,
  };
}

/** The events, then their visits rolled up by day as the beacon does it one visit at a time. */
async function seedEvents(db: Database, dialect: Dialect) {
  const started = performance.now();
  for (let start = 0; start < EVENTS; start += ROWS_PER_TRANSACTION) {
    await db.transaction().execute(async (trx) => {
      for (let batch = start; batch < Math.min(EVENTS, start + ROWS_PER_TRANSACTION); batch += ROWS_PER_INSERT) {
        const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, EVENTS - batch) }, (_, i) => eventRow(batch + i));
        await trx.insertInto("analytics_events").values(rows).execute();
      }
    });
  }
  const day =
    dialect === "postgres" ? sql`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')` : sql`substr(created_at, 1, 10)`;
  await sql`
    insert into visit_days (day, utm_campaign, utm_source, utm_medium, landing_path, visits)
    select ${day}, coalesce(utm_campaign, ''), coalesce(utm_source, ''), coalesce(utm_medium, ''), landing_path, count(*)
    from analytics_events where visit_start = ${dialect === "postgres" ? sql`true` : sql`1`}
    group by 1, 2, 3, 4, 5`.execute(db);
  return performance.now() - started;
}

const funnelCases = [
  { label: "funnel: last 7 days", params: "range=7" },
  { label: "funnel: last 30 days", params: "range=30" },
  { label: "funnel: last 90 days", params: "range=90" },
  { label: "funnel: custom, 13 months", params: "range=custom&from=2025-10-01&to=2026-10-31" },
];

async function benchFunnel(db: Database) {
  let slow = 0;
  for (const { label, params } of funnelCases) {
    const search = new URLSearchParams(params);
    const funnel = await loadFunnel(db, search, SEED_END_MS);
    const { median, max } = await time(() => loadFunnel(db, search, SEED_END_MS));
    if (median > TARGET_MS) slow++;
    console.log(
      `  ${label.padEnd(42)} median ${median.toFixed(1).padStart(6)} ms  max ${max.toFixed(1).padStart(6)} ms  ` +
        `(${funnel.totals.visits.toLocaleString("en-US")} visits, ${funnel.totals.leads.toLocaleString("en-US")} leads, ` +
        `${funnel.byCampaign.length} campaign rows, ${funnel.byLandingPage.length} landing pages)${median > TARGET_MS ? "  OVER TARGET" : ""}`,
    );
  }
  return slow;
}

async function explain(db: Database, dialect: Dialect, query: Compilable) {
  const { sql: text, parameters } = query.compile();
  if (dialect === "sqlite") {
    const rows = await sql.raw<{ detail: string }>(`explain query plan ${inline(text, parameters)}`).execute(db);
    return rows.rows.map((row) => row.detail).join("; ");
  }
  const rows = await sql
    .raw<{ "QUERY PLAN": string }>(`explain (analyze, costs off, timing off, summary off) ${inline(text, parameters)}`)
    .execute(db);
  return rows.rows
    .map((row) => row["QUERY PLAN"].trim())
    .filter((line) => !/^(Buffers|Planning|Execution)/.test(line))
    .join(" | ");
}

/** Parameters inlined as literals, only to ask for a plan. */
function inline(text: string, parameters: readonly unknown[]) {
  let index = 0;
  const literal = (value: unknown) => {
    if (typeof value === "number") return String(value);
    if (typeof value === "boolean") return value ? "true" : "false";
    return `'${String(value).replaceAll("'", "''")}'`;
  };
  return text.replace(/\$\d+|\?/g, (match) =>
    literal(parameters[match === "?" ? index++ : Number(match.slice(1)) - 1]),
  );
}

async function time(run: () => Promise<unknown>) {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(RUNS / 2)]!, max: samples.at(-1)! };
}

async function benchDialect(dialect: Dialect, db: Database) {
  await migrateToLatest(db);
  const seedMs = await seedLeads(db, LEADS, leadExtras);
  const eventsMs = await seedEvents(db, dialect);
  if (dialect === "sqlite") await sql`analyze`.execute(db);
  else await sql`vacuum analyze`.execute(db);
  console.log(
    `\n${dialect}: seeded ${LEADS.toLocaleString("en-US")} leads in ${(seedMs / 1000).toFixed(1)} s, ` +
      `${EVENTS.toLocaleString("en-US")} analytics events in ${(eventsMs / 1000).toFixed(1)} s`,
  );
  let slow = 0;
  for (const { label, filters: given } of cases) {
    const filters = { ...leadFiltersSchema.parse({}), ...given };
    const result = await listLeads(db, filters, {}, ownerContext);
    const { median, max } = await time(() => listLeads(db, filters, {}, ownerContext));
    if (median > TARGET_MS) slow++;
    console.log(
      `  ${label.padEnd(42)} median ${median.toFixed(1).padStart(6)} ms  max ${max.toFixed(1).padStart(6)} ms  ` +
        `(${result.totalIsLowerBound ? "over " : ""}${result.total.toLocaleString("en-US")} matches, ${result.leads.length} shown)${median > TARGET_MS ? "  OVER TARGET" : ""}`,
    );
    if (process.env.BENCH_PLANS !== "0") {
      const queries = leadListQueries(db, filters, {}, ownerContext);
      console.log(`      count plan: ${await explain(db, dialect, queries.count)}`);
      console.log(
        `      page plan:  ${await explain(db, dialect, queries.page(result.page, !result.totalIsLowerBound && result.total <= SEARCH_COUNT_HORIZON))}`,
      );
    }
  }
  const sourcesTime = await time(() => listLeadSources(db));
  console.log(
    `  ${"source filter options".padEnd(42)} median ${sourcesTime.median.toFixed(1).padStart(6)} ms${sourcesTime.median > TARGET_MS ? "  OVER TARGET" : ""}`,
  );
  if (sourcesTime.median > TARGET_MS) slow++;
  slow += await benchFunnel(db);
  bulkFigures.push(await benchBulkChange(dialect, db));
  slow += await benchAuditLog(dialect, db);
  return slow;
}

const mail = { baseUrl: "https://agency.example", notifyEmails: ["team@agency.example"] };
const attribution = { pageUrl: null, referrer: null, userAgent: "bench", browserInfo: null };

/**
 * One bulk status change of BULK_SIZE leads while visitors keep sending forms through the same
 * database handle the app would use: how long the change takes, and how many leads arrive meanwhile.
 */
async function benchBulkChange(dialect: Dialect, db: Database) {
  const ids = (await db.selectFrom("leads").select("id").where("status", "=", "new").limit(BULK_SIZE).execute()).map(
    (row) => row.id,
  );
  let capturing = true;
  let captured = 0;
  let slowestCaptureMs = 0;
  const visitor = async (worker: number) => {
    for (let n = 0; capturing; n++) {
      const t0 = performance.now();
      await captureLead(
        db,
        "newsletter",
        { email: `visitor${worker}-${n}@bench.example`, name: "" } as never,
        attribution,
        mail,
      );
      slowestCaptureMs = Math.max(slowestCaptureMs, performance.now() - t0);
      captured++;
    }
  };
  // Capture alone first, for the rate to compare with.
  const baselineStart = performance.now();
  const baseline = Array.from({ length: 4 }, (_, worker) => visitor(worker));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  capturing = false;
  await Promise.all(baseline);
  const baselineRate = captured / ((performance.now() - baselineStart) / 1000);

  captured = 0;
  slowestCaptureMs = 0;
  capturing = true;
  const visitors = Array.from({ length: 4 }, (_, worker) => visitor(100 + worker));
  const t0 = performance.now();
  const result = await applyBulkChange(
    db,
    { ids },
    { action: "set-status", status: "contacted" },
    {
      actor: { id: null, email: "bench@agency.example" },
      mail,
    },
  );
  const bulkMs = performance.now() - t0;
  const capturedDuring = captured;
  capturing = false;
  await Promise.all(visitors);
  const history = await db
    .selectFrom("lead_status_changes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  console.log(
    `  bulk status change of ${result.changed.toLocaleString("en-US")} leads: ${(bulkMs / 1000).toFixed(2)} s ` +
      `(${Number(history.count).toLocaleString("en-US")} history rows, one audit entry)`,
  );
  console.log(
    `  lead capture meanwhile (4 visitors flat out): ${capturedDuring} leads in ${(bulkMs / 1000).toFixed(2)} s = ` +
      `${(capturedDuring / (bulkMs / 1000)).toFixed(0)}/s (alone: ${baselineRate.toFixed(0)}/s); slowest capture ${slowestCaptureMs.toFixed(0)} ms` +
      (dialect === "sqlite"
        ? " (SQLite has one writer: captures go in between the bulk change's 1,000-lead transactions)"
        : ""),
  );
  return { dialect, bulkMs, rate: capturedDuring / (bulkMs / 1000), slowestCaptureMs };
}

const bulkFigures: { dialect: Dialect; bulkMs: number; rate: number; slowestCaptureMs: number }[] = [];
let slow = 0;
const sqliteDir = mkdtempSync(path.join(os.tmpdir(), "bench-admin-"));
const sqliteDb = openDatabase({ dialect: "sqlite", file: path.join(sqliteDir, "bench.db") });
try {
  slow += await benchDialect("sqlite", sqliteDb);
} finally {
  await sqliteDb.destroy();
  rmSync(sqliteDir, { recursive: true, force: true });
}

const cluster = process.env.TEST_DATABASE_URL ? undefined : await startPostgresCluster();
const adminUrl = process.env.TEST_DATABASE_URL ?? cluster?.url ?? "";
const databaseName = `bench_${crypto.randomUUID().replaceAll("-", "")}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
try {
  await admin.query(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const pgDb = openDatabase({ dialect: "postgres", connectionString: url.toString() });
  try {
    slow += await benchDialect("postgres", pgDb);
  } finally {
    await pgDb.destroy();
  }
} finally {
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
  await cluster?.stop();
}

console.log(
  slow === 0 ? `\nevery case under ${TARGET_MS} ms (median)` : `\n${slow} case(s) over the ${TARGET_MS} ms target`,
);
for (const { dialect, bulkMs, rate, slowestCaptureMs } of bulkFigures) {
  console.log(
    `${dialect}: a bulk status change of ${BULK_SIZE.toLocaleString("en-US")} leads took ${(bulkMs / 1000).toFixed(2)} s; ` +
      `lead capture meanwhile ${rate.toFixed(0)} leads/s, slowest capture ${slowestCaptureMs.toFixed(0)} ms`,
  );
}
if (slow > 0) process.exitCode = 1;
