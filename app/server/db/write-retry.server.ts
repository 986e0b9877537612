import { setTimeout as sleep } from "node:timers/promises";
import { poolOf } from "./database.server";
import { isFailoverError, locatorOf } from "./postgres-failover.server";
import type { Database } from "./schema.server";

/** How long a write keeps being sent again while the primary is being replaced (a promotion takes seconds). */
export const WRITE_RETRY_BUDGET_MS = 15_000;
const FIRST_PAUSE_MS = 100;
const LONGEST_PAUSE_MS = 1_000;

export type WriteAttempt = { attempt: number; retried: boolean };

/**
 * Runs a write, and when it failed because the primary went away (the connection dropped, a standby
 * or a shutting-down server answered), sends it again until a primary takes it or the budget is
 * spent. The work must be safe to repeat: whatever it creates carries an id chosen before the first
 * attempt, and a retry first looks for it, since the commit may have happened with its answer lost.
 * Only for a database whose URL names a primary to find: without failover there is nobody to wait for.
 */
export async function retryOnFailover<T>(
  db: Database,
  work: (attempt: WriteAttempt) => Promise<T>,
  { budgetMs = WRITE_RETRY_BUDGET_MS }: { budgetMs?: number } = {},
): Promise<T> {
  const locator = locatorOf(poolOf(db));
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await work({ attempt, retried: attempt > 1 });
      if (attempt > 1 && locator) locator.noteRetriedWrite(attempt - 1);
      return result;
    } catch (error) {
      const elapsed = Date.now() - started;
      if (!locator || !isFailoverError(error) || elapsed >= budgetMs) throw error;
      const pause = Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (attempt - 1), budgetMs - elapsed);
      await sleep(pause);
    }
  }
}
