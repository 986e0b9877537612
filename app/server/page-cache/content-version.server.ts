import { closeSync, openSync, readSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import type { Logger } from "pino";
import type { DatabaseConfig } from "../config.server";
import type { Database } from "../db/schema.server";

/**
 * How many times public content has changed: the page cache drops its pages when this moves. Every
 * writer bumps it in the database (triggers, in the writing transaction), so every process sees
 * every edit, whoever made it.
 */
export type ContentVersion = {
  /** The version as of now: every edit committed before the call is counted. */
  fresh(): number | Promise<number>;
  close(): Promise<void>;
};

export function watchContentVersion(database: DatabaseConfig, db: Database, logger: Logger): ContentVersion {
  if (database.dialect === "sqlite" && database.file !== ":memory:") return readSqliteVersion(database.file);
  return readSharedVersion(db, logger);
}

/**
 * SQLite: the version row is read on a connection of its own (never inside the app's open
 * transactions), but only when the database may have changed since the last read. Starting a read
 * transaction takes locks on the WAL index (tens of microseconds), so each request instead reads the
 * WAL index's header, 48 bytes of the `-shm` file: every commit, by any connection in any process,
 * rewrites it (its change counter and last frame) before the commit returns, and a read shares the
 * page cache with the writers' mapping of that file. Unchanged bytes mean no commit since the last
 * read, so its version stands; changed (or half-written) bytes mean a read of the row. An edit in
 * another process on the same file still shows on the very next request. Without a WAL index (the
 * file cannot be opened) every request reads the row.
 */
function readSqliteVersion(file: string): ContentVersion {
  const connection = new DatabaseSync(file, { readOnly: true, timeout: 5000 });
  const statement = connection.prepare("select version from page_cache_version where id = 1");
  const readRow = () => Number((statement.get() as { version: number | bigint } | undefined)?.version ?? 0);
  // This connection holds the WAL index open for the life of the process, so SQLite never removes
  // or replaces the file under the descriptor.
  statement.get();
  const walIndex = openWalIndex(`${file}-shm`);
  if (!walIndex) {
    connection.close();
    return readSqliteVersionEachTime(file);
  }
  const seen = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  const now = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  let version: number | undefined;
  // Requests that arrive together (one turn of the event loop: the connections one poll found
  // readable) were all sent before this turn's read, so they share it: under load a read serves a
  // batch of requests instead of one each, and a request sent after a commit returned still comes in a
  // later turn, which reads again.
  let readThisTurn = false;
  const nextTurn = () => {
    readThisTurn = false;
  };
  return {
    fresh() {
      if (readThisTurn && version !== undefined) return version;
      readThisTurn = true;
      setImmediate(nextTurn);
      const read = readSync(walIndex, now, 0, WAL_INDEX_HEADER_BYTES, 0);
      if (version === undefined || read !== WAL_INDEX_HEADER_BYTES || !now.equals(seen)) {
        // The header first: a commit after it is seen as a change next time, never missed.
        now.copy(seen);
        if (read !== WAL_INDEX_HEADER_BYTES) seen.fill(0);
        version = readRow();
      }
      return version;
    },
    async close() {
      closeSync(walIndex);
      connection.close();
    },
  };
}

/** The first copy of the WAL index header (its change counter, last frame, salts and checksum). */
const WAL_INDEX_HEADER_BYTES = 48;

function openWalIndex(path: string) {
  try {
    return openSync(path, "r");
  } catch {
    return null;
  }
}

/** A database not in WAL mode: one row read per request. */
function readSqliteVersionEachTime(file: string): ContentVersion {
  const connection = new DatabaseSync(file, { readOnly: true, timeout: 5000 });
  const statement = connection.prepare("select version from page_cache_version where id = 1");
  return {
    fresh: () => Number((statement.get() as { version: number | bigint } | undefined)?.version ?? 0),
    async close() {
      connection.close();
    },
  };
}

/** Between two warnings that the version could not be read. */
const WARN_EVERY_MS = 60_000;

/**
 * PostgreSQL (and an in-memory SQLite): a round trip per request would be one query per page, so
 * requests share reads. A request waits for a read that began after it arrived (the one in flight may
 * have begun before an edit it must see), and all requests arriving meanwhile share the next one: at
 * most two reads at a time however many requests come, and none while the site is idle. When the
 * database cannot be reached, the last version read stands and the pages' time-to-live bounds them.
 */
function readSharedVersion(db: Database, logger: Logger): ContentVersion {
  let version = 0;
  let warnedAt = 0;
  let current: Promise<number> | undefined;
  let next: Promise<number> | undefined;

  const read = () => {
    const started: Promise<number> = db
      .selectFrom("page_cache_version")
      .select("version")
      .where("id", "=", 1)
      .executeTakeFirst()
      .then(
        (row) => {
          version = Math.max(version, Number(row?.version ?? 0));
          return version;
        },
        (error: unknown) => {
          if (Date.now() - warnedAt > WARN_EVERY_MS) {
            warnedAt = Date.now();
            logger.warn({ err: error }, "page cache: the content version could not be read; pages expire by their age");
          }
          return version;
        },
      )
      .finally(() => {
        if (current === started) current = undefined;
      });
    return started;
  };

  return {
    fresh() {
      if (!current) {
        current = read();
        return current;
      }
      next ??= current.then(() => {
        next = undefined;
        current = read();
        return current;
      });
      return next;
    },
    async close() {
      await Promise.allSettled([current, next]);
    },
  };
}
