/** The delivery queue: events fanned out to endpoints, claimed by a worker, released, and their attempts recorded. */
import { type Insertable, sql } from "kysely";
import { auditOf } from "../audit/audit.server";
import { dialectOf } from "../db/database.server";
import type { Database, DB, Row } from "../db/schema.server";
import { fromBool, fromJson, newId } from "../db/values.server";
import { afterFailedTry, releaseUntried } from "../db/work-queue.server";
import { activeAdminAddresses } from "../mail/lead-mails.server";
import { queueMails } from "../mail/outbox.server";
import type { SendResult } from "./send.server";

const auditWebhookEndpoint = auditOf("webhook_endpoint");

/** Retries wait longer each time, from a minute up to a day; after the last one the delivery is failed. */
export const RETRY_DELAYS_MS = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 60 * 60_000,
  6 * 60 * 60_000,
  12 * 60 * 60_000,
  24 * 60 * 60_000,
  24 * 60 * 60_000,
  24 * 60 * 60_000,
];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How long a worker owns the deliveries it claimed: far beyond a batch's sends, each limited to 10 s. */
export const DELIVERY_LOCK_MS = 2 * 60_000;
/** An endpoint that has failed without a single success for this long is paused, and admins are told. */
export const PAUSE_AFTER_FAILING_MS = 3 * 24 * 60 * 60_000;

/**
 * Fans recorded events out to the endpoints that want them: one delivery per endpoint (a unique index
 * makes a second impossible), for endpoints that existed when the event happened, spam only where
 * asked for. Paused endpoints get theirs too, to be sent once resumed. An event nobody wants is
 * deleted, so no copy of a lead's data lingers for nothing. Returns how many events it handled.
 */
export async function dispatchWebhookEvents(db: Database, { limit = 500, nowMs = Date.now() } = {}) {
  return db.transaction().execute(async (trx) => {
    const lock = dialectOf(trx) === "postgres" ? sql`for update skip locked` : sql``;
    const { rows: events } = await sql<{
      id: string;
      type: string;
      is_spam: boolean | number;
      released_from_spam: boolean | number;
      created_at: string;
    }>`
      select id, type, is_spam, released_from_spam, created_at from webhook_events
      where dispatched_at is null
      order by id
      limit ${limit}
      ${lock}`.execute(trx);
    if (events.length === 0) return 0;
    const endpoints = (
      await trx.selectFrom("webhook_endpoints").select(["id", "events", "include_spam", "created_at"]).execute()
    ).map((endpoint) => ({
      id: endpoint.id,
      events: new Set(fromJson<string[]>(endpoint.events, [])),
      includeSpam: fromBool(endpoint.include_spam),
      createdAt: Date.parse(endpoint.created_at),
    }));
    const at = new Date(nowMs).toISOString();
    const deliveries: Insertable<DB["webhook_deliveries"]>[] = [];
    const unwanted: string[] = [];
    const dispatched: string[] = [];
    for (const event of events) {
      const wanting = endpoints.filter(
        (endpoint) =>
          endpoint.events.has(event.type) &&
          (endpoint.includeSpam ? !fromBool(event.released_from_spam) : !fromBool(event.is_spam)) &&
          endpoint.createdAt <= Date.parse(event.created_at),
      );
      if (wanting.length === 0) {
        unwanted.push(event.id);
        continue;
      }
      dispatched.push(event.id);
      for (const endpoint of wanting) {
        deliveries.push(newDelivery(event.id, endpoint.id, event.type, at));
      }
    }
    for (let start = 0; start < deliveries.length; start += 200) {
      await trx
        .insertInto("webhook_deliveries")
        .values(deliveries.slice(start, start + 200))
        .onConflict((conflict) => conflict.columns(["event_id", "endpoint_id"]).doNothing())
        .execute();
    }
    if (dispatched.length > 0) {
      await trx.updateTable("webhook_events").set({ dispatched_at: at }).where("id", "in", dispatched).execute();
    }
    if (unwanted.length > 0) await trx.deleteFrom("webhook_events").where("id", "in", unwanted).execute();
    return events.length;
  });
}

export function newDelivery(
  eventId: string,
  endpointId: string,
  eventType: string,
  at: string,
  isTest = false,
): Insertable<DB["webhook_deliveries"]> {
  return {
    id: newId(),
    event_id: eventId,
    endpoint_id: endpointId,
    event_type: eventType,
    is_test: isTest,
    status: "queued",
    final_attempt: false,
    next_attempt_at: at,
    locked_until: null,
    last_status_code: null,
    last_error: null,
    delivered_at: null,
    created_at: at,
    updated_at: at,
  };
}

/** A delivery this worker claimed, with what it needs to send it. */
export type ClaimedDelivery = {
  id: string;
  lockedUntil: string;
  attempts: number;
  finalAttempt: boolean;
  isTest: boolean;
  eventId: string;
  eventType: string;
  body: string;
  endpoint: {
    id: string;
    url: string;
    format: "standard" | "slack";
    secrets: string[];
  };
};

/**
 * Takes up to `limit` due deliveries: queued ones whose time has come and ones another worker claimed
 * but never finished, for endpoints that are active (a test goes out to a paused one too). On
 * PostgreSQL `FOR UPDATE SKIP LOCKED` lets app processes share the queue; on SQLite the one statement
 * runs under the database's write lock. Either way each delivery goes to one worker.
 */
export async function claimDueDeliveries(
  db: Database,
  { limit = 50, nowMs = Date.now() } = {},
): Promise<ClaimedDelivery[]> {
  const at = new Date(nowMs).toISOString();
  const lockedUntil = new Date(nowMs + DELIVERY_LOCK_MS).toISOString();
  const lock = dialectOf(db) === "postgres" ? sql`for update skip locked` : sql``;
  const claimStatement = sql<Row<"webhook_deliveries">>`
    update webhook_deliveries
    set status = 'sending', locked_until = ${lockedUntil}, attempts = attempts + 1, updated_at = ${at}
    where id in (
      select id from webhook_deliveries
      where ((status = 'queued' and next_attempt_at <= ${at}) or (status = 'sending' and locked_until < ${at}))
        and (is_test = true or endpoint_id in (select id from webhook_endpoints where status = 'active'))
      order by next_attempt_at
      limit ${limit}
      ${lock}
    )
    returning *`;
  // In a transaction, so that on SQLite it joins the lead commits queued with it instead of forcing
  // them to disk on its own.
  const { rows: claimed } = await db.transaction().execute((trx) => claimStatement.execute(trx));
  if (claimed.length === 0) return [];
  const events = await db
    .selectFrom("webhook_events")
    .select(["id", "body"])
    .where(
      "id",
      "in",
      claimed.map((delivery) => delivery.event_id),
    )
    .execute();
  const endpoints = await db
    .selectFrom("webhook_endpoints")
    .selectAll()
    .where("id", "in", [...new Set(claimed.map((delivery) => delivery.endpoint_id))])
    .execute();
  const result: ClaimedDelivery[] = [];
  for (const delivery of claimed) {
    const event = events.find((each) => each.id === delivery.event_id);
    const endpoint = endpoints.find((each) => each.id === delivery.endpoint_id);
    if (!event || !endpoint) continue;
    const secrets = [endpoint.secret];
    if (
      endpoint.previous_secret &&
      endpoint.previous_secret_expires_at &&
      Date.parse(endpoint.previous_secret_expires_at) > nowMs
    ) {
      secrets.push(endpoint.previous_secret);
    }
    result.push({
      id: delivery.id,
      lockedUntil: String(delivery.locked_until),
      attempts: Number(delivery.attempts),
      finalAttempt: fromBool(delivery.final_attempt),
      isTest: fromBool(delivery.is_test),
      eventId: delivery.event_id,
      eventType: delivery.event_type,
      body: event.body,
      endpoint: { id: endpoint.id, url: endpoint.url, format: endpoint.format, secrets },
    });
  }
  return result;
}

/** Hands claimed deliveries that were not tried back to the queue, due at once, without counting an attempt. */
export async function releaseDeliveries(db: Database, deliveries: ClaimedDelivery[], nowMs = Date.now()) {
  await releaseUntried(db, "webhook_deliveries", deliveries, nowMs);
}

/** Text a database stores as is: no NUL characters (PostgreSQL refuses them). */
const storable = (text: string | null) => (text === null ? null : text.replaceAll("\u0000", ""));

export type AttemptOutcome = { delivery: ClaimedDelivery; result: SendResult; attemptedAt: string };

/**
 * The outcomes whose deliveries this worker still holds: before recording a batch again after a
 * failover, since the first recording may have committed with its answer lost (it ends the hold).
 */
export async function outcomesStillHeld(db: Database, outcomes: AttemptOutcome[]) {
  if (outcomes.length === 0) return outcomes;
  const held = await db
    .selectFrom("webhook_deliveries")
    .select("id")
    .where((eb) =>
      eb.or(
        outcomes.map(({ delivery }) =>
          eb.and([eb("id", "=", delivery.id), eb("locked_until", "=", delivery.lockedUntil)]),
        ),
      ),
    )
    .execute();
  const ids = new Set(held.map((row) => row.id));
  return outcomes.filter(({ delivery }) => ids.has(delivery.id));
}

/**
 * Records a batch of attempts in one transaction: each attempt in the log, the delivery delivered,
 * scheduled again or failed (only while this worker's hold on it stands), and each endpoint's run of
 * failures. An endpoint failing for three days without a success is paused and the admins are mailed,
 * once. Returns the endpoints it paused.
 */
export async function recordAttempts(
  db: Database,
  outcomes: AttemptOutcome[],
  { nowMs = Date.now(), baseUrl = "" }: { nowMs?: number; baseUrl?: string } = {},
) {
  if (outcomes.length === 0) return [];
  const at = new Date(nowMs).toISOString();
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto("webhook_delivery_attempts")
      .values(
        outcomes.map(({ delivery, result, attemptedAt }) => ({
          id: newId(),
          delivery_id: delivery.id,
          attempted_at: attemptedAt,
          status_code: result.statusCode,
          duration_ms: result.durationMs,
          response_body: storable(result.responseBody),
          error: storable(result.error?.slice(0, 1000) ?? null),
          delivered: result.delivered,
        })),
      )
      .execute();
    const succeeded = new Set<string>();
    const failing = new Set<string>();
    for (const { delivery, result } of outcomes) {
      if (result.delivered) {
        succeeded.add(delivery.endpoint.id);
        await trx
          .updateTable("webhook_deliveries")
          .set({
            status: "delivered",
            delivered_at: at,
            locked_until: null,
            last_status_code: result.statusCode,
            last_error: null,
            updated_at: at,
          })
          .where("id", "=", delivery.id)
          .where("locked_until", "=", delivery.lockedUntil)
          .execute();
        continue;
      }
      if (!delivery.isTest) failing.add(delivery.endpoint.id);
      await trx
        .updateTable("webhook_deliveries")
        .set({
          ...afterFailedTry(RETRY_DELAYS_MS, delivery.attempts, nowMs, { finalAttempt: delivery.finalAttempt }),
          last_status_code: result.statusCode,
          last_error: storable(result.error?.slice(0, 1000) ?? null),
          updated_at: at,
        })
        .where("id", "=", delivery.id)
        .where("locked_until", "=", delivery.lockedUntil)
        .execute();
    }
    if (succeeded.size > 0) {
      await trx
        .updateTable("webhook_endpoints")
        .set({ failing_since: null })
        .where("id", "in", [...succeeded])
        .where("failing_since", "is not", null)
        .execute();
    }
    const stillFailing = [...failing].filter((id) => !succeeded.has(id));
    if (stillFailing.length === 0) return [];
    await trx
      .updateTable("webhook_endpoints")
      .set({ failing_since: at })
      .where("id", "in", stillFailing)
      .where("failing_since", "is", null)
      .execute();
    const cutoff = new Date(nowMs - PAUSE_AFTER_FAILING_MS).toISOString();
    const paused = await trx
      .updateTable("webhook_endpoints")
      .set({
        status: "paused",
        paused_reason: "Paused automatically: every delivery failed for 3 days.",
        updated_at: at,
      })
      .where("id", "in", stillFailing)
      .where("status", "=", "active")
      .where("failing_since", "<=", cutoff)
      .returning(["id", "url", "description"])
      .execute();
    if (paused.length === 0) return [];
    const admins = await activeAdminAddresses(trx);
    for (const endpoint of paused) {
      await auditWebhookEndpoint(trx, null, "webhook.auto_pause", endpoint.id, { url: endpoint.url });
      await queueMails(
        trx,
        admins.map((to) => ({
          kind: "webhook_paused" as const,
          to,
          subject: "A webhook endpoint was paused after failing for 3 days",
          text: [
            `Every delivery to this webhook endpoint has failed for 3 days, so it was paused:`,
            "",
            endpoint.url,
            endpoint.description ? `(${endpoint.description})` : "",
            "",
            "Its events are kept and go out once you resume it. Check the delivery log for the receiver's answers:",
            `${baseUrl}/admin/webhooks/${endpoint.id}`,
          ]
            .filter((line, index, lines) => line !== "" || lines[index - 1] !== "")
            .join("\n"),
          leadId: null,
        })),
        at,
      );
    }
    return paused.map((endpoint) => endpoint.id);
  });
}
