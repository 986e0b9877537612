// The process entry: loads the app (Vite in development, the production build otherwise), listens,
// and shuts down gracefully on SIGTERM/SIGINT. With WEB_CONCURRENCY it supervises that many server
// processes sharing the port instead (see serve-cluster.ts). Runs directly on Node 24 (type stripping only).
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runPrimary, workerCount } from "./serve-cluster.ts";

type RunningServer = {
  url: string;
  close(options?: { handOver?: boolean }): Promise<void>;
  services: { logger: { info(obj: object, msg: string): void } };
};
type StartServer = (options: Record<string, unknown>) => Promise<RunningServer>;

const root = path.dirname(fileURLToPath(import.meta.url));
const development = process.argv.includes("--dev");

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function loadApp(): Promise<{ startServer: StartServer; options: Record<string, unknown> }> {
  if (development) {
    process.env.NODE_ENV ??= "development";
    const { createServer } = await import("vite");
    const vite = await createServer({ root, server: { middlewareMode: true }, appType: "custom" });
    const module = await vite.ssrLoadModule("./app/http/app.server.ts");
    return { startServer: module.startServer as StartServer, options: { vite } };
  }
  // React and friends choose their production builds by NODE_ENV; ours must never run the slow
  // development ones in production.
  process.env.NODE_ENV ??= "production";
  const entry = path.join(root, "build/server/index.js");
  if (!existsSync(entry)) fail("No production build in build/: run `npm run build` (or `npm start`, which builds).");
  const module = await import(pathToFileURL(entry).href);
  return { startServer: module.startServer as StartServer, options: { clientDir: path.join(root, "build/client") } };
}

async function main() {
  const { startServer, options } = await loadApp();
  let running: RunningServer;
  try {
    running = await startServer({ ...options, clustered: cluster.isWorker });
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "ConfigError" || name === "MigrationError") fail((error as Error).message);
    throw error;
  }
  // A parent process that started us with an IPC channel (a test harness, a process manager) learns
  // where we listen, which is how PORT=0 is used without guessing a free port first. A cluster
  // worker's message goes to the supervisor, which passes the first one on.
  process.send?.({ event: "listening", url: running.url });
  let stopping = false;
  const stop = (signal: string, handOver = false) => {
    if (stopping) return;
    stopping = true;
    running.services.logger.info({ signal }, "shutting down");
    running.close({ handOver }).then(
      () => process.exit(0),
      (error) => fail(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  if (cluster.isWorker) {
    // A reload is the supervisor's business; the worker carries on until it is replaced.
    process.on("SIGHUP", () => {});
    // Replaced by a new worker that already serves: hand the open connections over gently.
    process.on("SIGUSR2", () => stop("SIGUSR2", true));
  }
}

let count: number | null = null;
try {
  count = development ? null : workerCount(process.env.WEB_CONCURRENCY);
} catch (error) {
  fail((error as Error).message);
}
const run = count !== null && cluster.isPrimary ? runPrimary(count) : main();
run.catch((error) => {
  fail(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
});
