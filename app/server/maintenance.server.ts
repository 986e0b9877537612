import type { Logger } from "pino";
import type { Database } from "./db/schema.server";
import { pruneRateLimits } from "./rate-limit/rate-limit.server";
import { pruneWebhookHistory } from "./webhooks/deliveries.server";

const EVERY_MS = 60 * 60 * 1000;

/** Housekeeping no request should pay for: old rate-limit counters, expired sessions, old webhook history. */
export async function runMaintenance(db: Database, nowMs = Date.now()) {
  await pruneRateLimits(db, 24 * 60 * 60 * 1000, nowMs);
  const expired = await db
    .deleteFrom("session")
    .where("expires_at", "<", new Date(nowMs).toISOString())
    .executeTakeFirst();
  const webhookDeliveries = await pruneWebhookHistory(db, nowMs);
  return { expiredSessions: Number(expired.numDeletedRows), webhookDeliveries };
}

export function startMaintenance(db: Database, logger: Logger) {
  const run = () =>
    runMaintenance(db).then(
      (result) => logger.debug(result, "maintenance done"),
      (error) => logger.warn({ err: error }, "maintenance failed"),
    );
  const timer = setInterval(run, EVERY_MS);
  timer.unref?.();
  void run();
  return () => clearInterval(timer);
}
