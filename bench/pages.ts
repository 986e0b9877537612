// npm run bench:pages — per public route: gzip bytes of the JavaScript and CSS a first visit loads, and
// the server's render time. Exits non-zero when the home page is over its budget.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startAppServer } from "../tests/support/app-server";
import { publicRoutes } from "../tests/support/public-routes";

const routes = publicRoutes;
const BUDGET = { homeJsKb: 120, cssKb: 30 };
const RENDERS = 30;
const root = path.resolve(import.meta.dirname, "..");

function gzipKb(assetPath: string, cache: Map<string, number>) {
  let size = cache.get(assetPath);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(root, "build/client", assetPath)), { level: 9 }).length / 1024;
    cache.set(assetPath, size);
  }
  return size;
}

if (!process.argv.includes("--no-build")) {
  const build = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const app = await startAppServer();
const sizes = new Map<string, number>();
const rows: { route: string; js: number; css: number; p50: number; p95: number }[] = [];
try {
  for (const route of routes) {
    const html = await (await fetch(`${app.url}${route}`)).text();
    const scripts = new Set([
      ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/import \* as \w+ from "([^"]+)"/g)].map((m) => m[1]!),
    ]);
    const styles = new Set([...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!));
    const js = [...scripts].reduce((sum, asset) => sum + gzipKb(asset, sizes), 0);
    const css = [...styles].reduce((sum, asset) => sum + gzipKb(asset, sizes), 0);
    const times: number[] = [];
    for (let i = 0; i < RENDERS; i++) {
      const started = performance.now();
      await (await fetch(`${app.url}${route}`)).text();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push({
      route,
      js,
      css,
      p50: times[Math.floor(times.length / 2)]!,
      p95: times[Math.floor(times.length * 0.95)]!,
    });
  }
} finally {
  await app.stop();
}

console.log(`route${" ".repeat(31)}JS kB gz  CSS kB gz  render p50 ms  p95 ms`);
for (const row of rows) {
  console.log(
    `${row.route.padEnd(36)}${row.js.toFixed(1).padStart(8)}${row.css.toFixed(1).padStart(11)}${row.p50.toFixed(1).padStart(15)}${row.p95.toFixed(1).padStart(8)}`,
  );
}
const home = rows.find((row) => row.route === "/")!;
const overCss = rows.filter((row) => row.css > BUDGET.cssKb);
const failures = [
  ...(home.js > BUDGET.homeJsKb ? [`home JavaScript ${home.js.toFixed(1)} kB > ${BUDGET.homeJsKb} kB`] : []),
  ...overCss.map((row) => `${row.route} CSS ${row.css.toFixed(1)} kB > ${BUDGET.cssKb} kB`),
];
if (failures.length) {
  console.error(`\nOver budget:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log(
  `\nWithin budget: home JavaScript ≤ ${BUDGET.homeJsKb} kB gzip, CSS ≤ ${BUDGET.cssKb} kB gzip on every route.`,
);
