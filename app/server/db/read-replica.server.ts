import { sql } from "kysely";
import { openDatabase } from "./database.server";
import type { Database } from "./schema.server";

/**
 * After a failed read the standby is left alone this long: a standby whose address swallows packets
 * would otherwise cost every report the connect timeout before it falls back to the primary.
 */
const RESTING_MS = 10_000;

const restingUntil = new WeakMap<Database, number>();

type Log = { warn: (details: object, message: string) => void };

/** The pool to a standby (DATABASE_READ_URL) for the reporting screens; its own share of connections. */
export function openReadReplica(url: string, poolMax: number): Database {
  return openDatabase({ dialect: "postgres", connectionString: url }, { poolMax });
}

function usable(replica: Database | null | undefined): replica is Database {
  return replica != null && (restingUntil.get(replica) ?? 0) <= Date.now();
}

function rest(replica: Database, error: unknown, logger: Log) {
  restingUntil.set(replica, Date.now() + RESTING_MS);
  logger.warn(
    { err: error, restingMs: RESTING_MS },
    "read replica (DATABASE_READ_URL) failed: reading from the primary instead",
  );
}

/**
 * Runs `work` on the standby when there is one (and it has not just failed), else on the primary. A
 * standby that cannot be reached or errors (also a query it cancels for replaying WAL) costs the
 * screen a second try on the primary, never an error page. `work` should only read: it may run twice.
 */
export async function readOnReplica<T>(
  replica: Database | null | undefined,
  primary: Database,
  logger: Log,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  if (!usable(replica)) return work(primary);
  try {
    return await work(replica);
  } catch (error) {
    rest(replica, error, logger);
    return work(primary);
  }
}

/**
 * The database a streamed export should read from: the standby if it answers now, else the primary.
 * A stream cannot start over once its first rows are sent, so the standby is asked before it starts.
 */
export async function replicaIfReachable(
  replica: Database | null | undefined,
  primary: Database,
  logger: Log,
): Promise<Database> {
  if (!usable(replica)) return primary;
  try {
    await sql`select 1`.execute(replica);
    return replica;
  } catch (error) {
    rest(replica, error, logger);
    return primary;
  }
}
