import type { Database } from "./schema.server";

/** The SQLite databases this process opened, and how each tells a transaction when to begin. */
export const commitWindows = new WeakMap<Database, { untilNextCommitWindow(): Promise<void> | undefined }>();

/**
 * Before a transaction that should share its commit with others arriving about now (a visitor's
 * lead): on SQLite, with `SQLITE_GROUP_COMMIT_MS` set and the last commit less than that long ago,
 * resolves once that time has passed; otherwise undefined, and the transaction begins at once.
 */
export function untilNextCommitWindow(db: Database): Promise<void> | undefined {
  return commitWindows.get(db)?.untilNextCommitWindow();
}
