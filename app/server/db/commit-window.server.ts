import type { Transaction } from "kysely";
import type { Database, DB } from "./schema.server";

/** The SQLite databases this process opened, and how each tells a transaction when to begin. */
export const commitWindows = new WeakMap<Database, { untilNextCommitWindow(): Promise<void> | undefined }>();

/**
 * A transaction that should share its commit with others arriving about now (a visitor's lead): on
 * SQLite, with `SQLITE_GROUP_COMMIT_MS` set and the last commit less than that long ago, it begins
 * once that time has passed, together with the others that waited; otherwise at once.
 */
export async function transactionSharingCommit<T>(db: Database, work: (trx: Transaction<DB>) => Promise<T>) {
  const window = commitWindows.get(db)?.untilNextCommitWindow();
  if (window) await window;
  return db.transaction().execute(work);
}
