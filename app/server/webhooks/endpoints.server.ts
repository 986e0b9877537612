import type { Updateable } from "kysely";
import type { WebhookEndpointInput, WebhookEventType } from "~/lib/schemas/webhooks";
import type { WebhookEndpoint } from "~/lib/types/webhooks";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { fieldChanges, sameValue } from "../audit/changes.server";
import type { Database, DB, Row } from "../db/schema.server";
import { fromBool, fromJson, newId, now, toJson } from "../db/values.server";
import { checkWebhookUrl, type Resolver, WebhookAddressError } from "./address-guard.server";
import { newWebhookSecret } from "./signature.server";

const auditWebhookEndpoint = auditOf("webhook_endpoint");

/** After a rotation the old secret still signs (beside the new one) for this long, so receivers can switch over. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60_000;

export function toWebhookEndpoint(row: Row<"webhook_endpoints">, nowMs = Date.now()): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: fromJson<WebhookEventType[]>(row.events, []),
    includeSpam: fromBool(row.include_spam),
    format: row.format,
    status: row.status,
    pausedReason: row.paused_reason,
    failingSince: row.failing_since,
    previousSecretActive: Boolean(
      row.previous_secret && row.previous_secret_expires_at && Date.parse(row.previous_secret_expires_at) > nowMs,
    ),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type EndpointGuard = { allowPrivate: boolean; resolve?: Resolver };

async function checkedUrl(url: string, guard: EndpointGuard) {
  try {
    return await checkWebhookUrl(url, guard);
  } catch (error) {
    if (error instanceof WebhookAddressError) throw new AppError("INVALID_INPUT", error.message, { field: "url" });
    throw error;
  }
}

export async function listWebhookEndpoints(db: Database) {
  const rows = await db.selectFrom("webhook_endpoints").selectAll().orderBy("created_at").orderBy("id").execute();
  const counts = await db
    .selectFrom("webhook_deliveries")
    .select(["endpoint_id", "status", (eb) => eb.fn.countAll<number>().as("count")])
    .where("status", "in", ["queued", "sending", "failed"])
    .groupBy(["endpoint_id", "status"])
    .execute();
  return rows.map((row) => {
    const mine = counts.filter((count) => count.endpoint_id === row.id);
    const count = (status: string) => Number(mine.find((entry) => entry.status === status)?.count ?? 0);
    return { ...toWebhookEndpoint(row), pending: count("queued") + count("sending"), failed: count("failed") };
  });
}

export async function getWebhookEndpoint(db: Database, endpointId: string) {
  const row = await db.selectFrom("webhook_endpoints").selectAll().where("id", "=", endpointId).executeTakeFirst();
  return row ? toWebhookEndpoint(row) : null;
}

async function requireEndpoint(db: Database, endpointId: string) {
  const row = await db.selectFrom("webhook_endpoints").selectAll().where("id", "=", endpointId).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "This endpoint no longer exists.");
  return row;
}

/** Adds an endpoint after checking where its URL leads; returns it with its secret, which is shown this once. */
export async function createWebhookEndpoint(
  db: Database,
  input: WebhookEndpointInput,
  actor: AuditActor | null,
  guard: EndpointGuard,
) {
  const url = await checkedUrl(input.url, guard);
  const id = newId();
  const secret = newWebhookSecret();
  const at = now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("webhook_endpoints")
      .values({
        id,
        url,
        description: input.description,
        events: toJson(input.events),
        include_spam: input.includeSpam,
        format: input.format,
        status: "active",
        paused_reason: null,
        secret,
        previous_secret: null,
        previous_secret_expires_at: null,
        failing_since: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await auditWebhookEndpoint(trx, actor, "webhook.create", id, {
      url,
      events: input.events,
      format: input.format,
      includeSpam: input.includeSpam,
    });
  });
  return { id, secret, url };
}

/** Changes the endpoint's row and records the change in the audit log, together. */
function changeEndpoint(
  db: Database,
  endpointId: string,
  values: Updateable<DB["webhook_endpoints"]>,
  audit: { actor: AuditActor | null; action: string; summary: Record<string, unknown> },
) {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable("webhook_endpoints").set(values).where("id", "=", endpointId).execute();
    await auditWebhookEndpoint(trx, audit.actor, audit.action, endpointId, audit.summary);
  });
}

export async function updateWebhookEndpoint(
  db: Database,
  endpointId: string,
  input: WebhookEndpointInput,
  actor: AuditActor | null,
  guard: EndpointGuard,
) {
  const before = toWebhookEndpoint(await requireEndpoint(db, endpointId));
  const url = before.url === input.url ? before.url : await checkedUrl(input.url, guard);
  const after = {
    url,
    description: input.description,
    events: input.events,
    includeSpam: input.includeSpam,
    format: input.format,
  };
  const changes = fieldChanges(before, after, Object.keys(after) as (keyof typeof after)[], sameValue);
  if (Object.keys(changes).length === 0) return;
  await changeEndpoint(
    db,
    endpointId,
    {
      url,
      description: input.description,
      events: toJson(input.events),
      include_spam: input.includeSpam,
      format: input.format,
      updated_at: now(),
    },
    { actor, action: "webhook.update", summary: changes },
  );
}

/** Pauses (deliveries wait, new events still queue for it) or resumes an endpoint. */
export async function setWebhookEndpointPaused(
  db: Database,
  endpointId: string,
  paused: boolean,
  actor: AuditActor | null,
) {
  const before = await requireEndpoint(db, endpointId);
  if ((before.status === "paused") === paused) return;
  await changeEndpoint(
    db,
    endpointId,
    {
      status: paused ? "paused" : "active",
      paused_reason: paused ? "Paused by an admin." : null,
      // A resumed endpoint starts a fresh count towards being paused for failing.
      failing_since: null,
      updated_at: now(),
    },
    { actor, action: paused ? "webhook.pause" : "webhook.resume", summary: { url: before.url } },
  );
}

/** A new secret, returned this once; the old one keeps signing beside it for a day. */
export async function rotateWebhookSecret(db: Database, endpointId: string, actor: AuditActor | null) {
  const before = await requireEndpoint(db, endpointId);
  const secret = newWebhookSecret();
  const at = Date.now();
  await changeEndpoint(
    db,
    endpointId,
    {
      secret,
      previous_secret: before.secret,
      previous_secret_expires_at: new Date(at + PREVIOUS_SECRET_GRACE_MS).toISOString(),
      updated_at: new Date(at).toISOString(),
    },
    { actor, action: "webhook.rotate_secret", summary: { url: before.url } },
  );
  return secret;
}

/** Deletes an endpoint with its delivery log. */
export async function deleteWebhookEndpoint(db: Database, endpointId: string, actor: AuditActor | null) {
  const before = await requireEndpoint(db, endpointId);
  await db.transaction().execute(async (trx) => {
    const deliveries = trx.selectFrom("webhook_deliveries").select("id").where("endpoint_id", "=", endpointId);
    await trx.deleteFrom("webhook_delivery_attempts").where("delivery_id", "in", deliveries).execute();
    await trx.deleteFrom("webhook_deliveries").where("endpoint_id", "=", endpointId).execute();
    await trx.deleteFrom("webhook_endpoints").where("id", "=", endpointId).execute();
    await auditWebhookEndpoint(trx, actor, "webhook.delete", endpointId, { url: before.url });
  });
}
