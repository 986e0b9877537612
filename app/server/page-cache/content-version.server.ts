import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import type { Logger } from "pino";
import type { DatabaseConfig } from "../config.server";
import type { Database } from "../db/schema.server";

/**
 * How many times public content has changed, as far as this process knows: the page cache drops its
 * pages when this moves. Every writer bumps it in the database (triggers), so every process sees
 * every edit, whoever made it.
 */
export type ContentVersion = {
  current(): number;
  close(): Promise<void>;
};

/** Without a notification (a dropped connection, a missed message), a process still looks this often. */
const POLL_MS = 1000;
const RECONNECT_MS = 1000;

export async function watchContentVersion(
  database: DatabaseConfig,
  db: Database,
  logger: Logger,
): Promise<ContentVersion> {
  if (database.dialect === "sqlite" && database.file !== ":memory:") return readSqliteVersion(database.file);
  return pollAndListen(database, db, logger);
}

async function readVersion(db: Database) {
  const row = await db.selectFrom("page_cache_version").select("version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.version ?? 0);
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
    current: () => Number((statement.get() as { version: number | bigint } | undefined)?.version ?? 0),
    async close() {
      connection.close();
    },
  };
}

/**
 * PostgreSQL: the trigger's NOTIFY reaches every listening process at commit; a poll every second
 * backs it up while the listening connection is down or a message went missing.
 */
async function pollAndListen(database: DatabaseConfig, db: Database, logger: Logger): Promise<ContentVersion> {
  let version = await readVersion(db);
  let closed = false;
  let listener: pg.Client | undefined;
  let reconnect: ReturnType<typeof setTimeout> | undefined;
  const advance = (seen: number) => {
    if (Number.isFinite(seen) && seen > version) version = seen;
  };

  const listen = async () => {
    if (closed || database.dialect !== "postgres") return;
    const client = new pg.Client({ connectionString: database.connectionString });
    const retry = () => {
      if (listener === client) listener = undefined;
      client.end().catch(() => {});
      if (!closed)
        reconnect ??= setTimeout(() => {
          reconnect = undefined;
          void listen();
        }, RECONNECT_MS);
    };
    client.on("error", (error) => {
      logger.warn({ err: error }, "page cache: the connection listening for edits failed; reconnecting");
      retry();
    });
    client.on("notification", (message) => advance(Number(message.payload)));
    try {
      await client.connect();
      await client.query("listen page_cache");
      listener = client;
      // Edits made while no one was listening.
      advance(await readVersion(db));
    } catch (error) {
      logger.warn({ err: error }, "page cache: could not listen for edits; checking every second instead");
      retry();
    }
  };
  await listen();

  const poll = setInterval(() => {
    readVersion(db).then(advance, () => {});
  }, POLL_MS);
  poll.unref();

  return {
    current: () => version,
    async close() {
      closed = true;
      clearInterval(poll);
      clearTimeout(reconnect);
      await listener?.end().catch(() => {});
    },
  };
}
