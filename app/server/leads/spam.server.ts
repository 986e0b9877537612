import { createHmac, timingSafeEqual } from "node:crypto";
import { readCookie } from "~/lib/cookies";
import { AppError } from "~/server/app-error.server";
import type { Database } from "../db/schema.server";
import { leadEmailRateLimitKey } from "../rate-limit/address-key.server";
import { rateLimitAddress } from "../rate-limit/client-address.server";
import { consumeRateLimit } from "../rate-limit/rate-limit.server";
import { DISPOSABLE_DOMAINS } from "./disposable-domains.server";

/** A hidden field people never fill and form-filling bots often do. */
export const HONEYPOT_FIELD = "website_url";
/**
 * The signed fill-time token travels in a cookie, set by a tiny request every public page makes (an
 * image, so it works without JavaScript): the pages themselves stay the same bytes for everybody.
 */
export const FORM_TOKEN_COOKIE = "form_token";
/** Faster than this from page to submit is not a person typing. */
export const MIN_FILL_MS = 3000;
/**
 * Older than this the token no longer vouches for anything. Generous on purpose: a page left open over
 * a weekend is a person's, and flagging their lead as spam would hide it from staff, while a bot can
 * fetch a fresh token whenever it likes.
 */
export const TOKEN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Visitor-form limits, shared by every app process through the database. */
export const LEAD_RATE_LIMITS = {
  perIp: { windowSeconds: 10 * 60, max: 10 },
  perEmail: { windowSeconds: 60 * 60, max: 5 },
};
export const TOO_MANY_SUBMISSIONS = "Too many submissions. Please try again in a few minutes.";

/** The refusal of a submission over a visitor's limits. */
export function tooManySubmissions(retryAfterSeconds: number) {
  return new AppError("RATE_LIMITED", TOO_MANY_SUBMISSIONS, { retryAfterSeconds });
}

/** Whether a failed save was the visitor's limit (the only refusal a lead save throws). */
export function isTooManySubmissions(error: unknown): error is AppError {
  return error instanceof AppError && error.code === "RATE_LIMITED";
}

/** Who a submission counts against: the client's address, and its e-mail address as a keyed hash. */
export type LeadRateLimit = { clientIp: string | undefined; email: string; secret: string };

/** Counts this submission against its IP and address; seconds to wait when either sent too many lately, else null. */
export async function overLeadRateLimits(db: Database, { clientIp, email, secret }: LeadRateLimit) {
  const checks = [
    await consumeRateLimit(db, `lead-ip:${rateLimitAddress(clientIp)}`, LEAD_RATE_LIMITS.perIp),
    await consumeRateLimit(db, leadEmailRateLimitKey(secret, email), LEAD_RATE_LIMITS.perEmail),
  ];
  const refused = checks.filter((check) => !check.allowed);
  return refused.length ? Math.max(...refused.map((check) => check.retryAfterSeconds ?? 60)) : null;
}

/** A signed timestamp of when the visitor first had the site's forms, to tell a person's pace from a script's. */
export function issueFormToken(secret: string, nowMs = Date.now()) {
  const issued = String(nowMs);
  return `${issued}.${sign(secret, issued)}`;
}

/** The visitor's form token, from the request's cookies. */
export function formTokenOf(request: Request) {
  return readCookie(request.headers.get("cookie"), FORM_TOKEN_COOKIE);
}

/**
 * The Set-Cookie that starts a visitor's fill time, or null while their cookie still holds a token
 * that counts: a person who reloads a page, or sends a refused form again, is not started over.
 */
export function formTokenCookie(
  secret: string,
  cookieHeader: string | undefined,
  { secure, nowMs = Date.now() }: { secure: boolean; nowMs?: number },
) {
  const age = tokenAge(secret, readCookie(cookieHeader, FORM_TOKEN_COOKIE), nowMs);
  if (age !== null && age >= 0 && age <= TOKEN_MAX_AGE_MS) return null;
  const maxAge = Math.floor(TOKEN_MAX_AGE_MS / 1000);
  return `${FORM_TOKEN_COOKIE}=${issueFormToken(secret, nowMs)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function sign(secret: string, value: string) {
  return createHmac("sha256", secret).update(`form-token:${value}`).digest("base64url").slice(0, 22);
}

function tokenAge(secret: string, token: unknown, nowMs: number) {
  if (typeof token !== "string") return null;
  const [issued, signature] = token.split(".");
  if (!issued || !signature || !/^\d{10,16}$/.test(issued)) return null;
  const expected = Buffer.from(sign(secret, issued));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return nowMs - Number(issued);
}

/**
 * Why a submission looks like spam, or null. Suspected spam is still saved (flagged), and the visitor
 * sees the normal success, so a bot learns nothing; staff review the flags.
 */
export function spamReason(
  { honeypot, token, email }: { honeypot: unknown; token: unknown; email: string },
  { secret, requireToken, nowMs = Date.now() }: { secret: string; requireToken: boolean; nowMs?: number },
) {
  if (typeof honeypot === "string" && honeypot.trim() !== "") return "honeypot field filled";
  if (requireToken) {
    const age = tokenAge(secret, token, nowMs);
    if (age === null) return "missing or forged form token";
    if (age < MIN_FILL_MS) return `sent ${Math.max(0, Math.round(age / 100) / 10)} s after the page loaded`;
    if (age > TOKEN_MAX_AGE_MS) return "form token expired";
  }
  const domain = email.split("@").pop()?.toLowerCase() ?? "";
  if (DISPOSABLE_DOMAINS.has(domain)) return `disposable e-mail domain ${domain}`;
  return null;
}
