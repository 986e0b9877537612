import { createHmac, timingSafeEqual } from "node:crypto";
import { hmacSha256 } from "~/server/crypto/hmac.server";

/**
 * Links a visitor uses without an account: each is signed, names one booking (or lead) and one
 * purpose, carries the booking's invitation sequence (a reschedule retires the old links) and expires
 * after the call.
 */
export type LinkPurpose = "view" | "reschedule" | "cancel" | "book";

/** The links' key, derived from the secret: its own, so that no other signature of the app is a valid link. */
const linkKey = (secret: string) => createHmac("sha256", secret).update("booking-links").digest();

function signature(secret: string, payload: string) {
  return hmacSha256(secret, linkKey).update(payload).digest("base64url");
}

export function signLink(
  secret: string,
  { id, purpose, sequence, expiresMs }: { id: string; purpose: LinkPurpose; sequence: number; expiresMs: number },
) {
  const payload = `${id}.${purpose}.${sequence}.${Math.floor(expiresMs)}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** The id and sequence a link names, when it is genuine, for this purpose and not expired; else null. */
export function readLink(secret: string, token: string | null | undefined, purpose: LinkPurpose, nowMs: number) {
  if (!token || token.length > 300) return null;
  const parts = token.split(".");
  if (parts.length !== 5) return null;
  const [id, givenPurpose, sequence, expires, given] = parts as [string, string, string, string, string];
  const expected = Buffer.from(signature(secret, `${id}.${givenPurpose}.${sequence}.${expires}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (givenPurpose !== purpose || !(Number(expires) > nowMs)) return null;
  return { id, sequence: Number(sequence) };
}
