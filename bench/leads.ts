// npm run bench:leads — a bounded load of lead submissions against the production build on loopback,
// on SQLite with synchronous=FULL: acknowledged leads per second and latency percentiles, then a check
// that every acknowledged lead is in the database exactly once.
import { spawnSync } from "node:child_process";
import { openDatabase } from "~/server/db/database.server";
import { startAppServer } from "../tests/support/app-server";

const CONNECTIONS = 20;
const MAX_REQUESTS = 6000;
const MAX_SECONDS = 15;

if (!process.argv.includes("--no-build")) {
  const build = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Each request comes from its own address through the (trusted) loopback proxy, as real visitors do,
// so the per-IP and per-address limits apply as they would in production.
const app = await startAppServer({ TRUST_PROXY: "loopback", LOG_LEVEL: "error" });
const db = openDatabase(app.database);
try {
  const form = await db.selectFrom("forms").select("id").where("name", "=", "Contact Form").executeTakeFirstOrThrow();
  const url = `${app.url}/api/forms/${form.id}/submissions`;
  const acknowledged: string[] = [];
  const latencies: number[] = [];
  let sent = 0;
  let failures = 0;
  const deadline = performance.now() + MAX_SECONDS * 1000;
  const started = performance.now();

  async function worker() {
    while (sent < MAX_REQUESTS && performance.now() < deadline) {
      const n = sent++;
      const t0 = performance.now();
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({ name: `Load ${n}`, email: `load${n}@example.com`, message: "bench" }),
      });
      const body = (await response.json()) as { leadId?: string };
      latencies.push(performance.now() - t0);
      if (response.status === 201 && body.leadId) acknowledged.push(body.leadId);
      else failures++;
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);

  const stored = await db.selectFrom("leads").select("id").execute();
  const storedIds = new Set(stored.map((row) => row.id));
  const missing = acknowledged.filter((id) => !storedIds.has(id)).length;
  const duplicates = acknowledged.length - new Set(acknowledged).size;

  console.log(`connections ${CONNECTIONS}, requests ${sent}, ${seconds.toFixed(1)} s, SQLite synchronous=FULL`);
  console.log(
    `acknowledged ${acknowledged.length} leads (${(acknowledged.length / seconds).toFixed(0)}/s), failures ${failures}`,
  );
  console.log(`latency ms: p50 ${pct(0.5)}  p90 ${pct(0.9)}  p99 ${pct(0.99)}  max ${latencies.at(-1)!.toFixed(1)}`);
  console.log(`in the database: ${stored.length} leads; acknowledged but missing ${missing}; duplicated ${duplicates}`);
  if (missing > 0 || duplicates > 0 || stored.length !== acknowledged.length) {
    console.error("FAILED: every acknowledged lead must be stored exactly once");
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
  await app.stop();
}
