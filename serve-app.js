// Serving the production build in one process: the single server (server.ts) and every cluster worker
// (serve-worker.js) run this. Plain JavaScript, so that a worker loads no TypeScript: Node's type
// stripper (its WebAssembly compiler and its sources) costs each process that loads a .ts file about
// 17 MB of resident memory.
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** @param {string} message @returns {never} */
export function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The production build's server entry and its options. @param {string} root */
export async function loadProductionApp(root) {
  // React and friends choose their production builds by NODE_ENV; ours must never run the slow
  // development ones in production.
  process.env.NODE_ENV ??= "production";
  const entry = path.join(root, "build/server/index.js");
  if (!existsSync(entry)) fail("No production build in build/: run `npm run build` (or `npm start`, which builds).");
  const module = await import(pathToFileURL(entry).href);
  return { startServer: module.startServer, options: { clientDir: path.join(root, "build/client") } };
}

/**
 * Starts the app, tells a parent where it listens, and shuts it down gracefully on SIGTERM/SIGINT.
 * @param {{ startServer: (options: Record<string, unknown>) => Promise<any>, options: Record<string, unknown> }} app
 */
export async function serveApp({ startServer, options }) {
  let running;
  try {
    running = await startServer({ ...options, clustered: cluster.isWorker });
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "ConfigError" || name === "MigrationError") fail(/** @type {Error} */ (error).message);
    throw error;
  }
  // A parent process that started us with an IPC channel (a test harness, a process manager) learns
  // where we listen, which is how PORT=0 is used without guessing a free port first. A cluster
  // worker's message goes to the supervisor, which passes the first one on.
  process.send?.({ event: "listening", url: running.url });
  let stopping = false;
  /** @param {string} signal */
  const stop = (signal, handOver = false) => {
    if (stopping) return;
    stopping = true;
    running.services.logger.info({ signal }, "shutting down");
    running.close({ handOver }).then(
      () => process.exit(0),
      (/** @type {unknown} */ error) =>
        fail(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`),
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

/** @param {unknown} error */
export function failedToStart(error) {
  fail(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
}
