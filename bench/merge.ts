// npm run bench:merge [-- --only=sqlite|postgres]
//
// Times `npm run cli -- leads:merge-duplicates --apply` on 1,000,000 leads of which 5% are a second lead
// of a person (the lead before it again, its address in capitals), each lead with a form submission
// (BENCH_LEADS / BENCH_SUBMISSIONS set other sizes). The leads are seeded at the schema before the
// identity columns and the migrations that fill them run first, as on an upgraded site; then the
// command runs as the CLI runs it, and the leads and merge records left are checked.
import { sql } from "kysely";
import type { Dialect } from "~/server/db/database.server";
import { migrateToLatest, migrateUpTo } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { leadCommands } from "../scripts/cli/leads";
import { seedBenchLeads, seedBenchSubmissions } from "./admin-seed";
import { withPostgresDatabase, withSqliteDatabase } from "./throwaway-database";

const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? LEADS);
/** One lead in twenty is the person of the lead before it: 5% duplicates. */
const DUPLICATE_EVERY = 20;

const count = async (db: Database, table: "leads" | "lead_merges") =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow()
    ).count,
  );

const results: string[] = [];

async function benchDialect(dialect: Dialect, db: Database) {
  await migrateUpTo(db, "0013-consent-funnel");
  await seedBenchLeads(db, dialect, LEADS, { duplicateEvery: DUPLICATE_EVERY });
  await seedBenchSubmissions(db, dialect, SUBMISSIONS, LEADS);
  const migrationStart = performance.now();
  await migrateToLatest(db);
  const migrationMs = performance.now() - migrationStart;
  if (dialect === "sqlite") await sql`analyze`.execute(db);
  else await sql`vacuum analyze`.execute(db);
  // Spam is never merged: the duplicates of spam leads (none at this spacing) would stay.
  const expected = Math.floor(LEADS / DUPLICATE_EVERY);
  const started = performance.now();
  const output = await leadCommands["leads:merge-duplicates"]!(db, { apply: true }, undefined as never);
  const seconds = (performance.now() - started) / 1000;
  const summary = output.split("\n").filter((line) => /^(Merged|Skipped)/.test(line));
  const leadsLeft = await count(db, "leads");
  const merges = await count(db, "lead_merges");
  const line =
    `${dialect}: leads:merge-duplicates --apply on ${LEADS.toLocaleString("en-US")} leads (${expected.toLocaleString("en-US")} duplicates): ` +
    `${seconds.toFixed(1)} s in all (finding the groups included); ${summary.join("; ")}; ` +
    `${leadsLeft.toLocaleString("en-US")} leads and ${merges.toLocaleString("en-US")} undoable merges left ` +
    `(migrations to the identity columns first: ${(migrationMs / 1000).toFixed(1)} s)`;
  console.log(line);
  results.push(line);
  if (merges !== expected || leadsLeft !== LEADS - expected) {
    console.error(`FAILED: expected ${expected} merges and ${LEADS - expected} leads left`);
    process.exitCode = 1;
  }
}

console.log(
  `bench:merge at ${LEADS.toLocaleString("en-US")} leads with ${SUBMISSIONS.toLocaleString("en-US")} submissions`,
);
if (only !== "postgres") await withSqliteDatabase("bench-merge", (db) => benchDialect("sqlite", db));
if (only !== "sqlite") await withPostgresDatabase((db) => benchDialect("postgres", db));
console.log(`\n${results.join("\n")}`);
