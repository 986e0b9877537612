// The process entry: loads the app (Vite in development, the production build otherwise), listens,
// and shuts down gracefully on SIGTERM/SIGINT. With WEB_CONCURRENCY it supervises that many server
// processes sharing the port instead (see serve-cluster.ts). Runs directly on Node 24 (type stripping only).
import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type App, fail, failedToStart, loadProductionApp, serveApp } from "./serve-app.js";
import { runPrimary, workerCount } from "./serve-cluster.ts";

const root = path.dirname(fileURLToPath(import.meta.url));
const development = process.argv.includes("--dev");

async function loadApp(): Promise<App> {
  if (!development) return loadProductionApp(root);
  process.env.NODE_ENV ??= "development";
  const { createServer } = await import("vite");
  const vite = await createServer({ root, server: { middlewareMode: true }, appType: "custom" });
  const module = await vite.ssrLoadModule("./app/http/app.server.ts");
  return { startServer: module.startServer as App["startServer"], options: { vite } };
}

let count: number | null = null;
try {
  count = development ? null : workerCount(process.env.WEB_CONCURRENCY);
} catch (error) {
  fail((error as Error).message);
}
const run = count !== null && cluster.isPrimary ? runPrimary(count) : loadApp().then(serveApp);
run.catch(failedToStart);
