import { Worker } from "node:worker_threads";

/** How often the background connection copies committed WAL pages back into the database file. */
const CHECKPOINT_INTERVAL_MS = 100;

/**
 * Runs in a worker thread on its own connection. A checkpoint writes pages into the database file
 * and syncs it; on the app's connection that work would block the whole event loop (node:sqlite is
 * synchronous) in the middle of some visitor's commit. Here it blocks nobody: in WAL mode a
 * passive checkpoint runs beside the writer, which goes on appending to the WAL.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { DatabaseSync } = require("node:sqlite");
const db = new DatabaseSync(workerData.file, { timeout: workerData.busyTimeoutMs });
db.exec("PRAGMA synchronous = FULL");
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
let lastError = "";
const timer = setInterval(() => {
  try {
    checkpoint.get();
    lastError = "";
  } catch (error) {
    const message = String((error && error.message) || error);
    if (message !== lastError) parentPort.postMessage({ error: message });
    lastError = message;
  }
}, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export type Checkpointer = { stop(): Promise<void> };

/**
 * What a clustered worker sends its supervisor once its database is ready, naming the SQLite file:
 * the supervisor runs the one checkpointer thread for all its workers (a thread is about 18 MB).
 */
export const CHECKPOINT_REQUEST = "agency:checkpoint-sqlite";

export function startCheckpointer(
  file: string,
  { busyTimeoutMs, onError }: { busyTimeoutMs: number; onError: (message: string) => void },
): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, busyTimeoutMs, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  worker.on("message", (message: { error?: string }) => {
    if (message.error) onError(message.error);
  });
  worker.on("error", (error) => onError(error.message));
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return {
    async stop() {
      // Unreferenced, the worker would let the process end before it has closed its connection.
      worker.ref();
      worker.postMessage("stop");
      await exited;
    },
  };
}
