import { closeSync, fsync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, PostgresAdapter, PostgresDialect, sql } from "kysely";
import type pg from "pg";
import type { DatabaseConfig } from "../config.server";
import { commitWindows } from "./commit-window.server";
import { indexNewLeads } from "./lead-search-index.server";
import { DEFAULT_GROUP_WINDOW_MS, NodeSqliteDialect } from "./node-sqlite-dialect.server";
import { pgModule } from "./pg-module.server";
import { createFailoverPool, isFailoverError, needsPrimaryLocator } from "./postgres-failover.server";
import type { Database, DB } from "./schema.server";
import { startCheckpointer } from "./sqlite-checkpointer.server";

export type Dialect = DatabaseConfig["dialect"];

const SQLITE_BUSY_TIMEOUT_MS = 5000;

type OpenOptions = {
  /**
   * SQLite only: a worker thread keeps copying the WAL into the database file, so that the app's own
   * commits seldom have to (for the long-running server; short-lived tools do not need it).
   */
  checkpointInBackground?: {
    onError: (message: string) => void;
    /**
     * Another process checkpoints this file (the supervisor of clustered workers, which runs one
     * thread for all of them instead of one each, about 18 MB of every worker's memory).
     */
    elsewhere?: boolean;
  };
  /** PostgreSQL only: at most this many connections (the app's share of DATABASE_POOL_MAX). */
  poolMax?: number;
  /** SQLite only: how long a group commit waits for more transactions (ms; 0: only those already queued). */
  groupCommitMs?: number;
  /**
   * SQLite only: where a commit's disk flush runs. "inline": inside COMMIT (synchronous=FULL), blocking
   * the event loop. "thread": COMMIT with synchronous=NORMAL, then an fsync of the WAL file on libuv's
   * thread pool, and no commit resolves before it (docs/decisions/sqlite-durable-flush.md).
   */
  durableFlush?: DurableFlush;
};

export type DurableFlush = "inline" | "thread";
// Inline until a quiet A/B of bench:leads shows the thread pool's flush ahead (see the decision).
export const DEFAULT_DURABLE_FLUSH: DurableFlush = "inline";

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Database {
  return config.dialect === "postgres"
    ? openPostgres(config.connectionString, options.poolMax)
    : openSqlite(config.file, options);
}

/**
 * WAL pages after which a commit on the app's connection checkpoints by itself. With the background
 * checkpointer that commit finds little left to copy; the limit keeps the WAL from growing without
 * end should the background never catch up with a steady stream of writes.
 */
const FOREGROUND_CHECKPOINT_PAGES = 4000;

/**
 * 64 MiB of page cache: a lead's index pages stay in it rather than being read again with a system call
 * each. No memory map: with the cache this large it saved no measurable CPU per lead, and every page
 * read through it counted in the worker's resident size, up to the map's size, where the cache stops at
 * its 64 MiB (docs/decisions/worker-memory.md).
 * `secure_delete` overwrites what a delete or an update frees with zeros, so an erased person's data
 * is not left readable in free space (or, through it, in every later backup).
 * `temp_store = MEMORY` keeps statement journals in memory: inserting a lead fires the funnel's
 * trigger, so SQLite journals every page the insert touches (about twenty with the lead's indexes),
 * and past 64 KiB it spilled them to a temporary file, a write and a read in the kernel per lead (two
 * thirds of the insert's CPU). Sorts still spill to files; a query's temporary table stays in memory.
 */
function openSqlite(file: string, { checkpointInBackground, groupCommitMs, durableFlush }: OpenOptions): Database {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const database = new DatabaseSync(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  database.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA secure_delete = ON;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS};
    PRAGMA cache_size = -65536;
    PRAGMA mmap_size = 0;
    PRAGMA temp_store = MEMORY;
  `);
  const beforeCommit = indexNewLeads();
  const groupWindowMs = groupCommitMs ?? DEFAULT_GROUP_WINDOW_MS;
  const wal =
    file !== ":memory:" && (durableFlush ?? DEFAULT_DURABLE_FLUSH) === "thread" ? walFlusher(file) : undefined;
  const options = { beforeCommit, groupWindowMs, syncWal: wal?.sync };
  const stopCheckpointer = (() => {
    if (file === ":memory:" || !checkpointInBackground) return async () => {};
    database.exec(`PRAGMA wal_autocheckpoint = ${FOREGROUND_CHECKPOINT_PAGES}`);
    if (checkpointInBackground.elsewhere) return async () => {};
    const checkpointer = startCheckpointer(file, {
      busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS,
      onError: checkpointInBackground.onError,
    });
    return () => checkpointer.stop();
  })();
  const dialect = new NodeSqliteDialect(database, {
    ...options,
    beforeClose: async () => {
      wal?.close();
      await stopCheckpointer();
    },
  });
  const db = new Kysely<DB>({ dialect });
  commitWindows.set(db, dialect);
  return db;
}

/**
 * Flushes the WAL file on libuv's thread pool. On Linux fsync flushes the file's data whichever
 * descriptor asks, so this one, opened at the first flush (the file exists once a commit has written
 * to it), flushes what SQLite wrote through its own. SQLite keeps the same file while a connection of
 * this process is open: a checkpoint restarts it from its start, or truncates it, in place.
 */
function walFlusher(file: string) {
  let fd: number | undefined;
  return {
    sync(done: (error: Error | null) => void) {
      try {
        fd ??= openSync(`${file}-wal`, "r");
      } catch (error) {
        done(error as Error);
        return;
      }
      fsync(fd, (error) => done(error));
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_TIMESTAMPTZ = 1184;

// Normalise what pg hands back so that rows look the same as SQLite's: numbers, ISO timestamps.
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    if (oid === PG_TIMESTAMPTZ) return (value: string) => new Date(value).toISOString();
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads take the same arguments.
    return pgModule().types.getTypeParser(oid, format as any);
  },
};

const pools = new WeakMap<object, pg.Pool>();

/**
 * A pg pool that survives the server going away: a client that loses its connection must not crash
 * the process, and the next query opens a new one. A short connect timeout turns a database
 * that is down into a quick error (a 503 with a retry hint) instead of requests that hang.
 */
export function createPostgresPool(connectionString: string, max: number, options: pg.PoolConfig = {}) {
  const settings = { max, connectionTimeoutMillis: 5_000, ...options };
  // Several hosts, or a primary asked for: connections go to whichever host is the primary now.
  const pool = needsPrimaryLocator(connectionString)
    ? createFailoverPool(connectionString, settings)
    : new (pgModule().Pool)({ connectionString, ...settings });
  pool.on("error", () => {});
  // A connection that breaks while in use (the server restarts mid-query) fails its query, which the
  // caller sees, and emits an error of its own, which would otherwise end the process.
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

function openPostgres(connectionString: string, max = 10): Database {
  const pool = createPostgresPool(connectionString, max, { types: pgTypes });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/** The pg pool behind a PostgreSQL database (for its gauges), or undefined on SQLite. */
// biome-ignore lint/suspicious/noExplicitAny: works for a Kysely instance of any schema.
export function poolOf(db: Kysely<any>): pg.Pool | undefined {
  return pools.get(db);
}

// biome-ignore lint/suspicious/noExplicitAny: works for a Kysely instance of any schema.
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  // PostgreSQL: shutting down, starting up, or the connection broke.
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

/**
 * Whether an error means the database could not be reached for the moment (restarting, down, a broken
 * connection): the request may succeed if sent again, so it is a 503 with a retry hint, never a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (isFailoverError(error)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && CONNECTION_ERROR_CODES.has(code)) return true;
  if (
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i.test(
      error.message,
    )
  ) {
    return true;
  }
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause);
}

/** A unique index refused the write (SQLite's message, PostgreSQL's SQLSTATE 23505): another request took the value first. */
export function isUniqueViolation(error: unknown) {
  if (!(error instanceof Error)) return false;
  return (error as { code?: string }).code === "23505" || /UNIQUE constraint failed/i.test(error.message);
}

/**
 * Runs `work` in a transaction; when a unique index refuses its write (a request that checked the
 * same value at the same time won), throws what `conflict` makes instead.
 */
export function transactionOrConflict<T>(db: Database, conflict: () => Error, work: (trx: Database) => Promise<T>) {
  return db
    .transaction()
    .execute(work)
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    });
}

export async function isDatabaseReachable(db: Database) {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
