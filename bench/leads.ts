// npm run bench:leads — a bounded load of lead submissions against the production build on loopback,
// on SQLite with synchronous=FULL: acknowledged leads per second and latency percentiles, then a check
// that every acknowledged lead is in the database exactly once.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { cpus } from "node:os";
import { openDatabase } from "~/server/db/database.server";
import { startAppServer } from "../tests/support/app-server";

const CONNECTIONS = 20;
const WARMUP_REQUESTS = 3000;
const MAX_REQUESTS = 10_000;
const MAX_SECONDS = 15;

if (!process.argv.includes("--no-build")) {
  const build = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

type Answer = { status: number; body: string };

// node:http with keep-alive rather than fetch: the load generator shares this 2-core machine with the
// server, and fetch costs it about twice the CPU per request.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
function post(url: URL, body: string, headers: Record<string, string>) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      url,
      {
        agent,
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** CPU time the hypervisor gave to other guests (Linux's "steal"), in seconds summed over all cores. */
function stolenSeconds() {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
    return Number(fields[8]) / 100;
  } catch {
    return Number.NaN;
  }
}

// Each request comes from its own address through the (trusted) loopback proxy, as real visitors do,
// so the per-IP and per-address limits apply as they would in production. Every lead queues a staff
// notification (no SMTP server: the mails wait in the outbox), as on a configured site.
const app = await startAppServer({
  TRUST_PROXY: "loopback",
  LOG_LEVEL: "error",
  NOTIFY_EMAILS: "sales@agency.example",
});
const db = openDatabase(app.database);
try {
  const form = await db.selectFrom("forms").select("id").where("name", "=", "Contact Form").executeTakeFirstOrThrow();
  const url = new URL(`${app.url}/api/forms/${form.id}/submissions`);
  const acknowledged: string[] = [];
  let sent = 0;
  let failures = 0;

  async function submit(n: number) {
    const answer = await post(
      url,
      JSON.stringify({ name: `Load ${n}`, email: `load${n}@example.com`, message: "bench" }),
      {
        "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      },
    );
    const leadId = answer.status === 201 ? (JSON.parse(answer.body) as { leadId?: string }).leadId : undefined;
    if (leadId) acknowledged.push(leadId);
    else failures++;
  }

  // The server's code is compiled by V8 as it runs: the first requests measure the compiler, not the app.
  const warmupEnd = WARMUP_REQUESTS;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (sent < warmupEnd) await submit(sent++);
    }),
  );

  const latencies: number[] = [];
  const measuredFrom = acknowledged.length;
  const deadline = performance.now() + MAX_SECONDS * 1000;
  const stolenBefore = stolenSeconds();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (sent < WARMUP_REQUESTS + MAX_REQUESTS && performance.now() < deadline) {
        const t0 = performance.now();
        await submit(sent++);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const stolen = stolenSeconds() - stolenBefore;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);

  const stored = await db.selectFrom("leads").select("id").execute();
  const queuedMails = await db.selectFrom("email_outbox").select("id").execute();
  const storedIds = new Set(stored.map((row) => row.id));
  const missing = acknowledged.filter((id) => !storedIds.has(id)).length;
  const duplicates = acknowledged.length - new Set(acknowledged).size;

  const measured = acknowledged.length - measuredFrom;
  console.log(
    `connections ${CONNECTIONS}, ${latencies.length} requests in ${seconds.toFixed(1)} s after ${WARMUP_REQUESTS} warm-up requests, SQLite synchronous=FULL`,
  );
  console.log(`acknowledged ${measured} leads (${(measured / seconds).toFixed(0)}/s), failures ${failures}`);
  console.log(`latency ms: p50 ${pct(0.5)}  p90 ${pct(0.9)}  p99 ${pct(0.99)}  max ${latencies.at(-1)!.toFixed(1)}`);
  if (Number.isFinite(stolen)) {
    console.log(
      `CPU taken by other guests of this VM meanwhile: ${((100 * stolen) / (seconds * cpus().length)).toFixed(0)}%`,
    );
  }
  console.log(
    `in the database: ${stored.length} leads (warm-up included), ${queuedMails.length} queued notifications; acknowledged but missing ${missing}; duplicated ${duplicates}`,
  );
  if (
    missing > 0 ||
    duplicates > 0 ||
    stored.length !== acknowledged.length ||
    queuedMails.length !== acknowledged.length ||
    failures > 0
  ) {
    console.error("FAILED: every submission must be acknowledged and stored exactly once");
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
  await app.stop();
}
