import type { Database } from "./schema.server";

/** The tables workers claim rows from: a status, a count of attempts, and a lock while one is held. */
type WorkQueueTable = "email_outbox" | "webhook_deliveries";

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
