import type { Logger } from "pino";
import type { Database } from "./db/schema.server";
import { pruneRateLimits } from "./rate-limit/rate-limit.server";
import { applyRetention } from "./retention.server";

const EVERY_MS = 60 * 60 * 1000;

/**
 * Housekeeping no request should pay for: old rate-limit counters, expired sessions, and visitor data
 * past its retention period.
 */
export async function runMaintenance(db: Database, nowMs = Date.now()) {
  await pruneRateLimits(db, 24 * 60 * 60 * 1000, nowMs);
  const expired = await db
    .deleteFrom("session")
    .where("expires_at", "<", new Date(nowMs).toISOString())
    .executeTakeFirst();
  const retention = await applyRetention(db, nowMs);
  return { expiredSessions: Number(expired.numDeletedRows), retention };
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
