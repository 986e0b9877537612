// npm run bench:memory — where a server process's memory goes, on the production build: the resident
// size (RSS) of each worker idle, after a load of cached public pages, after lead submissions through
// the public endpoint, and after admin screen loads, with WEB_CONCURRENCY 1 and 2 (or BENCH_WORKERS),
// next to the V8 heap, the memory outside it (buffers) and the page cache's own count, all from the
// server's /metrics. The page cache is at its default size (PAGE_CACHE_MB=64). The target is 150 MB
// per worker after load.
//
//   BENCH_WORKERS=1,2      worker counts
//   BENCH_PAGE_SECONDS=12  seconds of cached pages (wrk, 20 connections, spread over the public pages)
//   BENCH_LEADS=3000       leads posted (JSON, 10 at a time, each from its own address)
//   BENCH_ADMIN_LOADS=30   admin screen loads (a signed-in admin, the screens in turn)
//   BENCH_SETTLE_SECONDS=10 each phase is measured 2 s after its load and again this long after it,
//                          once V8's memory reducer and malloc's trimming have had their turn (0: not)
//   BENCH_NODE_OPTIONS     NODE_OPTIONS for the server processes (an A/B of a V8 flag)
//   BENCH_SMAPS=1          also sums each worker's resident size after load by mapping (/proc/PID/smaps):
//                          malloc's main heap, anonymous maps (V8's heap, other malloc arenas), each file;
//                          and the first worker's by kind of mapping after each phase
//   BENCH_HEAP_SNAPSHOT=1  also writes a V8 heap snapshot of each worker after load (its path is printed;
//                          summarise it with `npm exec -- tsx bench/heap-summary.ts FILE`)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/server/db/database.server";
import { startAppServer } from "../tests/support/app-server";
import { freePort } from "../tests/support/free-port";
import { contactFormId, waitForWorkers } from "../tests/support/load";
import { publicRoutes } from "../tests/support/public-routes";
import { addStaff, signIn } from "../tests/support/staff";
import { ensureSystemTool } from "../tests/support/system-tools";
import { workerPids } from "../tests/support/workers";
import { buildUnlessNoBuild } from "./build-first";

const TARGET_MB = 150;
const workerCounts = (process.env.BENCH_WORKERS ?? "1,2").split(",").map((value) => Number(value.trim()));
const PAGE_SECONDS = Number(process.env.BENCH_PAGE_SECONDS ?? 12);
const LEADS = Number(process.env.BENCH_LEADS ?? 3000);
const ADMIN_LOADS = Number(process.env.BENCH_ADMIN_LOADS ?? 30);
const HEAP_SNAPSHOT = process.env.BENCH_HEAP_SNAPSHOT === "1";
const SMAPS = process.env.BENCH_SMAPS === "1";
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 10);
const NODE_OPTIONS = process.env.BENCH_NODE_OPTIONS?.trim() ?? "";
const ADMIN_SCREENS = [
  "/admin/dashboard",
  "/admin/leads",
  "/admin/clients",
  "/admin/bookings",
  "/admin/pages",
  "/admin/blog",
  "/admin/forms",
  "/admin/users",
  "/admin/settings",
  "/admin/webhooks",
];

buildUnlessNoBuild();
const wrkBinary = ensureSystemTool("wrk", "wrk");

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

/**
 * Resident size of a process in bytes (Linux): all of it, its anonymous part (heaps, SQLite's page
 * cache) and its file-backed part (code, and the database file's pages SQLite reads through mmap).
 */
function rss(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status)?.[1]) * 1024;
  return { total: kb("VmRSS"), anon: kb("RssAnon"), file: kb("RssFile") };
}

/** A process's resident size by mapping: `[heap]` (malloc's main arena), anonymous, or the file mapped. */
function residentByMapping(pid: number) {
  const sums = new Map<string, number>();
  let mapping = "";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) mapping = header[1] || "(anonymous)";
    const resident = /^Rss:\s+(\d+) kB$/.exec(line);
    if (resident) sums.set(mapping, (sums.get(mapping) ?? 0) + Number(resident[1]) * 1024);
  }
  return [...sums].sort((a, b) => b[1] - a[1]);
}

/** The process metrics the supervisor sums over its workers (prom-client's and the page cache's). */
async function metrics(metricsPort: number) {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+]+)$`, "m").exec(text)?.[1]);
  return {
    heapUsed: value("nodejs_heap_size_used_bytes"),
    heapTotal: value("nodejs_heap_size_total_bytes"),
    external: value("nodejs_external_memory_bytes"),
    pageCacheBytes: value("agency_page_cache_bytes"),
    pageCacheEntries: value("agency_page_cache_entries"),
  };
}

type Snapshot = {
  phase: string;
  rss: ReturnType<typeof rss>[];
  metrics: Awaited<ReturnType<typeof metrics>>;
  /** With BENCH_SMAPS=1: the first worker's resident size in its four largest kinds of mapping. */
  mappings?: string;
};

/** The node binary, malloc's main arena, anonymous maps and the SQLite file: most of a worker. */
function mappingSummary(pid: number) {
  const kinds = new Map<string, number>();
  for (const [mapping, bytes] of residentByMapping(pid)) {
    const kind = mapping.endsWith("/node")
      ? "binary"
      : mapping === "[heap]"
        ? "malloc main"
        : mapping === "(anonymous)"
          ? "anonymous"
          : mapping.endsWith(".db")
            ? "SQLite file"
            : "other";
    kinds.set(kind, (kinds.get(kind) ?? 0) + bytes);
  }
  return [...kinds].map(([kind, bytes]) => `${kind} ${mb(bytes)}`).join(", ");
}

async function runBench(workers: number) {
  const metricsPort = await freePort();
  const heapDir = HEAP_SNAPSHOT ? mkdtempSync(path.join(os.tmpdir(), "agency-heap-")) : undefined;
  const app = await startAppServer({
    // A worker writes a snapshot of its heap into heapDir on SIGTTIN (a signal the app does not use).
    NODE_OPTIONS:
      [NODE_OPTIONS, heapDir ? `--heapsnapshot-signal=SIGTTIN --diagnostic-dir=${heapDir}` : ""]
        .filter(Boolean)
        .join(" ") || undefined,
    WEB_CONCURRENCY: String(workers),
    METRICS_PORT: String(metricsPort),
    TRUST_PROXY: "loopback",
    LOG_LEVEL: "error",
    NOTIFY_EMAILS: "sales@agency.example",
  });
  const db = openDatabase(app.database);
  const snapshots: Snapshot[] = [];
  const snapshot = async (phase: string) => {
    // A moment for the collector to finish what the load left, as a process between bursts does.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const take = async (name: string): Promise<Snapshot> => ({
      phase: name,
      rss: workerPids(app).map(rss),
      metrics: await metrics(metricsPort),
      mappings: SMAPS ? mappingSummary(workerPids(app)[0]!) : undefined,
    });
    snapshots.push(await take(phase));
    if (SETTLE_SECONDS <= 2) return;
    // And again once the process has been idle a while: V8 shrinks its heap only after some idle time.
    await new Promise((resolve) => setTimeout(resolve, (SETTLE_SECONDS - 2) * 1000));
    snapshots.push(await take(`  ${SETTLE_SECONDS} s later`));
  };
  try {
    await waitForWorkers(metricsPort, workers);
    await snapshot("idle");

    // Every public page once (each is then in the cache), then wrk over a few of them.
    for (const route of publicRoutes) await (await fetch(`${app.url}${route}`)).arrayBuffer();
    const loaded = ["/", "/pricing", "/contact", "/blog"];
    for (const route of loaded) {
      spawnSync(
        wrkBinary,
        [
          "-t1",
          "-c20",
          `-d${Math.max(1, Math.round(PAGE_SECONDS / loaded.length))}s`,
          "-H",
          "Accept-Encoding: gzip",
          `${app.url}${route}`,
        ],
        { encoding: "utf8" },
      );
    }
    await snapshot("after pages");

    const formId = await contactFormId(db);
    let sent = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (sent < LEADS) {
          const n = sent++;
          const response = await fetch(`${app.url}/api/forms/${formId}/submissions`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({ name: `Memory ${n}`, email: `memory${n}@example.com`, message: "bench" }),
          });
          await response.arrayBuffer();
          if (response.status !== 201) throw new Error(`lead ${n}: ${response.status}`);
        }
      }),
    );
    await snapshot("after leads");

    const admin = await addStaff(db, "memory-admin@example.com", "admin");
    const cookie = await signIn(app, admin.email, admin.password, { "x-forwarded-for": "10.250.0.1" });
    for (let i = 0; i < ADMIN_LOADS; i++) {
      const screen = ADMIN_SCREENS[i % ADMIN_SCREENS.length]!;
      const response = await fetch(`${app.url}${screen}`, { headers: { cookie, "x-forwarded-for": "10.250.0.1" } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${screen}: ${response.status}`);
    }
    await snapshot("after admin");
    if (SMAPS) {
      for (const pid of workerPids(app)) {
        console.log(`\nworker ${pid} after admin, resident MB by mapping:`);
        for (const [mapping, bytes] of residentByMapping(pid).slice(0, 12))
          console.log(`${mb(bytes).padStart(6)}  ${mapping}`);
      }
    }
    if (heapDir) await writeHeapSnapshots(heapDir, workerPids(app));
    return snapshots;
  } finally {
    await db.destroy();
    await app.stop();
  }
}

async function writeHeapSnapshots(heapDir: string, pids: number[]) {
  for (const pid of pids) process.kill(pid, "SIGTTIN");
  // A snapshot is written synchronously by the worker; its file is complete once it has a name ending
  // in .heapsnapshot and the worker answers again.
  for (let waited = 0; waited < 120 && readdirSync(heapDir).length < pids.length; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  for (const file of readdirSync(heapDir)) console.log(`heap snapshot: ${path.join(heapDir, file)}`);
}

console.log(`load average (1, 5, 15 min) before: ${loadAverage()}`);
for (const workers of workerCounts) {
  const snapshots = await runBench(workers);
  console.log(
    `\nWEB_CONCURRENCY=${workers}, PAGE_CACHE_MB=64 (default): ${PAGE_SECONDS} s of cached pages, ${LEADS} leads, ${ADMIN_LOADS} admin screen loads. MB; heap, external and the page cache summed over the workers`,
  );
  console.log(
    `${"".padEnd(14)}${"RSS per worker".padStart(22)}${"anon / file".padStart(20)}${"heap used".padStart(12)}${"heap total".padStart(12)}${"external".padStart(10)}${"page cache".padStart(12)}${"pages".padStart(7)}`,
  );
  for (const { phase, rss, metrics } of snapshots) {
    console.log(
      `${phase.padEnd(14)}${rss
        .map((each) => mb(each.total))
        .join(" / ")
        .padStart(22)}${rss
        .map((each) => `${mb(each.anon)}/${mb(each.file)}`)
        .join(" ")
        .padStart(
          20,
        )}${mb(metrics.heapUsed).padStart(12)}${mb(metrics.heapTotal).padStart(12)}${mb(metrics.external).padStart(10)}${mb(metrics.pageCacheBytes).padStart(12)}${String(metrics.pageCacheEntries).padStart(7)}`,
    );
  }
  if (SMAPS) {
    console.log("\nthe first worker's resident MB by mapping:");
    for (const { phase, mappings } of snapshots) console.log(`${phase.padEnd(14)}${mappings}`);
  }
  const afterAdmin = snapshots.findIndex(({ phase }) => phase === "after admin");
  for (const { phase, rss } of snapshots.slice(afterAdmin)) {
    const worst = Math.max(...rss.map((each) => each.total));
    console.log(
      `largest worker ${phase.trim()}: ${mb(worst)} MB (target ${TARGET_MB} MB: ${worst <= TARGET_MB * 1024 * 1024 ? "met" : "NOT met"})`,
    );
  }
}
console.log(`\nload average (1, 5, 15 min) after: ${loadAverage()}`);
