import type { Logger } from "pino";
import { pruneIdempotencyKeys } from "../api-keys/api-keys.server";
import type { Database } from "../db/schema.server";
import { pruneRateLimits } from "../rate-limit/rate-limit.server";
import { pruneWebhookHistory } from "../webhooks/history.server";
import { type Leadership, runWhileLeader } from "./lease.server";
import { applyRetention } from "./retention.server";

const EVERY_MS = 60 * 60 * 1000;

/** Housekeeping no request should pay for: old rate-limit counters and idempotency answers, expired
 * sessions, old webhook history, and visitor data past its retention period. */
export async function runMaintenance(db: Database, nowMs = Date.now()) {
  await pruneRateLimits(db, 24 * 60 * 60 * 1000, nowMs);
  await pruneIdempotencyKeys(db, nowMs);
  const expired = await db
    .deleteFrom("session")
    .where("expires_at", "<", new Date(nowMs).toISOString())
    .executeTakeFirst();
  const webhookDeliveries = await pruneWebhookHistory(db, nowMs);
  const retention = await applyRetention(db, nowMs);
  return { expiredSessions: Number(expired.numDeletedRows), webhookDeliveries, retention };
}

/** Hourly, in the one process that leads the deployment's background work. */
export function startMaintenance(db: Database, logger: Logger, leadership: Leadership) {
  return runWhileLeader(leadership, async () => logger.debug(await runMaintenance(db), "maintenance done"), {
    everyMs: EVERY_MS,
    logger,
    label: "maintenance",
  });
}
