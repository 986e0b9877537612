import { hmacSha256 } from "~/server/crypto/hmac.server";

/**
 * What a rate-limit counter keyed by an e-mail address stores instead of the address: a keyed hash
 * (HMAC with the app's secret), so the counters do not hold personal data, yet the same address
 * always finds its counter and GDPR erase and `users:unlock` can find it too. Without the secret, a
 * list of known addresses cannot be tried against the table.
 */
export function addressKey(secret: string, email: string) {
  return hmacSha256(secret).update(`rate-limit-address:${email.trim().toLowerCase()}`).digest("hex").slice(0, 40);
}

export const leadEmailRateLimitKey = (secret: string, email: string) => `lead-email:${addressKey(secret, email)}`;

export const bookingEmailRateLimitKey = (secret: string, email: string) => `booking-email:${addressKey(secret, email)}`;
