import { AppError } from "../app-error.server";
import type { Database, OutboxStatus, WebhookDeliveryStatus } from "./schema.server";
import { now } from "./values.server";

/**
 * Puts one row of a sending queue back as queued and due now, as staff ask by hand: only while its
 * status is still `readStatus`, the one the caller read. A worker may have claimed the row since
 * (PostgreSQL reads without a lock there); then the row is the worker's and staff get `busy` as a
 * conflict instead of a second send.
 */
export async function requeueByHand(
  db: Database,
  table: "email_outbox" | "webhook_deliveries",
  row: { id: string; readStatus: OutboxStatus | WebhookDeliveryStatus },
  busy: string,
  /** More columns to set: a delivery sent again by hand gets one try, not a new round of retries. */
  extra: { final_attempt?: boolean } = {},
) {
  const at = now();
  const requeued = await db
    .updateTable(table)
    .set({ ...extra, status: "queued", next_attempt_at: at, locked_until: null, updated_at: at })
    .where("id", "=", row.id)
    .where("status", "=", row.readStatus)
    .executeTakeFirst();
  if (Number(requeued.numUpdatedRows) !== 1) throw new AppError("CONFLICT", busy);
}
