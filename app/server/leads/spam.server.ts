import { timingSafeEqual } from "node:crypto";
import { readCookie } from "~/lib/cookies";
import { AppError } from "~/server/app-error.server";
import { hmacSha256 } from "~/server/crypto/hmac.server";
import type { Database } from "../db/schema.server";
import { leadEmailRateLimitKey } from "../rate-limit/address-key.server";
import { addressNetwork, rateLimitAddress } from "../rate-limit/client-address.server";
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
 * Older than this the token no longer vouches for anything. A few hours: a person fills a form within
 * a visit, and every page they open renews a token that no longer counts; a token a script took from
 * a page stops working the same day.
 */
export const TOKEN_MAX_AGE_MS = 4 * 60 * 60 * 1000;
/** A person sends a form or two a visit; one token behind more leads than this is a script's. */
export const MAX_LEADS_PER_TOKEN = 3;

/**
 * Who a token was issued to: the network of their address and their browser. A phone that moves
 * between its provider's addresses keeps its network; one that moves from Wi-Fi to mobile data
 * between page and post does not, and its lead is kept, flagged with the reason, for staff to judge.
 */
export type FormVisitor = { clientIp: string | undefined; userAgent: string | null | undefined };

function visitorTag(secret: string, { clientIp, userAgent }: FormVisitor) {
  return hmacSha256(secret)
    .update(`form-visitor:${addressNetwork(clientIp)}\n${userAgent ?? ""}`)
    .digest("base64url")
    .slice(0, 16);
}

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

/**
 * Who a submission counts against: the client's address, its e-mail address as a keyed hash, and the
 * form token it came with (`formTokenUse`), whose leads are counted in the lead's own transaction.
 */
export type LeadRateLimit = {
  clientIp: string | undefined;
  email: string;
  secret: string;
  formTokenUse?: string | null;
};

/** Counts this submission against its IP and address; seconds to wait when either sent too many lately, else null. */
export async function overLeadRateLimits(db: Database, { clientIp, email, secret }: LeadRateLimit) {
  const checks = [
    await consumeRateLimit(db, `lead-ip:${rateLimitAddress(clientIp)}`, LEAD_RATE_LIMITS.perIp),
    await consumeRateLimit(db, leadEmailRateLimitKey(secret, email), LEAD_RATE_LIMITS.perEmail),
  ];
  const refused = checks.filter((check) => !check.allowed);
  return refused.length ? Math.max(...refused.map((check) => check.retryAfterSeconds ?? 60)) : null;
}

/** A signed timestamp of when the visitor first had the site's forms, bound to that visitor, to tell a person's pace from a script's. */
export function issueFormToken(secret: string, visitor: FormVisitor, nowMs = Date.now()) {
  const issued = String(nowMs);
  const tag = visitorTag(secret, visitor);
  return `${issued}.${tag}.${sign(secret, `${issued}.${tag}`)}`;
}

/** The visitor's form token, from the request's cookies. */
export function formTokenOf(request: Request) {
  return readCookie(request.headers.get("cookie"), FORM_TOKEN_COOKIE);
}

/**
 * The Set-Cookie that starts a visitor's fill time, or null while their cookie still holds a token
 * that counts for them: a person who reloads a page, or sends a refused form again, is not started over.
 */
export function formTokenCookie(
  secret: string,
  cookieHeader: string | undefined,
  visitor: FormVisitor,
  { secure, nowMs = Date.now() }: { secure: boolean; nowMs?: number },
) {
  const token = readToken(secret, readCookie(cookieHeader, FORM_TOKEN_COOKIE));
  if (token && token.tag === visitorTag(secret, visitor)) {
    const age = nowMs - token.issued;
    if (age >= 0 && age <= TOKEN_MAX_AGE_MS) return null;
  }
  const maxAge = Math.floor(TOKEN_MAX_AGE_MS / 1000);
  return `${FORM_TOKEN_COOKIE}=${issueFormToken(secret, visitor, nowMs)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function sign(secret: string, value: string) {
  return hmacSha256(secret).update(`form-token:${value}`).digest("base64url").slice(0, 22);
}

/** A token's parts when the server signed it, else null (missing, malformed or forged). */
function readToken(secret: string, token: unknown) {
  if (typeof token !== "string") return null;
  const [issued, tag, signature, ...rest] = token.split(".");
  if (!issued || !tag || !signature || rest.length || !/^\d{10,16}$/.test(issued)) return null;
  const expected = Buffer.from(sign(secret, `${issued}.${tag}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { issued: Number(issued), tag, signature };
}

/**
 * The counter a genuine token's leads are counted under (see MAX_LEADS_PER_TOKEN), or null for a
 * token that is no token: its lead is flagged for that already.
 */
export function formTokenUse(secret: string, token: unknown) {
  const read = readToken(secret, token);
  return read ? `form-token:${read.signature}` : null;
}

/** Counts one lead against its form token; whether the token had already served its share. */
export async function overFormTokenUses(db: Database, use: string) {
  const counted = await consumeRateLimit(db, use, {
    windowSeconds: Math.ceil(TOKEN_MAX_AGE_MS / 1000),
    max: MAX_LEADS_PER_TOKEN,
  });
  return !counted.allowed;
}

export const FORM_TOKEN_USED_UP = `form token already sent ${MAX_LEADS_PER_TOKEN} leads`;

/**
 * Why a submission looks like spam, or null. Suspected spam is still saved (flagged), and the visitor
 * sees the normal success, so a bot learns nothing; staff review the flags. A token counts only for
 * the visitor it was issued to, within its lifetime, and not sooner than a person fills a form.
 */
export function spamReason(
  { honeypot, token, email, visitor }: { honeypot: unknown; token: unknown; email: string; visitor?: FormVisitor },
  { secret, requireToken, nowMs = Date.now() }: { secret: string; requireToken: boolean; nowMs?: number },
) {
  if (typeof honeypot === "string" && honeypot.trim() !== "") return "honeypot field filled";
  if (requireToken) {
    const read = readToken(secret, token);
    if (read === null) return "missing or forged form token";
    if (visitor && read.tag !== visitorTag(secret, visitor)) {
      return "form token issued to another visitor (network or browser changed)";
    }
    const age = nowMs - read.issued;
    if (age < MIN_FILL_MS) return `sent ${Math.max(0, Math.round(age / 100) / 10)} s after the page loaded`;
    if (age > TOKEN_MAX_AGE_MS) return "form token expired";
  }
  const domain = email.split("@").pop()?.toLowerCase() ?? "";
  if (DISPOSABLE_DOMAINS.has(domain)) return `disposable e-mail domain ${domain}`;
  return null;
}
