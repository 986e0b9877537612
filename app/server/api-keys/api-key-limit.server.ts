import { sql } from "kysely";
import { preparedQuery } from "../db/prepared-query.server";
import type { Database } from "../db/schema.server";

/** A key's limit is per minute, in a fixed window that starts with its first request. */
const WINDOW_MS = 60 * 1000;
/** A process reserves a tenth of a key's limit at a time (at least one). */
const BLOCKS_PER_LIMIT = 10;

export type ApiKeyCount = {
  allowed: boolean;
  /** What the `RateLimit-Remaining` header says: the shared pool as last seen plus this process's unused counts. */
  remaining: number;
  resetSeconds: number;
  retryAfterSeconds: number | null;
};

/** How many counts a process takes from the shared row in one write, for a limit of `max` a minute. */
export function apiKeyBlockSize(max: number) {
  return Math.max(1, Math.floor(max / BLOCKS_PER_LIMIT));
}

/**
 * Takes `block` counts from the key's shared row in one atomic upsert; a window that has fully elapsed
 * starts again with them. The row's count is everything handed out in the window, by every process.
 * A count lost in a power cut costs nothing (a few more requests get in), so it does not wait for the
 * disk (SQLite); see docs/decisions/api-rate-limit-counts.md.
 */
const reserveBlock = preparedQuery(
  (db, $: { key: string; block: number; nowMs: number; expired: number }) =>
    db
      .insertInto("rate_limits")
      .values({ key: $.key, count: $.block, window_start: $.nowMs })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          count: sql<number>`case when rate_limits.window_start <= ${$.expired} then ${$.block} else rate_limits.count + ${$.block} end`,
          window_start: sql<number>`case when rate_limits.window_start <= ${$.expired} then ${$.nowMs} else rate_limits.window_start end`,
        }),
      )
      .returning(["count", "window_start"]),
  { unflushed: true },
);

/** What this process holds of one key's current window. */
type Lease = {
  windowStart: number;
  /** Counts this process was handed in the window; it answers at most this many requests in it. */
  granted: number;
  used: number;
  /** The shared row's count when this process last reserved (its own and every other process's). */
  seen: number;
  /** Nothing was left to hand out at the last reservation: refuse, without a write, until the window ends. */
  spent: boolean;
};

/**
 * One process's counts of API requests per key. A request is answered from counts this process
 * reserved from the key's shared `rate_limits` row, so the common request writes nothing; a process
 * writes once per block of `apiKeyBlockSize(max)` requests. A block is only handed out from what is
 * left of the limit, so together all processes never answer more than the limit in a window; at worst
 * each process leaves (block - 1) of its counts unused when the window ends.
 */
export class ApiKeyCounter {
  private readonly leases = new Map<string, Lease>();
  private readonly reserving = new Map<string, Promise<void>>();

  constructor(private readonly db: Database) {}

  async count(keyId: string, max: number, nowMs = Date.now()): Promise<ApiKeyCount> {
    for (;;) {
      const lease = this.leases.get(keyId);
      const current = lease && nowMs < lease.windowStart + WINDOW_MS ? lease : undefined;
      if (current && current.used < current.granted) {
        current.used++;
        return answer(current, max, nowMs, true);
      }
      if (current?.spent) return answer(current, max, nowMs, false);
      // One reservation per key at a time: requests that arrive meanwhile share its block.
      const pending = this.reserving.get(keyId);
      if (pending) {
        await pending;
        continue;
      }
      const reservation = this.reserve(keyId, max, nowMs).finally(() => this.reserving.delete(keyId));
      this.reserving.set(keyId, reservation);
      await reservation;
    }
  }

  private async reserve(keyId: string, max: number, nowMs: number) {
    const block = apiKeyBlockSize(max);
    const [row] = (await reserveBlock(this.db, { key: `api-key:${keyId}`, block, nowMs, expired: nowMs - WINDOW_MS }))
      .rows;
    if (!row) throw new Error(`the API key ${keyId} was not counted`);
    const count = Number(row.count);
    const windowStart = Number(row.window_start);
    // Only what was left of the limit before this block is this process's to use.
    const granted = Math.min(block, Math.max(0, max - (count - block)));
    const lease = this.leases.get(keyId);
    if (lease && lease.windowStart === windowStart) {
      lease.granted += granted;
      lease.seen = count;
      lease.spent = count >= max;
    } else {
      this.forgetEndedWindows(nowMs);
      this.leases.set(keyId, { windowStart, granted, used: 0, seen: count, spent: count >= max });
    }
  }

  /** Keys not used for a window (a revoked key, a quiet script) are dropped when another key reserves. */
  private forgetEndedWindows(nowMs: number) {
    for (const [keyId, lease] of this.leases) {
      if (nowMs >= lease.windowStart + WINDOW_MS) this.leases.delete(keyId);
    }
  }
}

function answer(lease: Lease, max: number, nowMs: number, allowed: boolean): ApiKeyCount {
  const resetSeconds = Math.max(1, Math.ceil((lease.windowStart + WINDOW_MS - nowMs) / 1000));
  const remaining = Math.max(0, max - lease.seen) + (lease.granted - lease.used);
  return { allowed, remaining, resetSeconds, retryAfterSeconds: allowed ? null : resetSeconds };
}

/** One counter per database handle: the API and the assistant endpoint of a process share its blocks. */
const counters = new WeakMap<Database, ApiKeyCounter>();

/** Counts one request of the key against its per-minute limit `max`, shared by every process on `db`. */
export function countApiKeyRequest(db: Database, keyId: string, max: number, nowMs = Date.now()) {
  let counter = counters.get(db);
  if (!counter) {
    counter = new ApiKeyCounter(db);
    counters.set(db, counter);
  }
  return counter.count(keyId, max, nowMs);
}
