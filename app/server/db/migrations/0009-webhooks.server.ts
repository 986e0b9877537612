import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server";
import * as kit from "./schema-kit.server";

/**
 * Outgoing webhooks. An event is written in the transaction of the change it reports; a worker fans it
 * out to the endpoints that want it (one delivery per endpoint, never two: a unique index) and sends
 * each delivery, recording every attempt.
 */
export async function up(db: Kysely<unknown>) {
  const t = columnTypes(db);
  await kit
    .createTableWithId(db, "webhook_endpoints")
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("events", t.json, (c) => c.notNull())
    .addColumn("include_spam", t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn("format", "text", (c) => c.notNull().defaultTo("standard"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("paused_reason", "text")
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("previous_secret", "text")
    .addColumn("previous_secret_expires_at", t.timestamp)
    .addColumn("failing_since", t.timestamp)
    .$call(kit.timestamps(t))
    .execute();

  // The body is kept as the exact text that is signed and sent (jsonb would reorder it).
  await kit
    .createTableWithId(db, "webhook_events")
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("is_spam", t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    // A lead released from the spam queue: only endpoints that did not get it as spam get it now.
    .addColumn("released_from_spam", t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn("lead_id", "text")
    .addColumn("email", "text")
    .addColumn("dispatched_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await kit.createIndexes(db, "webhook_events", {
    webhook_events_pending_idx: { columns: ["id"], where: ["dispatched_at", "is", null] },
  });
  // No index on lead_id or email: each would cost every captured lead another index write, for a GDPR
  // erase that is rare and scans a table the worker keeps short (unwanted events go at once, old ones
  // after 30 days).

  await kit
    .createTableWithId(db, "webhook_deliveries")
    .addColumn("event_id", "text", (c) => c.notNull().references("webhook_events.id").onDelete("cascade"))
    .addColumn("endpoint_id", "text", (c) => c.notNull().references("webhook_endpoints.id").onDelete("cascade"))
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("is_test", t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
    .$call(kit.retryColumns(t))
    .addColumn("delivered_at", t.timestamp)
    .$call(kit.timestamps(t))
    .execute();
  await kit.createIndexes(db, "webhook_deliveries", {
    webhook_deliveries_event_endpoint_unique: { columns: ["event_id", "endpoint_id"], unique: true },
    webhook_deliveries_due_idx: ["status", "next_attempt_at"],
    webhook_deliveries_endpoint_idx: ["endpoint_id", "id"],
  });

  await kit
    .createTableWithId(db, "webhook_delivery_attempts")
    .addColumn("delivery_id", "text", (c) => c.notNull().references("webhook_deliveries.id").onDelete("cascade"))
    .addColumn("attempted_at", t.timestamp, (c) => c.notNull())
    .addColumn("status_code", "integer")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("response_body", "text")
    .addColumn("error", "text")
    .addColumn("delivered", t.bool, (c) => c.notNull())
    .execute();
  await kit.createIndexes(db, "webhook_delivery_attempts", {
    webhook_delivery_attempts_delivery_idx: ["delivery_id", "attempted_at"],
  });
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["webhook_delivery_attempts", "webhook_deliveries", "webhook_events", "webhook_endpoints"]) {
    await db.schema.dropTable(table).execute();
  }
}
