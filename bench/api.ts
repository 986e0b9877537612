// npm run bench:api [-- --only=sqlite|postgres]
//
// Seeds 1,000,000 leads (BENCH_LEADS sets another size) into a scratch SQLite file and a throwaway
// PostgreSQL database, as bench:admin does, then in the same run and on the same data:
// - lists leads through the API (GET /api/v1/leads over HTTP, with a key: its check, its rate-limit
//   count and the JSON answer included) and through the leads screen's loader (loadLeadsScreen) behind
//   the same HTTP server and JSON answer (its in-process time printed beside), for the same filter, BENCH_SAMPLES times each (100 unless set); target: the API's p99 at most 1.2x
//   the screen's. Each side goes first every other sample; beside each filter, how many samples of
//   each side had a garbage collection begin in them (a few per thousand, several ms each: the p99's
//   tail);
// - what the API adds per request in process (the key check and its count from the process's
//   reserved block, beside a count written per request for comparison);
// - API writes per second: notes added by BENCH_WRITERS parallel clients (8) for BENCH_WRITE_SECONDS (10),
//   with the per-key limit lifted by its setting (API_RATE_LIMIT_PER_MINUTE), not by a switch in the code.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { PerformanceObserver } from "node:perf_hooks";
import express from "express";
import { sql } from "kysely";
import pino from "pino";
import { apiRouter } from "~/http/api/api-router.server";
import { apiKeyCreateSchema } from "~/lib/schemas/api-keys";
import { type LeadFilters, leadFilterParams, parseLeadFilters } from "~/lib/schemas/lead-admin";
import { loadLeadsScreen } from "~/routes/admin/leads.server";
import { countApiKeyRequest } from "~/server/api-keys/api-key-limit.server";
import { authenticateApiKey, createApiKey } from "~/server/api-keys/api-keys.server";
import { parseConfig } from "~/server/config.server";
import type { Dialect } from "~/server/db/database.server";
import { migrateToLatest, migrateUpTo } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { createMailWorker } from "~/server/mail/worker.server";
import { countInWindow } from "~/server/rate-limit/rate-limit.server";
import { createStaffUser } from "~/server/users/staff-users.server";
import { OWNERS, seedBenchLeads } from "./admin-seed";
import { withPostgresDatabase, withSqliteDatabase } from "./throwaway-database";

const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 8);
/** Untimed requests of each side before a filter's samples. */
const WARM_UP = 5;
const WRITE_SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 10);
/** The API's p99 may be at most this many times the screen's. */
const TARGET_RATIO = 1.2;
/** The schema the seed writes (bench:admin's), migrated to the latest after. */
const SEEDED_AT_MIGRATION = "0013-consent-funnel";
/** Lifted for the bench through the setting a deployment would use. */
const LIFTED_LIMIT = "100000000";

/** Filters people use, as the screen's address and the API's query both carry them. */
const filterCases: { label: string; filters: Partial<LeadFilters> }[] = [
  { label: "no filter", filters: {} },
  { label: "'My leads'", filters: { owner: "me" } },
  { label: "status qualified", filters: { status: "qualified" } },
  { label: "status qualified + source", filters: { status: "qualified", source: "Contact Form" } },
  { label: "last 30 days", filters: { from: "2026-10-01", to: "2026-10-31" } },
  { label: "search 'patel'", filters: { q: "patel" } },
  { label: "oldest first", filters: { sort: "oldest" } },
];

type Row = {
  dialect: Dialect;
  label: string;
  apiP99: number;
  screenP99: number;
  apiMedian: number;
  screenMedian: number;
};
const rows: Row[] = [];
const writeRates: { dialect: Dialect; perSecond: number; errors: number }[] = [];

function quantiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    p99: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0,
  };
}

/**
 * The process's garbage collections, kept for a few seconds: a young-generation collection takes
 * several milliseconds at this heap and lands on about one request in two hundred, on either side,
 * so it is what a p99 of a thousand samples is made of; the bench says on which side they fell.
 */
const collections: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) collections.push({ start: entry.startTime, duration: entry.duration });
  const since = performance.now() - 10_000;
  while ((collections[0]?.start ?? since) < since) collections.shift();
}).observe({ entryTypes: ["gc"] });

/** Milliseconds of collections that began between t0 and t1 (their entries arrive after a turn of the loop). */
async function collectionsBetween(t0: number, t1: number) {
  await new Promise((resolve) => setImmediate(resolve));
  return collections.filter((gc) => gc.start >= t0 && gc.start < t1).reduce((sum, gc) => sum + gc.duration, 0);
}

async function timed(work: () => Promise<unknown>) {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
}

async function benchDialect(dialect: Dialect, db: Database) {
  await migrateUpTo(db, SEEDED_AT_MIGRATION);
  const seededMs = await seedBenchLeads(db, dialect, LEADS);
  await migrateToLatest(db);
  if (dialect === "sqlite") await sql`analyze`.execute(db);
  else await sql`vacuum analyze`.execute(db);
  console.log(`\n${dialect}: seeded ${LEADS.toLocaleString("en-US")} leads in ${(seededMs / 1000).toFixed(1)} s`);

  const cli = { id: null, email: "bench" };
  const staff = await createStaffUser(
    db,
    { email: "bench-api@agency.example", password: "bench-pass-2468", role: "sales" },
    cli,
  );
  // The seed's first owner's leads become this person's, so "My leads" means as much through both.
  await db.updateTable("leads").set({ owner_id: staff.id }).where("owner_id", "=", OWNERS[0]).execute();
  const { key } = await createApiKey(db, staff.id, apiKeyCreateSchema.parse({ name: "bench" }), cli);

  const config = parseConfig({ DATA_DIR: "/tmp/unused", API_RATE_LIMIT_PER_MINUTE: LIFTED_LIMIT });
  const logger = pino({ level: "silent" });
  const mailWorker = createMailWorker({ db, logger, smtpUrl: undefined, from: "site@agency.example" });
  const screenStaff = {
    id: staff.id,
    email: staff.email,
    name: "Bench",
    role: "sales" as const,
    twoFactorEnabled: false,
    sessionCreatedAt: new Date().toISOString(),
  };
  const app = express();
  app.use("/api/v1", apiRouter({ db, config, mailWorker, formSecret: randomBytes(32).toString("hex") }));
  // The screen's loader behind the same HTTP server and JSON answer, so that both sides pay for a
  // request and its serialisation and the comparison is of what the API adds: the key, its count.
  app.get("/screen/leads", async (request, response) => {
    const query = new URL(request.url, "http://bench").searchParams;
    response.json(await loadLeadsScreen(db, screenStaff, parseLeadFilters(query)));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = `${origin}/api/v1`;
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };

  try {
    for (const { label, filters } of filterCases) {
      const params = leadFilterParams(filters);
      const screenFilters = parseLeadFilters(params);
      const apiSamples: number[] = [];
      const screenSamples: number[] = [];
      const loaderSamples: number[] = [];
      const callApi = async () => {
        const response = await fetch(`${base}/leads?${params}`, { headers });
        if (!response.ok) throw new Error(`GET /leads?${params}: ${response.status} ${await response.text()}`);
        await response.json();
      };
      const callScreen = async () => {
        const response = await fetch(`${origin}/screen/leads?${params}`);
        if (!response.ok) throw new Error(`screen ${params}: ${response.status}`);
        await response.json();
      };
      // Untimed first requests: a running server has compiled its queries and schemas long before;
      // a p99 of a few hundred samples would otherwise be the first requests' compiling.
      for (let i = 0; i < WARM_UP; i++) {
        await callApi();
        await callScreen();
      }
      // Alternated, so that both see the same caches and the same load on the machine, and each goes
      // first every other time: whichever side always followed the in-process loader below was the one
      // its garbage was collected in (the client, the server and the loader share one heap).
      const gcBefore = { api: { samples: 0, ms: 0 }, screen: { samples: 0, ms: 0 } };
      const sample = async (side: "api" | "screen") => {
        const t0 = performance.now();
        await (side === "api" ? callApi() : callScreen());
        const t1 = performance.now();
        (side === "api" ? apiSamples : screenSamples).push(t1 - t0);
        const collected = await collectionsBetween(t0, t1);
        if (collected > 0) {
          gcBefore[side].samples++;
          gcBefore[side].ms += collected;
        }
      };
      for (let i = 0; i < SAMPLES; i++) {
        for (const side of i % 2 === 0 ? (["api", "screen"] as const) : (["screen", "api"] as const)) {
          await sample(side);
        }
        loaderSamples.push(await timed(() => loadLeadsScreen(db, screenStaff, screenFilters)));
      }
      const api = quantiles(apiSamples);
      const screen = quantiles(screenSamples);
      const loader = quantiles(loaderSamples);
      rows.push({
        dialect,
        label,
        apiP99: api.p99,
        screenP99: screen.p99,
        apiMedian: api.median,
        screenMedian: screen.median,
      });
      console.log(
        `  ${label}: API p99 ${api.p99.toFixed(1)} ms (median ${api.median.toFixed(1)}), screen p99 ${screen.p99.toFixed(1)} ms (median ${screen.median.toFixed(1)}), ${(api.p99 / screen.p99).toFixed(2)}x; the loader alone in process p99 ${loader.p99.toFixed(1)} ms; garbage collected during ${gcBefore.api.samples} API samples (${gcBefore.api.ms.toFixed(0)} ms) and ${gcBefore.screen.samples} screen samples (${gcBefore.screen.ms.toFixed(0)} ms)`,
      );
    }

    // What the API adds per request before its route runs, in process: the key check and the key's
    // count as the API takes it (from its process's reserved block), and with a count written per
    // request as the other rate limits do, alternated.
    const addedSamples = { block: [] as number[], written: [] as number[] };
    for (let i = 0; i < SAMPLES; i++) {
      for (const block of [true, false]) {
        addedSamples[block ? "block" : "written"].push(
          await timed(async () => {
            const caller = await authenticateApiKey(db, key);
            if (!caller) throw new Error("the bench key was refused");
            if (block) await countApiKeyRequest(db, caller.keyId, Number(LIFTED_LIMIT));
            else await countInWindow(db, "api-key:bench-probe", { windowSeconds: 60, max: Number(LIFTED_LIMIT) });
          }),
        );
      }
    }
    const added = quantiles(addedSamples.block);
    const addedWritten = quantiles(addedSamples.written);
    console.log(
      `  key check + count in process: p99 ${added.p99.toFixed(2)} ms (median ${added.median.toFixed(2)}); with a count written per request p99 ${addedWritten.p99.toFixed(2)} ms (median ${addedWritten.median.toFixed(2)})`,
    );

    const leadIds = (await db.selectFrom("leads").select("id").limit(1000).execute()).map((lead) => lead.id);
    let done = 0;
    let errors = 0;
    const until = performance.now() + WRITE_SECONDS * 1000;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        for (let n = 0; performance.now() < until; n++) {
          const leadId = leadIds[(writer * 131 + n) % leadIds.length];
          const response = await fetch(`${base}/leads/${leadId}/notes`, {
            method: "POST",
            headers,
            body: JSON.stringify({ body: `Bench note ${writer}-${n}` }),
          });
          await response.arrayBuffer();
          if (response.status === 201) done++;
          else errors++;
        }
      }),
    );
    const perSecond = done / ((performance.now() - t0) / 1000);
    writeRates.push({ dialect, perSecond, errors });
    console.log(`  API writes (notes, ${WRITERS} clients): ${perSecond.toFixed(0)}/s, ${errors} not 201`);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

console.log(
  `bench:api at ${LEADS.toLocaleString("en-US")} leads, ${SAMPLES} samples a filter; target: the API's p99 at most ${TARGET_RATIO}x the screen loader's`,
);
if (only !== "postgres") await withSqliteDatabase("bench-api", (db) => benchDialect("sqlite", db));
if (only !== "sqlite") await withPostgresDatabase((db) => benchDialect("postgres", db));

const over = rows.filter((row) => row.apiP99 > row.screenP99 * TARGET_RATIO);
console.log(`\n${rows.length} filters timed`);
for (const rate of writeRates) {
  console.log(`${rate.dialect}: ${rate.perSecond.toFixed(0)} API writes/s (${rate.errors} refused or failed)`);
}
console.log(
  over.length === 0
    ? `every filter's API p99 within ${TARGET_RATIO}x the screen's`
    : `${over.length} filter(s) over ${TARGET_RATIO}x:\n${over.map((row) => `  ${row.dialect}: ${row.label} (${row.apiP99.toFixed(1)} vs ${row.screenP99.toFixed(1)} ms)`).join("\n")}`,
);
if (over.length > 0 || writeRates.some((rate) => rate.errors > 0)) process.exitCode = 1;
