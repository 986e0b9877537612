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
 * SQLite: reading one row of a local file costs microseconds, so each request reads it, on a
 * connection of its own (never inside the app's open transactions); an edit in another process on the
 * same file shows on the very next request.
 */
function readSqliteVersion(file: string): ContentVersion {
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
