import type { Logger } from "pino";
import { createPassRunner } from "../background/passes.server";
import type { Database } from "../db/schema.server";
import { retryOnFailover } from "../db/write-retry.server";
import type { Resolver } from "./address-guard.server";
import type { WebhookBody } from "./events.server";
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  claimDueDeliveries,
  dispatchWebhookEvents,
  outcomesStillHeld,
  recordAttempts,
  releaseDeliveries,
} from "./queue.server";
import { createWebhookSender, REQUEST_TIMEOUT_MS } from "./send.server";
import { signWebhook } from "./signature.server";
import { slackMessage } from "./slack.server";

const POLL_MS = 1_000;
const DISPATCH_BATCH = 500;
const DELIVERY_BATCH = 50;
/** Sends under way at once within a batch: as many as the sender's sockets per receiver. */
const SEND_LANES = 16;
/** A pass stops after this many batches so that a stop or a kick is never far off; the next pass goes on. */
const MAX_BATCHES_PER_PASS = 40;

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;

/**
 * Delivers webhooks in the background, never on a visitor's request: it fans recorded events out to
 * their endpoints, then sends what is due, a batch at a time (in parallel within a batch) and records
 * the batch's attempts in one transaction.
 */
export function createWebhookWorker({
  db,
  logger,
  allowPrivate,
  baseUrl,
  pollMs = POLL_MS,
  timeoutMs = REQUEST_TIMEOUT_MS,
  resolve,
}: {
  db: Database;
  logger: Logger;
  allowPrivate: boolean;
  baseUrl: string;
  pollMs?: number;
  timeoutMs?: number;
  resolve?: Resolver;
}) {
  const sender = createWebhookSender({ allowPrivate, resolve, timeoutMs });

  function request(delivery: ClaimedDelivery, timestamp: number) {
    let body = delivery.body;
    if (delivery.endpoint.format === "slack") {
      body = JSON.stringify(slackMessage(JSON.parse(delivery.body) as WebhookBody, baseUrl));
    }
    const headers = {
      "webhook-id": delivery.eventId,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signWebhook(delivery.endpoint.secrets, delivery.eventId, timestamp, body),
    };
    return { headers, body };
  }

  /**
   * Sends a claimed batch, SEND_LANES at a time; returns how many it tried. A stop lets the sends
   * under way finish and hands the rest of the batch back to the queue, untried.
   */
  async function deliverBatch(deliveries: ClaimedDelivery[], clock: () => number) {
    const outcomes: AttemptOutcome[] = [];
    const untried: ClaimedDelivery[] = [];
    const waiting = [...deliveries];
    async function lane() {
      for (let delivery = waiting.shift(); delivery; delivery = waiting.shift()) {
        if (passes.isStopping()) {
          untried.push(delivery);
          continue;
        }
        const attemptedAtMs = clock();
        const { headers, body } = request(delivery, Math.floor(attemptedAtMs / 1000));
        const result = await sender.send(delivery.endpoint.url, headers, body);
        outcomes.push({ delivery, result, attemptedAt: new Date(attemptedAtMs).toISOString() });
      }
    }
    await Promise.all(Array.from({ length: Math.min(SEND_LANES, deliveries.length) }, lane));
    await releaseDeliveries(db, untried, clock());
    const failures = outcomes.filter((outcome) => !outcome.result.delivered);
    if (failures.length > 0) {
      logger.warn(
        { failed: failures.length, of: outcomes.length, first: failures[0]?.result.error },
        "webhook attempts failed",
      );
    }
    // The requests went out: their outcomes are recorded even across a failover, or the deliveries
    // would be sent again once their hold lapses.
    const paused = await retryOnFailover(db, async ({ retried }) =>
      recordAttempts(db, retried ? await outcomesStillHeld(db, outcomes) : outcomes, { nowMs: clock(), baseUrl }),
    );
    for (const endpointId of paused) {
      logger.warn({ endpointId }, "webhook endpoint paused after failing for 3 days; admins were mailed");
    }
    return outcomes.length;
  }

  /** One pass: fan out what was recorded, then send what is due. Returns how many attempts it made. */
  async function runOnce(nowMs = Date.now()): Promise<number> {
    const started = Date.now();
    const clock = () => nowMs + (Date.now() - started);
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS && !passes.isStopping(); batch++) {
      if ((await dispatchWebhookEvents(db, { limit: DISPATCH_BATCH, nowMs: clock() })) < DISPATCH_BATCH) break;
    }
    let tried = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS && !passes.isStopping(); batch++) {
      const due = await claimDueDeliveries(db, { limit: DELIVERY_BATCH, nowMs: clock() });
      if (due.length === 0) break;
      tried += await deliverBatch(due, clock);
      if (due.length < DELIVERY_BATCH) break;
    }
    return tried;
  }

  const passes = createPassRunner({ runOnce: () => runOnce(), pollMs, logger, label: "webhook worker" });

  return {
    runOnce,
    /** Something was queued (a test event, a redelivery): send it now rather than at the next tick. */
    kick: passes.pass,
    start() {
      passes.start();
    },
    /** Ends after the batch in flight (each send is limited to 10 s). */
    async stop() {
      await passes.stop();
      sender.close();
    },
  };
}
