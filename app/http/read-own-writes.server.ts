import { timingSafeEqual } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { getServices } from "~/http/context.server";
import { hmacSha256 } from "~/server/crypto/hmac.server";
import { readOnReplica, replicaIfReachable } from "~/server/db/read-replica.server";
import type { Database } from "~/server/db/schema.server";

/**
 * How long after a change of their own a staff member's reports are read from the primary. A standby
 * that is healthy replays within a second; this leaves room for one under load, and a change made
 * longer ago than this may show late only while the standby lags more than that.
 */
export const READ_OWN_WRITES_MS = 5_000;

const COOKIE = "own-writes";

function signature(secret: string, until: number) {
  return hmacSha256(secret).update(`${COOKIE}:${until}`).digest("base64url");
}

/**
 * The cookie a staff member's change sets: until when their reports come from the primary. It is
 * signed, so the mark cannot be stretched by hand; it lives in the browser, so it holds whichever of
 * several app processes (or machines) serves the next request.
 */
export function ownWritesCookie(secret: string, { nowMs = Date.now(), secure = false } = {}) {
  const until = nowMs + READ_OWN_WRITES_MS;
  const maxAge = Math.ceil(READ_OWN_WRITES_MS / 1000);
  return `${COOKIE}=${until}.${signature(secret, until)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Whether the request carries a valid mark of a change its sender made in the last few seconds. */
export function readsOwnWrites(request: Request, secret: string, nowMs = Date.now()) {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${COOKIE}=`)) return false;
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name !== COOKIE || !value) continue;
    const [untilText, mac] = value.split(".", 2);
    if (!untilText || !mac || !/^\d{1,15}$/.test(untilText)) continue;
    const until = Number(untilText);
    const expected = Buffer.from(signature(secret, until));
    const given = Buffer.from(mac);
    if (given.length === expected.length && timingSafeEqual(given, expected) && until >= nowMs) return true;
  }
  return false;
}

/** The standby for this request's reports, unless there is none or the sender changed something just now. */
function replicaFor(context: Readonly<RouterContextProvider>, request: Request) {
  const { readDb, formSecret } = getServices(context);
  return readDb && !readsOwnWrites(request, formSecret) ? readDb : null;
}

/**
 * Runs a reporting screen's reads (dashboard, funnel, audit log) on the standby of DATABASE_READ_URL,
 * falling back to the primary when it fails; on the primary when there is no standby or the staff
 * member has just changed something, so their change never seems to vanish.
 */
export function reportingReads<T>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  work: (db: Database) => Promise<T>,
) {
  const { db, logger } = getServices(context);
  return readOnReplica(replicaFor(context, request), db, logger, work);
}

/** The database a streamed export reads from, chosen as `reportingReads` does (asked once, before it starts). */
export function reportingExportDb(context: Readonly<RouterContextProvider>, request: Request) {
  const { db, logger } = getServices(context);
  return replicaIfReachable(replicaFor(context, request), db, logger);
}
