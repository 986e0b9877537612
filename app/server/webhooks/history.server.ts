import type { Database } from "../db/schema.server";

/** How long the delivery log keeps deliveries that are done (delivered or failed). */
export const WEBHOOK_HISTORY_MS = 30 * 24 * 60 * 60_000;

/** The smallest id made at `ms` (ids begin with their creation time), for a range scan of the primary key. */
function firstIdAt(ms: number) {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

/**
 * Deletes finished deliveries made before the history window, with their attempts and the events no
 * delivery needs any more, a chunk at a time so that no transaction holds the database for long.
 */
export async function pruneWebhookHistory(db: Database, nowMs = Date.now(), keepMs = WEBHOOK_HISTORY_MS) {
  const before = firstIdAt(nowMs - keepMs);
  let removed = 0;
  for (;;) {
    const chunk = await db
      .selectFrom("webhook_deliveries")
      .select(["id", "event_id"])
      .where("id", "<", before)
      .where("status", "in", ["delivered", "failed"])
      .orderBy("id")
      .limit(500)
      .execute();
    if (chunk.length === 0) return removed;
    await db.transaction().execute(async (trx) => {
      const ids = chunk.map((delivery) => delivery.id);
      await trx.deleteFrom("webhook_delivery_attempts").where("delivery_id", "in", ids).execute();
      await trx.deleteFrom("webhook_deliveries").where("id", "in", ids).execute();
      await trx
        .deleteFrom("webhook_events")
        .where("id", "in", [...new Set(chunk.map((delivery) => delivery.event_id))])
        .where(({ exists, not, selectFrom }) =>
          not(exists(selectFrom("webhook_deliveries").select("id").whereRef("event_id", "=", "webhook_events.id"))),
        )
        .execute();
    });
    removed += chunk.length;
    if (chunk.length < 500) return removed;
  }
}
