// The supervisor that WEB_CONCURRENCY starts: N server processes (node:cluster workers) sharing one
// port. It replaces a worker that dies, drains them all on SIGTERM/SIGINT, replaces them one at a
// time on SIGHUP (each new one listens before an old one stops taking connections, so no request
// fails), and answers for their metrics together. Runs directly on Node 24 (type stripping only).
import cluster, { type Worker } from "node:cluster";
import { once } from "node:events";
import { createServer } from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";
import { AggregatorRegistry, Counter, Gauge, Registry } from "prom-client";
import {
  CHECKPOINT_REQUEST,
  type Checkpointer,
  startCheckpointer,
} from "./app/server/db/sqlite-checkpointer.server.ts";
import { createLogger } from "./app/server/logger.server.ts";

/** WEB_CONCURRENCY: unset means one process without a supervisor; `auto` one worker per core. */
export function workerCount(value: string | undefined): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (text === "auto") return availableParallelism();
  if (!/^[1-9]\d{0,2}$/.test(text)) {
    throw new Error(
      `Invalid WEB_CONCURRENCY=${JSON.stringify(value)}: must be a number of server processes (1-999) or auto for one per core`,
    );
  }
  return Number(text);
}

/** A worker that dies this soon after it started waits before its replacement, longer each time. */
const CRASH_WINDOW_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** How long a stopping worker may take before it is killed (its own grace is 10 s). */
const STOP_TIMEOUT_MS = 20_000;

/**
 * V8 lets a busy process's young generation grow to 64 MB and keeps it: most of a worker's heap once
 * it has served pages, leads and admin screens (201 of its 333 MB). A server's requests leave little
 * alive, so 4 MB semi-spaces cost it few extra collections and save it about 100 MB. An operator's own
 * choice (NODE_OPTIONS or the command line) is kept.
 */
const WORKER_SEMI_SPACE = "--max-semi-space-size=4";

function workerExecArgv() {
  const chosen = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((arg) => arg.includes("semi-space"));
  return chosen ? process.execArgv : [...process.execArgv, WORKER_SEMI_SPACE];
}

/**
 * glibc's malloc gives each thread that allocates its own arena (up to eight per core) and keeps what
 * is freed in it: a worker's compression, SQLite and libuv threads left about 15 MB more resident
 * after a load than two arenas do, and one arena about 8 to 19 MB less again, at the same CPU per
 * cached page. One is enough for a process whose JavaScript runs on one thread; glibc reads the
 * setting only when a process starts, so the supervisor sets it for its workers. An operator's own
 * choice (MALLOC_ARENA_MAX, or arena_max in GLIBC_TUNABLES) is kept.
 */
export function workerEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const chosen = env.MALLOC_ARENA_MAX !== undefined || (env.GLIBC_TUNABLES ?? "").includes("arena_max");
  return chosen ? {} : { MALLOC_ARENA_MAX: "1" };
}

export const METRICS_REQUEST = "agency:metrics-request";
export const METRICS_REPLY = "agency:metrics-reply";

export async function runPrimary(count: number) {
  const logger = createLogger(process.env.LOG_LEVEL?.trim() || "info");
  const metrics = supervisorMetrics();
  let stopping = false;
  let reloading: Promise<void> | undefined;
  /** Workers on their way out (reload or stop): their exit is expected, not replaced. */
  const retiring = new Set<number>();
  const startedAt = new Map<number, number>();
  let quickDeaths = 0;

  // Every worker listens on the same port (with PORT=0, the one the first was given); the parent
  // process learns the address once.
  let addressSent = false;
  cluster.on("message", (_worker, message: { event?: string; url?: string }) => {
    if (message?.event !== "listening" || addressSent) return;
    addressSent = true;
    process.send?.(message);
  });
  // One background checkpointer for the SQLite file of all workers, started when the first names it.
  let checkpointer: Checkpointer | undefined;
  cluster.on("message", (_worker, message: { event?: string; file?: unknown }) => {
    if (message?.event !== CHECKPOINT_REQUEST || typeof message.file !== "string" || checkpointer || stopping) return;
    checkpointer = startCheckpointer(message.file, {
      busyTimeoutMs: 5000, // as the workers' own connections wait
      onError: (error) => logger.error({ error }, "background checkpoint failed"),
    });
  });
  // Workers start from a plain JavaScript entry: one that loaded a .ts file would carry Node's type
  // stripper (about 17 MB each).
  cluster.setupPrimary({ exec: path.join(import.meta.dirname, "serve-worker.js"), execArgv: workerExecArgv() });
  const fork = () => {
    const worker = cluster.fork(workerEnv());
    startedAt.set(worker.id, Date.now());
    worker.once("listening", () => metrics.workers.set(workers().length));
    return worker;
  };
  const workers = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
  const listening = (worker: Worker) =>
    new Promise<boolean>((resolve) => {
      const onListening = () => {
        worker.off("exit", onExit);
        resolve(true);
      };
      const onExit = () => {
        worker.off("listening", onListening);
        resolve(false);
      };
      worker.once("listening", onListening);
      worker.once("exit", onExit);
    });
  /** SIGTERM stops a worker; SIGUSR2 when a new one already serves in its place (a reload). */
  const stopWorker = async (worker: Worker, signal: NodeJS.Signals = "SIGTERM") => {
    retiring.add(worker.id);
    if (worker.isDead()) return;
    const exited = once(worker, "exit");
    worker.process.kill(signal);
    const timer = setTimeout(() => worker.process.kill("SIGKILL"), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  // The first worker migrates the database alone; the others start once it listens.
  const first = fork();
  if (!(await listening(first))) {
    logger.fatal("the first server process stopped before it listened; see its message above");
    process.exit(1);
  }
  const rest = Array.from({ length: count - 1 }, fork);
  await Promise.all(rest.map(listening));
  metrics.workers.set(workers().length);
  logger.info(
    { workers: count, supervisor: process.pid },
    "supervising server processes (SIGHUP reloads them one at a time)",
  );

  cluster.on("exit", (worker, code, signal) => {
    const expected = retiring.delete(worker.id);
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    metrics.workers.set(workers().length);
    if (expected || stopping) return;
    quickDeaths = lived < CRASH_WINDOW_MS ? quickDeaths + 1 : 0;
    const delay = quickDeaths === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** quickDeaths);
    logger.error({ pid: worker.process.pid, code, signal, restartInMs: delay }, "a server process died; replacing it");
    metrics.restarts.inc();
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  async function reload() {
    const old = workers();
    logger.info({ workers: old.length }, "reloading server processes one at a time");
    for (const worker of old) {
      if (stopping) return;
      const fresh = fork();
      if (!(await listening(fresh))) {
        logger.error("a new server process did not start; the reload stops and the old ones keep serving");
        return;
      }
      await stopWorker(worker, "SIGUSR2");
    }
    logger.info("reload done");
  }

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping server processes");
    await reloading;
    await Promise.all(workers().map((worker) => stopWorker(worker)));
    await checkpointer?.stop();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGHUP", () => {
    if (stopping) return;
    reloading = (reloading ?? Promise.resolve()).then(reload).finally(() => {
      reloading = undefined;
    });
  });

  // Metrics: each worker counts its own requests; the supervisor adds them up.
  const aggregator = new AggregatorRegistry();
  const allMetrics = async () =>
    `${await aggregator.clusterMetrics()}\n${await metrics.registry.metrics()}`.replace(/\n{2,}/g, "\n");
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== METRICS_REQUEST) return;
    allMetrics().then(
      (text) => worker.send({ type: METRICS_REPLY, id: message.id, text }),
      (error: Error) => worker.send({ type: METRICS_REPLY, id: message.id, error: error.message }),
    );
  });
  const metricsPort = process.env.METRICS_PORT?.trim();
  if (metricsPort) {
    const server = createServer((req, res) => {
      if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
        res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found.");
        return;
      }
      allMetrics().then(
        (text) => res.writeHead(200, { "Content-Type": metrics.registry.contentType }).end(text),
        () => res.writeHead(503, { "Content-Type": "text/plain" }).end("Metrics are unavailable right now."),
      );
    });
    server.listen(Number(metricsPort), "127.0.0.1");
    server.unref();
  }
}

function supervisorMetrics() {
  const registry = new Registry();
  return {
    registry,
    workers: new Gauge({ name: "agency_server_processes", help: "Server processes running", registers: [registry] }),
    restarts: new Counter({
      name: "agency_server_process_restarts_total",
      help: "Server processes that died and were replaced",
      registers: [registry],
    }),
  };
}
