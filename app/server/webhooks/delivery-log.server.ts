import type { WebhookLogFilter } from "~/lib/schemas/webhooks";
import type { DeliveryLogEntry } from "~/lib/types/webhooks";
import type { Database } from "../db/schema.server";
import { fromBool } from "../db/values.server";

export const DELIVERY_LOG_PAGE_SIZE = 25;

/** An endpoint's deliveries, newest first, filtered by event and outcome, a page at a time, with every attempt. */
export async function listDeliveries(
  db: Database,
  endpointId: string,
  filter: WebhookLogFilter,
  pageSize = DELIVERY_LOG_PAGE_SIZE,
) {
  let query = db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("endpoint_id", "=", endpointId)
    .orderBy("id", "desc")
    .limit(pageSize + 1);
  if (filter.event) query = query.where("event_type", "=", filter.event);
  if (filter.outcome) query = query.where("status", "=", filter.outcome);
  if (filter.before) query = query.where("id", "<", filter.before);
  const rows = await query.execute();
  const page = rows.slice(0, pageSize);
  const attempts =
    page.length === 0
      ? []
      : await db
          .selectFrom("webhook_delivery_attempts")
          .selectAll()
          .where(
            "delivery_id",
            "in",
            page.map((row) => row.id),
          )
          .orderBy("attempted_at", "desc")
          .orderBy("id", "desc")
          .execute();
  const entries: DeliveryLogEntry[] = page.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: row.next_attempt_at,
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
    attemptLog: attempts
      .filter((attempt) => attempt.delivery_id === row.id)
      .map((attempt) => ({
        id: attempt.id,
        attemptedAt: attempt.attempted_at,
        statusCode: attempt.status_code === null ? null : Number(attempt.status_code),
        durationMs: Number(attempt.duration_ms),
        responseBody: attempt.response_body,
        error: attempt.error,
        delivered: fromBool(attempt.delivered),
      })),
  }));
  return { entries, nextBefore: rows.length > pageSize ? (page.at(-1)?.id ?? null) : null };
}
