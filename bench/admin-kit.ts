// What every phase of bench:admin shares: timing a query to its 99th percentile against the 50 ms
// target, and printing the database's plan of anything over it. A phase is a function of a seeded
// database (see admin.ts, which lists them); a new screen adds its phase there.
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
   * runs, the slowest) and `describe`'s note on the last result. Over the target, it prints the plans
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

async function time<T>(run: () => Promise<T>) {
  let result = await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    result = await run();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return {
    result,
    median: samples[Math.floor(samples.length / 2)]!,
    p99: samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.99) - 1)]!,
  };
}

const ms = (value: number) => value.toFixed(1).padStart(6);

export function benchContext(db: Database, dialect: Dialect, scale: BenchScale): BenchContext {
  return {
    db,
    dialect,
    scale,
    async measure(label, run, { describe, plans } = {}) {
      const { result, median, p99 } = await time(run);
      const over = p99 > TARGET_MS;
      figures.push({ dialect, label, median, p99 });
      console.log(
        `  ${label.padEnd(48)} median ${ms(median)} ms  p99 ${ms(p99)} ms${describe ? `  (${describe(result)})` : ""}${over ? "  OVER TARGET" : ""}`,
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
