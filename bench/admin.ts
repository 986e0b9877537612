// npm run bench:admin [-- --quick] [-- --only=sqlite|postgres]
//
// Seeds 1,000,000 leads (one in twenty a second lead of the person before it), 3,000,000 form
// submissions and 10,000,000 analytics events (100,000, 300,000 and 1,000,000 with --quick;
// BENCH_LEADS / BENCH_SUBMISSIONS / BENCH_EVENTS set other sizes) into a scratch SQLite file and a throwaway PostgreSQL
// database, at the schema an older release left (the migrations before 0018), then times the
// migrations that follow on that data, and every query the admin screens run: the leads list for each
// filter with each sort, its count, search and export, the dashboard's figures and the funnel for each
// range. Target: under 50 ms at the 99th percentile; the plan of anything over it is printed. Last, a
// bulk status change of 10,000 leads while visitors' leads keep arriving: how long it takes, and the
// capture rate and slowest capture meanwhile.
//
// A screen's queries are a phase (see admin-kit.ts): add yours to `phases` below.
import { sql } from "kysely";
import { type LeadFilters, leadFiltersSchema } from "~/lib/schemas/lead-admin";
import { campaignTable, dashboardCounts, leadsPerDayBySource } from "~/server/dashboard/dashboard.server";
import { loadFunnel } from "~/server/dashboard/funnel.server";
import type { Dialect } from "~/server/db/database.server";
import { migrateToLatest, migrateUpTo } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { applyBulkChange, countMatchingLeads } from "~/server/leads/bulk.server";
import { captureLead } from "~/server/leads/capture.server";
import { findPossibleDuplicates } from "~/server/leads/duplicates.server";
import { dueFollowUps } from "~/server/leads/follow-ups.server";
import { leadsCsv } from "~/server/leads/lead-export.server";
import {
  countSpamLeads,
  type FilterContext,
  filterContext,
  leadListQueries,
  listLeadSources,
  listLeads,
  pageOrder,
} from "~/server/leads/lead-list.server";
import { benchAuditLog } from "./admin-audit";
import { type AdminBenchPhase, type BenchContext, benchContext, figures, TARGET_MS } from "./admin-kit";
import {
  benchLeadId,
  NOW_MS,
  OWNERS,
  SEED_END_MS,
  seedBenchEvents,
  seedBenchLeads,
  seedBenchSubmissions,
} from "./admin-seed";
import { withPostgresDatabase, withSqliteDatabase } from "./throwaway-database";

const quick = process.argv.includes("--quick");
const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const LEADS = Number(process.env.BENCH_LEADS ?? (quick ? 100_000 : 1_000_000));
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? LEADS * 3);
const EVENTS = Number(process.env.BENCH_EVENTS ?? (quick ? 1_000_000 : 10_000_000));
const BULK_SIZE = Number(process.env.BENCH_BULK ?? 10_000);
/** The schema the data is seeded at: the release before this bench's indexes and summaries. */
const SEEDED_AT_MIGRATION = "0013-consent-funnel";

const ownerContext: FilterContext = filterContext(OWNERS[0], "UTC", NOW_MS);

/** The leads screen's filters, each on its own and in the combinations people save as views. */
const filterCases: { label: string; filters: Partial<LeadFilters> }[] = [
  { label: "no filter", filters: {} },
  { label: "spam queue", filters: { view: "spam" } },
  { label: "'My leads'", filters: { owner: "me" } },
  { label: "'Unassigned'", filters: { owner: "none" } },
  { label: "one owner, 'Overdue'", filters: { owner: OWNERS[0], due: "overdue" } },
  { label: "'My leads', due today", filters: { owner: "me", due: "today" } },
  { label: "due today", filters: { due: "today" } },
  { label: "status qualified", filters: { status: "qualified" } },
  { label: "status qualified + source", filters: { status: "qualified", source: "Contact Form" } },
  { label: "source", filters: { source: "Cost Estimator" } },
  { label: "last 30 days", filters: { from: "2026-10-01", to: "2026-10-31" } },
  {
    label: "one day + status + source",
    filters: { from: "2026-10-07", to: "2026-10-07", status: "new", source: "Contact Form" },
  },
  { label: "search 'patel' (common, ~10%)", filters: { q: "patel" } },
  { label: "search 'lead4217' (rare, 1-11 hits)", filters: { q: "lead4217" } },
];
const sorts = ["newest", "oldest", "name", "name_desc", "status", "follow_up"] as const;

const leadListPhase: AdminBenchPhase = {
  name: "leads list (count + page) for each filter and sort",
  async run({ db, measure }) {
    for (const { label, filters: given } of filterCases) {
      for (const sort of sorts) {
        for (const page of sort === "newest" && label === "no filter" ? [1, 3, 40] : [1]) {
          const filters = { ...leadFiltersSchema.parse({}), ...given, sort, page };
          await measure(
            `${label}, ${sort}${page > 1 ? `, page ${page}` : ""}`,
            () => listLeads(db, filters, {}, ownerContext),
            {
              describe: (result) =>
                `${result.totalIsLowerBound ? "over " : ""}${result.total.toLocaleString("en-US")} matches, ${result.leads.length} shown`,
              plans: (result) => {
                const queries = leadListQueries(db, filters, {}, ownerContext);
                return [
                  queries.count,
                  queries.page(
                    result.page,
                    pageOrder(result.totalIsLowerBound ? Number.MAX_SAFE_INTEGER : result.total, queries),
                  ),
                ];
              },
            },
          );
        }
      }
    }
  },
};

const leadScreenPhase: AdminBenchPhase = {
  name: "the rest of the leads screen",
  async run({ db, measure }) {
    await measure("source filter options", () => listLeadSources(db), { describe: (s) => `${s.length} sources` });
    await measure("spam count", () => countSpamLeads(db), { describe: (n) => `${n.toLocaleString("en-US")} spam` });
    for (const { label, filters: given } of filterCases.slice(0, 8)) {
      const filters = { ...leadFiltersSchema.parse({}), ...given };
      await measure(`bulk confirm count: ${label}`, () => countMatchingLeads(db, filters, ownerContext), {
        describe: ({ count, isLowerBound }) => `${isLowerBound ? "over " : ""}${count.toLocaleString("en-US")} leads`,
      });
    }
    // An export streams: what a person waits for is its first batch (the header, the count that
    // decides how the export reads, 500 leads), then each batch after it, one sample per batch.
    for (const sort of ["newest", "name", "follow_up"] as const) {
      const filters = { ...leadFiltersSchema.parse({}), sort };
      await measure(`CSV export (${sort}): first batch`, async () => {
        const chunks = leadsCsv(db, filters, ownerContext);
        await chunks.next();
        const first = await chunks.next();
        await chunks.return(undefined);
        return first.value?.length ?? 0;
      });
      let chunks = leadsCsv(db, filters, ownerContext);
      await measure(`CSV export (${sort}): each batch after it`, async () => {
        let next = await chunks.next();
        if (next.done) {
          chunks = leadsCsv(db, filters, ownerContext);
          next = await chunks.next();
        }
        return next.value?.length ?? 0;
      });
      await chunks.return(undefined);
    }
  },
};

const dashboardPhase: AdminBenchPhase = {
  name: "dashboard",
  async run({ db, measure }) {
    await measure("dashboard counts", () => dashboardCounts(db, NOW_MS), {
      describe: (c) => `${c.leads.toLocaleString("en-US")} leads`,
    });
    await measure("new leads per day by source (30 days)", () => leadsPerDayBySource(db, NOW_MS, 30, "Asia/Kolkata"), {
      describe: (s) => `${s.total.toLocaleString("en-US")} leads`,
    });
    await measure("campaign table (30 days)", () => campaignTable(db, NOW_MS, 30, "Asia/Kolkata"), {
      describe: (rows) => `${rows.length} campaigns`,
    });
    await measure("due follow-ups card", () => dueFollowUps(db, OWNERS[0], "UTC", { limit: 10, nowMs: NOW_MS }), {
      describe: (f) => `${f.due.length} shown`,
    });
    for (const { label, params } of [
      { label: "funnel: last 7 days", params: "range=7" },
      { label: "funnel: last 30 days", params: "range=30" },
      { label: "funnel: last 90 days", params: "range=90" },
      { label: "funnel: custom, 13 months", params: "range=custom&from=2025-10-01&to=2026-10-31" },
      { label: "funnel: custom, 2 years", params: "range=custom&from=2024-11-01&to=2026-10-31" },
    ]) {
      const search = new URLSearchParams(params);
      await measure(label, () => loadFunnel(db, search, SEED_END_MS), {
        describe: (f) =>
          `${f.totals.visits.toLocaleString("en-US")} visits, ${f.totals.leads.toLocaleString("en-US")} leads, ${f.byCampaign.length} campaigns, ${f.byLandingPage.length} pages`,
      });
    }
  },
};

/** Every twentieth lead is seeded as the lead before it again, in another spelling of the address. */
const DUPLICATE_EVERY = 20;

const duplicatesPhase: AdminBenchPhase = {
  name: "a lead's page: possible duplicates",
  async run({ db, measure }) {
    // Recent leads, as staff open them: one with a twin under the same address, one with none.
    const last = Math.max(0, LEADS - 1 - ((LEADS - 1) % DUPLICATE_EVERY) - 1);
    for (const [label, index] of [
      ["possible duplicates: a lead with a twin", last],
      ["possible duplicates: a lead with none by address", Math.max(0, last - 5)],
    ] as const) {
      await measure(label, () => findPossibleDuplicates(db, benchLeadId(index)), {
        describe: (found) => `${found.length} found (${[...new Set(found.map((d) => d.reason))].join(", ") || "-"})`,
      });
    }
  },
};

// The audit log screen's phase lives in bench/admin-audit.ts: it seeds its own 1,000,000 entries.
const auditPhase: AdminBenchPhase = { name: "audit log", run: benchAuditLog };

const phases: AdminBenchPhase[] = [leadListPhase, leadScreenPhase, duplicatesPhase, dashboardPhase, auditPhase];

const mail = { baseUrl: "https://agency.example", notifyEmails: ["team@agency.example"] };
const attribution = { pageUrl: null, referrer: null, userAgent: "bench", browserInfo: null };

type BulkFigure = {
  dialect: Dialect;
  bulkMs: number;
  rate: number;
  baselineRate: number;
  slowestCaptureMs: number;
  baselineSlowestMs: number;
};

/**
 * One bulk status change of BULK_SIZE leads while visitors keep sending forms through the same
 * database handle the app would use: how long the change takes, and how many leads arrive meanwhile.
 */
async function benchBulkChange({ db, dialect }: BenchContext): Promise<BulkFigure> {
  const ids = (await db.selectFrom("leads").select("id").where("status", "=", "new").limit(BULK_SIZE).execute()).map(
    (row) => row.id,
  );
  let capturing = true;
  let captured = 0;
  let slowestCaptureMs = 0;
  const visitor = async (worker: number) => {
    for (let n = 0; capturing; n++) {
      const t0 = performance.now();
      await captureLead(db, {
        flow: "newsletter",
        input: { email: `visitor${worker}-${n}@bench.example`, name: "" } as never,
        attribution,
        mail,
      });
      slowestCaptureMs = Math.max(slowestCaptureMs, performance.now() - t0);
      captured++;
    }
  };
  // Capture alone first, for the rate to compare with.
  const baselineStart = performance.now();
  const baseline = Array.from({ length: 4 }, (_, worker) => visitor(worker));
  await new Promise((resolve) => setTimeout(resolve, 2000));
  capturing = false;
  await Promise.all(baseline);
  const baselineRate = captured / ((performance.now() - baselineStart) / 1000);
  const baselineSlowestMs = slowestCaptureMs;

  captured = 0;
  slowestCaptureMs = 0;
  capturing = true;
  const visitors = Array.from({ length: 4 }, (_, worker) => visitor(100 + worker));
  const t0 = performance.now();
  const result = await applyBulkChange(
    db,
    { ids },
    { action: "set-status", status: "contacted" },
    { actor: { id: null, email: "bench@agency.example" }, mail },
  );
  const bulkMs = performance.now() - t0;
  const capturedDuring = captured;
  capturing = false;
  await Promise.all(visitors);
  const rate = capturedDuring / (bulkMs / 1000);
  console.log(
    `  bulk status change of ${result.changed.toLocaleString("en-US")} leads: ${(bulkMs / 1000).toFixed(2)} s; lead capture meanwhile ` +
      `(4 visitors flat out): ${capturedDuring} leads = ${rate.toFixed(0)}/s (alone: ${baselineRate.toFixed(0)}/s), ` +
      `slowest capture ${slowestCaptureMs.toFixed(0)} ms (alone: ${baselineSlowestMs.toFixed(0)} ms)`,
  );
  return { dialect, bulkMs, rate, baselineRate, slowestCaptureMs, baselineSlowestMs };
}

const bulkFigures: BulkFigure[] = [];
const migrationFigures: { dialect: Dialect; names: string[]; ms: number }[] = [];

async function benchDialect(dialect: Dialect, db: Database) {
  await migrateUpTo(db, SEEDED_AT_MIGRATION);
  const leadsMs = await seedBenchLeads(db, dialect, LEADS, { duplicateEvery: DUPLICATE_EVERY });
  const submissionsMs = await seedBenchSubmissions(db, dialect, SUBMISSIONS, LEADS);
  const eventsMs = await seedBenchEvents(db, dialect, EVENTS);
  console.log(
    `\n${dialect}: seeded ${LEADS.toLocaleString("en-US")} leads in ${(leadsMs / 1000).toFixed(1)} s, ` +
      `${SUBMISSIONS.toLocaleString("en-US")} submissions in ${(submissionsMs / 1000).toFixed(1)} s, ` +
      `${EVENTS.toLocaleString("en-US")} analytics events in ${(eventsMs / 1000).toFixed(1)} s`,
  );
  const t0 = performance.now();
  const names = await migrateToLatest(db);
  const migrationMs = performance.now() - t0;
  migrationFigures.push({ dialect, names, ms: migrationMs });
  console.log(`  migrations ${names.join(", ") || "(none)"} on that data: ${(migrationMs / 1000).toFixed(1)} s`);
  // The identity migration fills the columns the possible duplicates read: every lead has its address.
  const unfilled = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("email_normalized", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(unfilled.count) > 0) throw new Error(`${unfilled.count} leads were left without a normalised e-mail`);
  if (dialect === "sqlite") await sql`analyze`.execute(db);
  else await sql`vacuum analyze`.execute(db);
  const context = benchContext(db, dialect, { leads: LEADS, events: EVENTS });
  for (const phase of phases) {
    console.log(`  — ${phase.name}`);
    await phase.run(context);
  }
  if (process.env.BENCH_BULK !== "0") bulkFigures.push(await benchBulkChange(context));
}

const onSqlite = () => withSqliteDatabase("bench-admin", (db) => benchDialect("sqlite", db));
const onPostgres = () => withPostgresDatabase((db) => benchDialect("postgres", db));

console.log(
  `bench:admin at ${LEADS.toLocaleString("en-US")} leads, ${SUBMISSIONS.toLocaleString("en-US")} submissions and ${EVENTS.toLocaleString("en-US")} analytics events; target ${TARGET_MS} ms at the 99th percentile`,
);
if (only !== "postgres") await onSqlite();
if (only !== "sqlite") await onPostgres();

const over = figures.filter((figure) => figure.p99 > TARGET_MS);
console.log(`\n${figures.length} cases timed on ${new Set(figures.map((f) => f.dialect)).size} database(s)`);
for (const dialect of ["sqlite", "postgres"] as const) {
  const mine = figures.filter((figure) => figure.dialect === dialect);
  if (mine.length === 0) continue;
  const slowest = mine.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  console.log(`${dialect}: slowest case ${slowest.label}: p99 ${slowest.p99.toFixed(1)} ms`);
}
console.log(
  over.length === 0
    ? `every case under ${TARGET_MS} ms at the 99th percentile`
    : `${over.length} case(s) over the ${TARGET_MS} ms target:\n${over.map((f) => `  ${f.dialect}: ${f.label} (p99 ${f.p99.toFixed(1)} ms)`).join("\n")}`,
);
for (const { dialect, names, ms } of migrationFigures) {
  console.log(
    `${dialect}: migrations ${names.join(", ")} on ${LEADS.toLocaleString("en-US")} leads took ${(ms / 1000).toFixed(1)} s`,
  );
}
for (const figure of bulkFigures) {
  const kept = figure.rate / figure.baselineRate;
  console.log(
    `${figure.dialect}: a bulk status change of ${BULK_SIZE.toLocaleString("en-US")} leads took ${(figure.bulkMs / 1000).toFixed(2)} s; ` +
      `lead capture meanwhile ${figure.rate.toFixed(0)} leads/s (${(kept * 100).toFixed(0)}% of ${figure.baselineRate.toFixed(0)}/s alone), ` +
      `slowest capture ${figure.slowestCaptureMs.toFixed(0)} ms` +
      (figure.dialect === "sqlite" && (kept < 0.5 || figure.slowestCaptureMs > TARGET_MS) ? "  CAPTURE STARVED" : ""),
  );
}
if (
  over.length > 0 ||
  bulkFigures.some((f) => f.dialect === "sqlite" && (f.rate < f.baselineRate / 2 || f.slowestCaptureMs > TARGET_MS))
) {
  process.exitCode = 1;
}
