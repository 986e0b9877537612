// What every phase of bench:admin shares: timing a query to its 99th percentile against the 50 ms
// target, and printing the database's plan of anything over it. A phase is a function of a seeded
// database (see admin.ts, which lists them); a new screen adds its phase there.
import { PerformanceObserver, performance } from "node:perf_hooks";
import { type Compilable, sql } from "kysely";
import type { Dialect } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";

export const TARGET_MS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

export type BenchScale = { leads: number; events: number };

export type BenchContext = {
  db: Database;
  dialect: Dialect;
  scale: BenchScale;
  /**
   * Times `run` (a warm-up, then RUNS runs) and prints one line: median, 99th percentile (with 30
   * runs, the slowest) with the garbage collection inside that sample, and `describe`'s note on the
   * last result. Over the target, it prints the plans
   * of `plans` (every time with BENCH_PLANS=all).
   */
  measure<T>(
    label: string,
    run: () => Promise<T>,
    options?: { describe?: (result: T) => string; plans?: (result: T) => Compilable[] },
  ): Promise<void>;
};

export type AdminBenchPhase = { name: string; run(context: BenchContext): Promise<void> };

export type Figure = { dialect: Dialect; label: string; median: number; p99: number };

/** The over-target cases of a run, and every figure, for the summary at the end. */
export const figures: Figure[] = [];

/** The garbage collector's pauses in this process, to tell a slow query from a slow heap. */
const pauses: { start: number; ms: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) pauses.push({ start: entry.startTime, ms: entry.duration });
}).observe({ entryTypes: ["gc"] });

/**
 * Before each sample the young generation is collected (npm run bench:admin passes --expose-gc), so a
 * sample pays for its own garbage, not for a scavenge that the previous samples' garbage set off: at a
 * million leads such a pause (20-40 ms on these machines) made the slowest of 30 samples a measure of
 * the benchmark's heap, not of the query. Pauses that still fall inside a sample are counted in it.
 */
async function time<T>(run: () => Promise<T>) {
  let result = await run();
  const samples: { ms: number; start: number; end: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    globalThis.gc?.({ type: "minor" });
    const start = performance.now();
    result = await run();
    const end = performance.now();
    samples.push({ ms: end - start, start, end });
  }
  // The observer hears of a pause on a later turn of the event loop.
  await new Promise((resolve) => setImmediate(resolve));
  samples.sort((a, b) => a.ms - b.ms);
  const p99 = samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.99) - 1)]!;
  const gcMs = pauses
    .filter((pause) => pause.start >= p99.start && pause.start < p99.end)
    .reduce((sum, pause) => sum + pause.ms, 0);
  pauses.length = 0;
  return { result, median: samples[Math.floor(samples.length / 2)]!.ms, p99: p99.ms, p99GcMs: gcMs };
}

const ms = (value: number) => value.toFixed(1).padStart(6);

export function benchContext(db: Database, dialect: Dialect, scale: BenchScale): BenchContext {
  return {
    db,
    dialect,
    scale,
    async measure(label, run, { describe, plans } = {}) {
      const { result, median, p99, p99GcMs } = await time(run);
      const over = p99 > TARGET_MS;
      figures.push({ dialect, label, median, p99 });
      const gcNote = p99GcMs > 0 ? ` (GC ${p99GcMs.toFixed(1)})` : "";
      console.log(
        `  ${label.padEnd(48)} median ${ms(median)} ms  p99 ${ms(p99)} ms${gcNote}${describe ? `  (${describe(result)})` : ""}${over ? "  OVER TARGET" : ""}`,
      );
      if (plans && (over || process.env.BENCH_PLANS === "all")) {
        for (const query of plans(result)) console.log(`      plan: ${await explain(db, dialect, query)}`);
      }
    },
  };
}

export async function explain(db: Database, dialect: Dialect, query: Compilable) {
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
    if (value === null) return "null";
    return `'${String(value).replaceAll("'", "''")}'`;
  };
  return text.replace(/\$\d+|\?/g, (match) =>
    literal(parameters[match === "?" ? index++ : Number(match.slice(1)) - 1]),
  );
}
