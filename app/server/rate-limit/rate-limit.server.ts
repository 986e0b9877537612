import { sql } from "kysely";
import { preparedQuery } from "../db/prepared-query.server";
import type { Database } from "../db/schema.server";

export type RateLimitRule = { windowSeconds: number; max: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number | null };

const countRequest = preparedQuery((db, $: { key: string; nowMs: number; expired: number }) =>
  db
    .insertInto("rate_limits")
    .values({ key: $.key, count: 1, window_start: $.nowMs })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${$.expired} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when rate_limits.window_start <= ${$.expired} then ${$.nowMs} else rate_limits.window_start end`,
      }),
    )
    .returning(["count", "window_start"]),
);

/**
 * Counts one request against `key` in a fixed window, atomically in the database, so that every app
 * process sharing the database shares the limit. The window restarts once it has fully elapsed.
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
  nowMs = Date.now(),
): Promise<RateLimitResult> {
  const { allowed, retryAfterSeconds } = await countInWindow(db, key, rule, nowMs);
  return { allowed, retryAfterSeconds };
}

/**
 * As `consumeRateLimit`, with what the `RateLimit-*` headers tell a client: how many requests are left
 * in the window and in how many seconds it starts again.
 */
export async function countInWindow(db: Database, key: string, rule: RateLimitRule, nowMs = Date.now()) {
  const windowMs = rule.windowSeconds * 1000;
  const [row] = (await countRequest(db, { key, nowMs, expired: nowMs - windowMs })).rows;
  if (!row) throw new Error(`rate limit ${key} was not counted`);
  const count = Number(row.count);
  const resetSeconds = Math.max(1, Math.ceil((Number(row.window_start) + windowMs - nowMs) / 1000));
  const remaining = Math.max(0, rule.max - count);
  if (count <= rule.max) return { allowed: true, retryAfterSeconds: null, remaining, resetSeconds };
  return { allowed: false, retryAfterSeconds: resetSeconds, remaining, resetSeconds };
}

/** Drops counters whose window ended long ago. */
export async function pruneRateLimits(db: Database, olderThanMs = 24 * 60 * 60 * 1000, nowMs = Date.now()) {
  await db
    .deleteFrom("rate_limits")
    .where("window_start", "<", nowMs - olderThanMs)
    .execute();
}
