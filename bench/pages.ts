// npm run bench:pages — the public pages on the production build: per route the bytes on the wire of
// the JavaScript and CSS a first visit loads (measured in Chromium), the first (cold) render, time to
// first byte cached and uncached; for / and /pricing the cached pages per second next to a bare
// node:http server and nginx serving the very same bytes (one worker each), with the two ratios; and
// Lighthouse's mobile performance audit of five pages, three times each (the lowest run shown). The app runs once per worker count in
// BENCH_WORKERS (default 1,2; passed as WEB_CONCURRENCY). Exits non-zero when a page is over
// its JavaScript or CSS budget (tests/support/page-weight.ts; the suite asserts the same).
//
//   BENCH_WORKERS=1,2      worker counts to compare
//   BENCH_SECONDS=10       length of each wrk run (in turns: split over the rounds)
//   BENCH_ROUNDS=3         turns of app, bare node:http and nginx per route (more, shorter turns
//                          average a noisy host out better: BENCH_ROUNDS=12 BENCH_SECONDS=24)
//   BENCH_LIGHTHOUSE=0     skip the Lighthouse audits
//   BENCH_LIGHTHOUSE_ONLY=1              only the Lighthouse audits (one app, the first worker count)
//   BENCH_LIGHTHOUSE_ROUTES=/,/pricing   audit these routes instead of the five
//   BENCH_LIGHTHOUSE_RUNS=1              runs per route (the lowest is shown)
//   BENCH_LIGHTHOUSE_SAVE=dir            also write each run's Lighthouse JSON report there (route-run.json)
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { type AppServer, startAppServer } from "../tests/support/app-server";
import { findChromium, launchBrowser } from "../tests/support/browser";
import { freePort } from "../tests/support/free-port";
import { jsBudgetKb, measurePageWeight, PAGE_BUDGET_KB } from "../tests/support/page-weight";
import { publicRoutes } from "../tests/support/public-routes";
import { ensureSystemTool } from "../tests/support/system-tools";
import { buildUnlessNoBuild } from "./build-first";

const THROUGHPUT_ROUTES = ["/", "/pricing"];
const LIGHTHOUSE_ROUTES = process.env.BENCH_LIGHTHOUSE_ROUTES?.split(",").map((route) => route.trim()) ?? [
  "/",
  "/pricing",
  "/contact",
  "/cost-estimator",
  "/blog",
];
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const LIGHTHOUSE_ONLY = process.env.BENCH_LIGHTHOUSE_ONLY === "1";
const SAMPLES = 200;
/** The app and its references take turns this many times per route. */
const THROUGHPUT_ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? 3)) || 3);
const UNCACHED_SAMPLES = 30;
const WRK_CONNECTIONS = 20;
/** Linux's USER_HZ, the unit of /proc/PID/stat's CPU times. */
const CLOCK_TICKS = 100;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const workerCounts = (process.env.BENCH_WORKERS ?? "1,2")
  .split(",")
  .map((value) => Number(value.trim()))
  .filter((value) => Number.isInteger(value) && value > 0);

type RouteFigures = {
  js: number;
  css: number;
  coldMs: number;
  uncached: { p50: number; p99: number };
  cached: { p50: number; p99: number };
};
type Run = { workers: number; routes: Map<string, RouteFigures>; pagesPerSecond: Map<string, number> };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

// One kept-alive connection, as a browser reuses one; the server closes it after 5 idle seconds.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1, timeout: 4000 });

/** Milliseconds until the response's first byte (its status line and headers), then reads it all. */
function timeToFirstByte(url: string, headers: Record<string, string> = { "accept-encoding": "gzip" }) {
  return new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers }, (response) => {
      const elapsed = performance.now() - started;
      response.resume();
      response.on("end", () => resolve(elapsed));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

async function fetchBody(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ body: Buffer.concat(chunks), headers: response.headers }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * Pages a second of each server, measured in turns (one slice of the run each, round after round)
 * so that a machine whose load changes meanwhile weighs on all of them alike: the ratios hold better
 * than the figures themselves.
 */
function wrkInTurns(targets: { url: string; pid: number | undefined }[], rounds = THROUGHPUT_ROUNDS) {
  const totals = targets.map(() => ({ rate: 0, requests: 0, cpuSeconds: 0 }));
  const slice = Math.max(1, Math.round(seconds / rounds));
  for (let round = 0; round < rounds; round++) {
    targets.forEach(({ url, pid }, index) => {
      const cpuBefore = treeCpuSeconds(pid);
      const run = wrk(url, slice);
      const total = totals[index]!;
      total.cpuSeconds += treeCpuSeconds(pid) - cpuBefore;
      total.rate += run.rate;
      total.requests += run.requests;
    });
  }
  return totals.map((total) => ({
    rate: total.rate / rounds,
    cpuMicrosPerRequest: total.requests ? (total.cpuSeconds * 1e6) / total.requests : Number.NaN,
  }));
}

function wrk(url: string, duration = seconds) {
  const run = spawnSync(
    ensureSystemTool("wrk", "wrk"),
    ["-t2", `-c${WRK_CONNECTIONS}`, `-d${duration}s`, "-H", "Accept-Encoding: gzip", url],
    {
      encoding: "utf8",
    },
  );
  if (run.status !== 0) throw new Error(`wrk failed: ${run.error?.message ?? run.stderr}`);
  return {
    rate: Number(/Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1] ?? 0),
    requests: Number(/(\d+) requests in/.exec(run.stdout)?.[1] ?? 0),
  };
}

/**
 * CPU seconds (user and system, every thread) used so far by a process and its descendants: a
 * server's cost per request, which a loaded machine changes far less than its requests per second
 * (those fall with the share of the cores the server gets). Linux only; NaN elsewhere.
 */
function treeCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    let seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    for (const child of children ? children.split(" ") : []) seconds += treeCpuSeconds(Number(child));
    return seconds;
  } catch {
    return Number.NaN;
  }
}

async function measureRoutes(app: AppServer) {
  const figures = new Map<string, RouteFigures>();
  const browser = await launchBrowser();
  for (const route of publicRoutes) {
    // The very first request of each page: rendered and compressed for the cache.
    const coldMs = await timeToFirstByte(`${app.url}${route}`);
    const { js, css } = await measurePageWeight(browser, `${app.url}${route}`);
    // A parameter the cache does not know makes the app render the page for this request alone.
    const uncached: number[] = [];
    const separator = route.includes("?") ? "&" : "?";
    for (let i = 0; i < UNCACHED_SAMPLES; i++) {
      uncached.push(await timeToFirstByte(`${app.url}${route}${separator}bench=${i}`));
    }
    const cached: number[] = [];
    for (let i = 0; i < SAMPLES; i++) cached.push(await timeToFirstByte(`${app.url}${route}`));
    uncached.sort((a, b) => a - b);
    cached.sort((a, b) => a - b);
    figures.set(route, {
      js,
      css,
      coldMs,
      uncached: { p50: percentile(uncached, 0.5), p99: percentile(uncached, 0.99) },
      cached: { p50: percentile(cached, 0.5), p99: percentile(cached, 0.99) },
    });
  }
  await browser.close();
  return figures;
}

/**
 * Node's own limit: a bare node:http server (one process) answering the same gzip bytes from memory
 * with the very headers of the app's cache hit (its request id too, a fresh one per answer, as the
 * app does), no routing, no work. The app's cache hit can only approach it.
 */
async function startBareNode(siteDir: string) {
  const code = `
const http = require("node:http"), fs = require("node:fs"), path = require("node:path");
const pages = new Map();
for (const route of ${JSON.stringify(THROUGHPUT_ROUTES)}) {
  const body = fs.readFileSync(path.join(${JSON.stringify(siteDir)}, route, "index.html.gz"));
  const headers = JSON.parse(fs.readFileSync(path.join(${JSON.stringify(siteDir)}, route, "headers.json"), "utf8")).flat();
  const id = headers.findIndex((value, index) => index % 2 === 0 && value === "x-request-id");
  pages.set(route, { body, headers, id: id + 1 });
}
const crypto = require("node:crypto");
const server = http.createServer((req, res) => {
  const page = pages.get(req.url);
  if (!page) { res.writeHead(404); res.end(); return; }
  if (page.id > 0) page.headers[page.id] = crypto.randomUUID();
  res.writeHead(200, page.headers);
  res.end(page.body);
});
server.keepAliveTimeout = 5000;
server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once("exit", (exitCode) => reject(new Error(`the bare node:http server exited with ${exitCode}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill("SIGTERM") };
}

/** The cached bytes of each throughput route, identity and gzip, as files nginx serves (gzip_static). */
async function writeSiteCopy(app: AppServer, dir: string) {
  for (const route of THROUGHPUT_ROUTES) {
    const folder = path.join(dir, route);
    mkdirSync(folder, { recursive: true });
    const plain = await fetchBody(`${app.url}${route}`, { "accept-encoding": "identity" });
    const gzipped = await fetchBody(`${app.url}${route}`, { "accept-encoding": "gzip" });
    if (gzipped.headers["content-encoding"] !== "gzip") throw new Error(`${route} did not come gzipped`);
    writeFileSync(path.join(folder, "index.html"), plain.body);
    writeFileSync(path.join(folder, "index.html.gz"), gzipped.body);
    // The headers of a cache hit, as the app sends them (node:http adds Date and Connection to both).
    const hit = await fetchBody(`${app.url}${route}`, { "accept-encoding": "gzip" });
    const headers = Object.entries(hit.headers).filter(
      ([name]) => !["date", "connection", "keep-alive", "transfer-encoding"].includes(name),
    );
    writeFileSync(path.join(folder, "headers.json"), JSON.stringify(headers));
  }
}

/** nginx with one worker, serving the same bytes (the app's own gzip files), on a free loopback port. */
async function startNginx(siteDir: string) {
  const binary = ensureSystemTool("nginx", "nginx-light");
  const port = await freePort();
  const config = path.join(siteDir, "..", "nginx.conf");
  writeFileSync(
    config,
    `worker_processes 1;
daemon off;
pid ${path.join(siteDir, "..", "nginx.pid")};
error_log ${path.join(siteDir, "..", "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  types { text/html html; }
  default_type text/html;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip_static on;
  client_body_temp_path ${path.join(siteDir, "..", "tmp")};
  server {
    listen 127.0.0.1:${port};
    root ${siteDir};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  mkdirSync(path.join(siteDir, "..", "tmp"), { recursive: true });
  const child = spawn(binary, ["-c", config, "-p", path.join(siteDir, "..")], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 100; tries++) {
    try {
      await fetchBody(`${url}/`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    pid: child.pid,
    stop: () => {
      child.kill("SIGTERM");
    },
  };
}

type Audit = { score: number; fcp: number; lcp: number; tbt: number; cls: number };

async function lighthouseAudits(app: AppServer): Promise<Map<string, Audit> | string> {
  if (process.env.BENCH_LIGHTHOUSE === "0") return "skipped (BENCH_LIGHTHOUSE=0)";
  // The same browser the tests use: CHROME_PATH, the machine's, or the one from npm.
  const browser = await findChromium();
  Object.assign(process.env, browser.env);
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath: browser.executablePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const audits = new Map<string, Audit>();
  try {
    for (const route of LIGHTHOUSE_ROUTES) {
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        const audit = await audit1(route, run);
        const lowest = audits.get(route);
        if (audit && (!lowest || audit.score < lowest.score)) audits.set(route, audit);
      }
    }
  } finally {
    await chrome.kill();
  }
  return audits;

  async function audit1(route: string, run: number): Promise<Audit | undefined> {
    {
      const result = await lighthouse(`${app.url}${route}`, {
        port: chrome.port,
        onlyCategories: ["performance"],
        output: "json",
        logLevel: "error",
      });
      const lhr = result?.lhr;
      if (!lhr) return undefined;
      const saveDir = process.env.BENCH_LIGHTHOUSE_SAVE;
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        const name = route.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
        writeFileSync(path.join(saveDir, `${name}-${run + 1}.json`), JSON.stringify(lhr, null, 1));
      }
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: value("first-contentful-paint"),
        lcp: value("largest-contentful-paint"),
        tbt: value("total-blocking-time"),
        cls: value("cumulative-layout-shift"),
      };
    }
  }
}

buildUnlessNoBuild();

if (LIGHTHOUSE_ONLY) {
  const app = await startAppServer({ WEB_CONCURRENCY: String(workerCounts[0] ?? 1), LOG_LEVEL: "warn" });
  try {
    printAudits(await lighthouseAudits(app));
  } finally {
    await app.stop();
  }
  process.exit(0);
}

const runs: Run[] = [];
const scratch = mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));
const nginxPagesPerSecond = new Map<string, number>();
const barePagesPerSecond = new Map<string, number>();
/** Per route: CPU microseconds per request of the app (its first worker count), node:http and nginx. */
const cpuPerRequest = new Map<string, number[]>();
let audits: Map<string, Audit> | string = "not run";
try {
  for (const [index, workers] of workerCounts.entries()) {
    console.log(`\nApp with WEB_CONCURRENCY=${workers}…`);
    const app = await startAppServer({ WEB_CONCURRENCY: String(workers), LOG_LEVEL: "warn" });
    try {
      const routes = await measureRoutes(app);
      const pagesPerSecond = new Map<string, number>();
      runs.push({ workers, routes, pagesPerSecond });
      if (index === 0) {
        // The references run beside the app's first worker count, taking turns with it.
        const site = path.join(scratch, "site");
        await writeSiteCopy(app, site);
        const nginx = await startNginx(site);
        const bare = await startBareNode(site);
        try {
          for (const route of THROUGHPUT_ROUTES) {
            const [own, node, nginxFigure] = wrkInTurns(
              [{ url: app.url, pid: app.process.pid }, bare, nginx].map((server) => ({
                url: `${server.url}${route}`,
                pid: server.pid,
              })),
            );
            pagesPerSecond.set(route, own!.rate);
            barePagesPerSecond.set(route, node!.rate);
            nginxPagesPerSecond.set(route, nginxFigure!.rate);
            cpuPerRequest.set(
              route,
              [own!, node!, nginxFigure!].map((figure) => figure.cpuMicrosPerRequest),
            );
          }
        } finally {
          nginx.stop();
          bare.stop();
        }
      } else {
        for (const route of THROUGHPUT_ROUTES) pagesPerSecond.set(route, wrk(`${app.url}${route}`).rate);
      }
      if (index === 0) {
        console.log("Lighthouse (mobile, simulated slow 4G)…");
        audits = await lighthouseAudits(app);
      }
    } catch (error) {
      console.error(`The app's output:\n${app.output().slice(-4000)}`);
      throw error;
    } finally {
      await app.stop();
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const ms = (value: number) => value.toFixed(1);
function cells(values: string[], width: number) {
  return values.map((value) => value.padStart(width)).join("");
}
const workerLabels = runs.map((run) => `w=${run.workers}`);

console.log(
  "\nPer route (kB on the wire as Chromium asks, brotli: JavaScript loaded; CSS inline (gzip) or blocking the first paint; ms: time to first byte). Columns per worker count.",
);
console.log(
  `${"route".padEnd(34)}${"JS kB".padStart(7)}${"CSS kB".padStart(8)}  ${["cold", "uncached p50/p99", "cached p50/p99"]
    .map((head) => head.padEnd(19 * runs.length))
    .join("")}`,
);
console.log(`${" ".repeat(51)}${["cold", "uncached", "cached"].map(() => cells(workerLabels, 19)).join("")}`);
for (const route of publicRoutes) {
  const first = runs[0]!.routes.get(route)!;
  const cold = runs.map((run) => ms(run.routes.get(route)!.coldMs));
  const uncached = runs.map((run) => {
    const figures = run.routes.get(route)!.uncached;
    return `${ms(figures.p50)}/${ms(figures.p99)}`;
  });
  const cached = runs.map((run) => {
    const figures = run.routes.get(route)!.cached;
    return `${ms(figures.p50)}/${ms(figures.p99)}`;
  });
  console.log(
    `${route.padEnd(34)}${first.js.toFixed(1).padStart(7)}${first.css.toFixed(1).padStart(8)}  ${cells(cold, 19)}${cells(uncached, 19)}${cells(cached, 19)}`,
  );
}

console.log(
  `\nCached pages per second (wrk -c${WRK_CONNECTIONS}, ${seconds} s, Accept-Encoding: gzip; the first worker count in ${THROUGHPUT_ROUNDS} turns with the references). The same bytes and headers from a bare node:http server, the same bytes from nginx (gzip_static), one worker each. Load average (1, 5, 15 min): ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}.`,
);
console.log(
  `${"route".padEnd(12)}${cells([...workerLabels.map((label) => `app ${label}`), "node:http", "nginx"], 14)}${cells(
    workerLabels.flatMap((label) => [`/node ${label}`, `/nginx ${label}`]),
    14,
  )}`,
);
const ratio = (value: number, of: number) => (of ? `${((value / of) * 100).toFixed(1)}%` : "n/a");
for (const route of THROUGHPUT_ROUTES) {
  const nginx = nginxPagesPerSecond.get(route) ?? 0;
  const bare = barePagesPerSecond.get(route) ?? 0;
  const app = runs.map((run) => run.pagesPerSecond.get(route) ?? 0);
  console.log(
    `${route.padEnd(12)}${cells([...app.map((value) => value.toFixed(0)), bare.toFixed(0), nginx.toFixed(0)], 14)}${cells(
      app.flatMap((value) => [ratio(value, bare), ratio(value, nginx)]),
      14,
    )}`,
  );
}

console.log(
  "\nCPU per cached page (µs of user and system time, all threads, of the server's processes, per request served in the same turns; less sensitive to the machine's load than pages per second).",
);
console.log(`${"route".padEnd(12)}${cells([`app ${workerLabels[0] ?? ""}`, "node:http", "nginx", "node/app"], 14)}`);
for (const [route, [own, node, nginx]] of cpuPerRequest) {
  console.log(
    `${route.padEnd(12)}${cells([own!.toFixed(1), node!.toFixed(1), nginx!.toFixed(1), ratio(node!, own!)], 14)}`,
  );
}

printAudits(audits);

function printAudits(audits: Map<string, Audit> | string) {
  console.log(
    `\nLighthouse, mobile performance (simulated slow 4G, the app with the first worker count), the lowest of ${LIGHTHOUSE_RUNS} runs`,
  );
  if (typeof audits === "string") {
    console.log(audits);
    return;
  }
  console.log(`${"route".padEnd(18)}${cells(["score", "FCP ms", "LCP ms", "TBT ms", "CLS"], 9)}`);
  for (const [route, audit] of audits) {
    console.log(
      `${route.padEnd(18)}${cells([String(audit.score), audit.fcp.toFixed(0), audit.lcp.toFixed(0), audit.tbt.toFixed(0), audit.cls.toFixed(3)], 9)}`,
    );
  }
}

const failures = publicRoutes.flatMap((route) => {
  const figures = runs[0]!.routes.get(route)!;
  return [
    ...(figures.js > jsBudgetKb(route)
      ? [`${route} JavaScript ${figures.js.toFixed(1)} kB > ${jsBudgetKb(route)} kB`]
      : []),
    ...(figures.css > PAGE_BUDGET_KB.css
      ? [`${route} CSS ${figures.css.toFixed(1)} kB > ${PAGE_BUDGET_KB.css} kB`]
      : []),
  ];
});
if (failures.length) {
  console.error(`\nOver budget:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log(
  `\nWithin budget: JavaScript on the wire ≤ ${PAGE_BUDGET_KB.homeJs} kB on the home page, ≤ ${PAGE_BUDGET_KB.estimatorJs} kB on the estimator and ≤ ${PAGE_BUDGET_KB.otherJs} kB on the others; CSS ≤ ${PAGE_BUDGET_KB.css} kB on every route.`,
);
