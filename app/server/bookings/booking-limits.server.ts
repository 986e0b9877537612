import { AppError } from "../app-error.server";
import type { Database } from "../db/schema.server";
import { bookingEmailRateLimitKey } from "../rate-limit/address-key.server";
import { rateLimitAddress } from "../rate-limit/client-address.server";
import { consumeRateLimit } from "../rate-limit/rate-limit.server";

/**
 * How often a visitor may book or move calls: each sends invitations and takes a person's time, so
 * one link or one address cannot book every free slot or mail an address without end.
 */
export const BOOKING_RATE_LIMITS = {
  perIp: { windowSeconds: 60 * 60, max: 20 },
  perLead: { windowSeconds: 24 * 60 * 60, max: 6 },
  perEmail: { windowSeconds: 24 * 60 * 60, max: 10 },
};

export const TOO_MANY_BOOKINGS = "Too many bookings and changes just now. Please try again later.";

/**
 * Counts one booking or reschedule against the visitor's address, the lead and its e-mail address
 * (as a keyed hash, like the lead limits); throws a 429 with the wait when any is used up.
 */
export async function countBookingAttempt(
  db: Database,
  { clientIp, leadId, email, secret }: { clientIp: string | undefined; leadId: string; email: string; secret: string },
  nowMs = Date.now(),
) {
  const checks = [
    await consumeRateLimit(db, `booking-ip:${rateLimitAddress(clientIp)}`, BOOKING_RATE_LIMITS.perIp, nowMs),
    await consumeRateLimit(db, `booking-lead:${leadId}`, BOOKING_RATE_LIMITS.perLead, nowMs),
    await consumeRateLimit(db, bookingEmailRateLimitKey(secret, email), BOOKING_RATE_LIMITS.perEmail, nowMs),
  ];
  const refused = checks.filter((check) => !check.allowed);
  if (refused.length === 0) return;
  const retryAfterSeconds = Math.max(...refused.map((check) => check.retryAfterSeconds ?? 60));
  throw new AppError("RATE_LIMITED", TOO_MANY_BOOKINGS, { retryAfterSeconds });
}
