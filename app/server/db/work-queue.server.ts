import type { Database } from "./schema.server";

/** The tables workers claim rows from: a status, a count of attempts, and a lock while one is held. */
type WorkQueueTable = "email_outbox" | "webhook_deliveries" | "ad_conversions";

/**
 * Where a failed try leaves the row: queued again after the schedule's delay for it (after the n-th
 * try, `retryDelaysMs[n - 1]` from `nowMs`), or failed for good when the schedule has no delay left
 * or the try was marked `finalAttempt`; either way it is no longer held.
 */
export function afterFailedTry(
  retryDelaysMs: readonly number[],
  attempts: number,
  nowMs: number,
  { finalAttempt = false }: { finalAttempt?: boolean } = {},
) {
  const delay = finalAttempt ? undefined : retryDelaysMs[attempts - 1];
  return {
    status: delay === undefined ? ("failed" as const) : ("queued" as const),
    next_attempt_at: new Date(nowMs + (delay ?? 0)).toISOString(),
    locked_until: null,
  };
}

/**
 * Hands claimed rows that were not tried back to the queue, due at once, without counting an
 * attempt. Claimed together, they share their claim's lock, so one statement releases them all, and
 * none another worker has taken over since.
 */
export async function releaseUntried(
  db: Database,
  table: WorkQueueTable,
  claimed: { id: string; lockedUntil: string }[],
  nowMs: number,
) {
  const [first] = claimed;
  if (!first) return;
  const at = new Date(nowMs).toISOString();
  await db
    .updateTable(table)
    .set((eb) => ({
      status: "queued",
      attempts: eb("attempts", "-", 1),
      locked_until: null,
      next_attempt_at: at,
      updated_at: at,
    }))
    .where(
      "id",
      "in",
      claimed.map((row) => row.id),
    )
    .where("locked_until", "=", first.lockedUntil)
    .execute();
}
