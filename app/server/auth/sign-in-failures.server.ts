import { setTimeout as sleep } from "node:timers/promises";
import type { Database } from "../db/schema.server";
import { addressKey } from "../rate-limit/address-key.server";
import { rateLimitAddress } from "../rate-limit/client-address.server";
import { consumeRateLimit } from "../rate-limit/rate-limit.server";

/**
 * Failed sign-ins are counted twice, by account (a keyed hash of the address, never the address):
 * from one client address (an IPv6 client by its /64), where they lock that address out of that
 * account; and from everywhere, where they only slow each attempt down. Locking an account for every
 * address would let anyone keep a staff member out with ten wrong passwords every quarter hour.
 */
export const SIGN_IN_FAILURES = {
  windowSeconds: 15 * 60,
  /** Failures from one client address before that address is locked out of the account. */
  lockAfter: 10,
  /** Failures across all addresses before attempts at the account begin to wait. */
  slowAfter: 5,
  firstDelayMs: 250,
  maxDelayMs: 4000,
};

export type SignInLock = { locked: true; retryAfterSeconds: number } | { locked: false; delayMs: number };

export function signInFailureKeyPrefix(secret: string, email: string) {
  return `sign-in-failures:${addressKey(secret, email)}`;
}

function keysOf(secret: string, email: string, clientIp: string | undefined) {
  const account = signInFailureKeyPrefix(secret, email);
  return { account, fromClient: `${account}:${rateLimitAddress(clientIp)}` };
}

/** How long an attempt waits once an account has had `failures` failed sign-ins lately: doubling, capped. */
export function signInDelayMs(failures: number) {
  const { slowAfter, firstDelayMs, maxDelayMs } = SIGN_IN_FAILURES;
  if (failures < slowAfter) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** (failures - slowAfter));
}

async function recentFailures(db: Database, key: string, nowMs: number) {
  const row = await db
    .selectFrom("rate_limits")
    .select(["count", "window_start"])
    .where("key", "=", key)
    .executeTakeFirst();
  if (!row || Number(row.window_start) <= nowMs - SIGN_IN_FAILURES.windowSeconds * 1000) {
    return { count: 0, windowStart: nowMs };
  }
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

/** Whether this client may try this account now, and if so how long the attempt should wait first. */
export async function signInLock(
  db: Database,
  secret: string,
  email: string,
  clientIp: string | undefined,
  nowMs = Date.now(),
): Promise<SignInLock> {
  const keys = keysOf(secret, email, clientIp);
  const fromClient = await recentFailures(db, keys.fromClient, nowMs);
  if (fromClient.count >= SIGN_IN_FAILURES.lockAfter) {
    const endsMs = fromClient.windowStart + SIGN_IN_FAILURES.windowSeconds * 1000;
    return { locked: true, retryAfterSeconds: Math.max(1, Math.ceil((endsMs - nowMs) / 1000)) };
  }
  const account = await recentFailures(db, keys.account, nowMs);
  return { locked: false, delayMs: signInDelayMs(account.count) };
}

/** Waits out an account's slow-down: a wrong guess costs time, the right password still gets in. */
export async function waitForSignIn(lock: { delayMs: number }) {
  if (lock.delayMs > 0) await sleep(lock.delayMs);
}

/** Counts one failure; true when it is the one that locks this client address out of the account. */
export async function recordSignInFailure(db: Database, secret: string, email: string, clientIp: string | undefined) {
  const keys = keysOf(secret, email, clientIp);
  const { windowSeconds, lockAfter } = SIGN_IN_FAILURES;
  await consumeRateLimit(db, keys.account, { windowSeconds, max: Number.MAX_SAFE_INTEGER });
  // Attempts from a locked address are refused before the password is checked, so only the failure
  // that reaches the limit finds the counter over it.
  const fromClient = await consumeRateLimit(db, keys.fromClient, { windowSeconds, max: lockAfter - 1 });
  return !fromClient.allowed;
}

/** A sign-in that got past the password clears that client's count for the account. */
export async function clearSignInFailures(db: Database, secret: string, email: string, clientIp: string | undefined) {
  await db
    .deleteFrom("rate_limits")
    .where("key", "=", keysOf(secret, email, clientIp).fromClient)
    .execute();
}

/** Lifts every lock and slow-down of an account (`users:unlock`); the number of counters removed. */
export async function unlockSignIn(db: Database, secret: string, email: string) {
  const result = await db
    .deleteFrom("rate_limits")
    .where("key", "like", `${signInFailureKeyPrefix(secret, email)}%`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
