import { WEBHOOK_TEST_EVENT } from "~/lib/schemas/webhooks";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { requeueByHand } from "../db/requeue.server";
import type { Database } from "../db/schema.server";
import { newId, now, toJson } from "../db/values.server";
import type { WebhookBody } from "./events.server";
import { newDelivery } from "./queue.server";

/** Deliveries queued by hand: a test event, one delivery again, every failed one again. */

const auditWebhookEndpoint = auditOf("webhook_endpoint");

/** A `webhook.test` event for one endpoint, queued at once; the worker sends it even to a paused endpoint. */
export async function queueTestEvent(
  db: Database,
  endpointId: string,
  actor: AuditActor | null,
  { siteName = "your site" }: { siteName?: string } = {},
) {
  return db.transaction().execute(async (trx) => {
    const endpoint = await trx
      .selectFrom("webhook_endpoints")
      .select(["id", "url"])
      .where("id", "=", endpointId)
      .executeTakeFirst();
    if (!endpoint) throw new AppError("NOT_FOUND", "This endpoint no longer exists.");
    const id = newId();
    const at = now();
    const body: WebhookBody = {
      id,
      type: WEBHOOK_TEST_EVENT,
      timestamp: at,
      data: { message: `A test event from ${siteName}. Your endpoint is connected.`, endpoint_id: endpointId },
    };
    await trx
      .insertInto("webhook_events")
      .values({
        id,
        type: WEBHOOK_TEST_EVENT,
        body: toJson(body),
        is_spam: false,
        released_from_spam: false,
        lead_id: null,
        email: null,
        dispatched_at: at,
        created_at: at,
      })
      .execute();
    const delivery = newDelivery(id, endpointId, WEBHOOK_TEST_EVENT, at, true);
    await trx.insertInto("webhook_deliveries").values(delivery).execute();
    await auditWebhookEndpoint(trx, actor, "webhook.test", endpointId, { url: endpoint.url, eventId: id });
    return { eventId: id, deliveryId: delivery.id as string };
  });
}

/**
 * Sends a delivery once more (delivered or failed alike), due now, as one last try: if it fails it
 * is failed again rather than starting a new round of retries.
 */
export async function redeliver(db: Database, endpointId: string, deliveryId: string, actor: AuditActor | null) {
  await db.transaction().execute(async (trx) => {
    const delivery = await trx
      .selectFrom("webhook_deliveries")
      .select(["id", "status", "event_type", "event_id"])
      .where("id", "=", deliveryId)
      .where("endpoint_id", "=", endpointId)
      .executeTakeFirst();
    if (!delivery) throw new AppError("NOT_FOUND", "This delivery no longer exists.");
    if (delivery.status === "sending") throw new AppError("CONFLICT", "This delivery is being sent right now.");
    if (delivery.status === "queued") throw new AppError("CONFLICT", "This delivery is already waiting to be sent.");
    await requeueByHand(
      trx,
      "webhook_deliveries",
      { id: deliveryId, readStatus: delivery.status },
      "This delivery is being sent right now.",
      { final_attempt: true },
    );
    await auditWebhookEndpoint(trx, actor, "webhook.redeliver", endpointId, {
      deliveryId,
      eventId: delivery.event_id,
      eventType: delivery.event_type,
      previousStatus: delivery.status,
    });
  });
}

/** Every failed delivery of an endpoint back in the queue, each for one more try. Returns how many. */
export async function redeliverFailed(db: Database, endpointId: string, actor: AuditActor | null) {
  return db.transaction().execute(async (trx) => {
    const endpoint = await trx
      .selectFrom("webhook_endpoints")
      .select("id")
      .where("id", "=", endpointId)
      .executeTakeFirst();
    if (!endpoint) throw new AppError("NOT_FOUND", "This endpoint no longer exists.");
    const at = now();
    const requeued = await trx
      .updateTable("webhook_deliveries")
      .set({ status: "queued", final_attempt: true, next_attempt_at: at, locked_until: null, updated_at: at })
      .where("endpoint_id", "=", endpointId)
      .where("status", "=", "failed")
      .executeTakeFirst();
    const count = Number(requeued.numUpdatedRows);
    await auditWebhookEndpoint(trx, actor, "webhook.redeliver_failed", endpointId, { deliveries: count });
    return count;
  });
}
