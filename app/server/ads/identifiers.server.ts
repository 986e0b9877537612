import { createHash } from "node:crypto";
import { readCookie } from "~/lib/cookies";

/** The click ids a landing page's address can carry, each kept as the ad network wrote it. */
export const CLICK_ID_PARAMS = ["gclid", "gbraid", "wbraid", "fbclid", "li_fat_id", "msclkid"] as const;
export type ClickIdParam = (typeof CLICK_ID_PARAMS)[number];

/** A visit's ad click ids: the URL's, `fbc` built from `fbclid` (or Meta's `_fbc` cookie) and the `_fbp` cookie. */
export type AdClicks = Partial<Record<ClickIdParam | "fbc" | "fbp", string>> & { at?: string };

const CLICK_ID = /^[A-Za-z0-9_\-.~]{1,500}$/;
const META_COOKIE = /^fb\.\d\.\d{10,13}\.[A-Za-z0-9_\-.]{1,500}$/;

/**
 * The click ids of a landing page's address and of Meta's first-party cookies. Anything that does not
 * look like a click id (wrong characters, too long) is dropped rather than stored.
 */
export function clickIdsOf(
  pageUrl: string | null | undefined,
  cookieHeader: string | null | undefined,
  landedAtMs: number,
) {
  const clicks: AdClicks = {};
  let params: URLSearchParams | undefined;
  try {
    params = pageUrl ? new URL(pageUrl).searchParams : undefined;
  } catch {}
  for (const name of CLICK_ID_PARAMS) {
    const value = params?.get(name)?.trim();
    if (value && CLICK_ID.test(value)) clicks[name] = value;
  }
  const fbcCookie = readCookie(cookieHeader, "_fbc");
  const fbpCookie = readCookie(cookieHeader, "_fbp");
  // Meta's own format: version 1, the time the click was first seen, the click id.
  if (clicks.fbclid) clicks.fbc = `fb.1.${landedAtMs}.${clicks.fbclid}`;
  else if (fbcCookie && META_COOKIE.test(fbcCookie)) clicks.fbc = fbcCookie;
  if (fbpCookie && META_COOKIE.test(fbpCookie)) clicks.fbp = fbpCookie;
  if (Object.keys(clicks).length > 0) clicks.at = new Date(landedAtMs).toISOString();
  return clicks;
}

export const hasClicks = (clicks: AdClicks) => Object.keys(clicks).some((key) => key !== "at");

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** An e-mail address as the platforms hash it: trimmed, lower-case. */
export function normalisedEmail(email: string) {
  return email.trim().toLowerCase();
}

/** Google also drops the dots of a Gmail address's name, which Gmail ignores. */
export function googleNormalisedEmail(email: string) {
  const address = normalisedEmail(email);
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  const domain = address.slice(at + 1);
  if (domain !== "gmail.com" && domain !== "googlemail.com") return address;
  return `${address.slice(0, at).replaceAll(".", "")}@${domain}`;
}

/**
 * A phone number in E.164 (`+` and up to 15 digits), or null when it cannot be told: a number
 * written without its country code could be any country's, and a guessed one would match a stranger.
 */
export function e164Phone(phone: string | null | undefined) {
  if (!phone) return null;
  const trimmed = phone.trim();
  const international = trimmed.startsWith("+") ? trimmed : trimmed.startsWith("00") ? `+${trimmed.slice(2)}` : null;
  if (!international) return null;
  const digits = international.slice(1).replace(/[\s().\-/]/g, "");
  return /^[1-9]\d{6,14}$/.test(digits) ? `+${digits}` : null;
}

export const hashedEmail = (email: string) => sha256(normalisedEmail(email));
export const googleHashedEmail = (email: string) => sha256(googleNormalisedEmail(email));
/** Google hashes the E.164 form with its `+`; Meta the digits alone. */
export const googleHashedPhone = (phone: string | null | undefined) => {
  const e164 = e164Phone(phone);
  return e164 ? sha256(e164) : null;
};
export const metaHashedPhone = (phone: string | null | undefined) => {
  const e164 = e164Phone(phone);
  return e164 ? sha256(e164.slice(1)) : null;
};

/** A value shown in the delivery log: its first four characters and its length, never the whole. */
export function masked(value: string) {
  return value.length <= 4 ? "…" : `${value.slice(0, 4)}…(${value.length})`;
}
