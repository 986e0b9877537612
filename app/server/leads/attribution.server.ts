import { withoutControlCharacters } from "~/lib/control-characters";
import { readCookie } from "~/lib/cookies";
import type { Attribution } from "./capture.server";

export type Utm = { utm_source: string | null; utm_medium: string | null; utm_campaign: string | null };

const FIRST_TOUCH_COOKIE = "utm_first";

export function utmFromUrl(url: string | null | undefined): Utm {
  let params: URLSearchParams | undefined;
  try {
    params = url ? new URL(url).searchParams : undefined;
  } catch {}
  const get = (name: string) =>
    withoutControlCharacters(params?.get(name) ?? "")
      .trim()
      .slice(0, 200) || null;
  return { utm_source: get("utm_source"), utm_medium: get("utm_medium"), utm_campaign: get("utm_campaign") };
}

const hasUtm = (utm: Utm) => Boolean(utm.utm_source || utm.utm_medium || utm.utm_campaign);

/** The campaign that first brought this visitor during this visit, if any. */
export function firstTouchOf(request: Request): Utm | null {
  return firstTouchFromCookies(request.headers.get("cookie"));
}

export function firstTouchFromCookies(cookieHeader: string | null | undefined): Utm | null {
  const raw = readCookie(cookieHeader, FIRST_TOUCH_COOKIE);
  if (!raw) return null;
  const params = new URLSearchParams(raw);
  const utm = utmFromUrl(`https://x/?${params}`);
  return hasUtm(utm) ? utm : null;
}

/**
 * Remembers the landing page's UTM parameters for the visit (a session cookie), so that a lead
 * credits the campaign that brought the visitor, even after they clicked around.
 */
export function firstTouchCookie(cookieHeader: string | null | undefined, url: string, secure: boolean): string | null {
  if (firstTouchFromCookies(cookieHeader)) return null;
  const utm = utmFromUrl(url);
  if (!hasUtm(utm)) return null;
  const value = new URLSearchParams(
    Object.entries(utm).filter((entry): entry is [string, string] => entry[1] !== null),
  ).toString();
  return `${FIRST_TOUCH_COOKIE}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

const VISIT_COOKIE = "visit";
const LANDING_PATH_MAX = 300;

/** The path part of a page address, bounded; null for anything that is not an http(s) URL. */
export function pathOfUrl(url: string | null | undefined) {
  try {
    const parsed = url ? new URL(url) : null;
    return parsed && /^https?:$/.test(parsed.protocol) ? parsed.pathname.slice(0, LANDING_PATH_MAX) : null;
  } catch {
    return null;
  }
}

/** The page this visit began on, from the visit cookie the page-view beacon sets. */
export function landingPathOf(cookieHeader: string | null | undefined) {
  const value = readCookie(cookieHeader, VISIT_COOKIE);
  return value?.startsWith("/") ? withoutControlCharacters(value).slice(0, LANDING_PATH_MAX) : null;
}

/**
 * Marks a visit (a browser session) and remembers where it began: a session cookie, the site's own,
 * needing no consent. It is what makes a page view the first of its visit, and credits a lead's landing page.
 */
export function visitCookie(landingPath: string, secure: boolean) {
  return `${VISIT_COOKIE}=${encodeURIComponent(landingPath)}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

const text = (value: FormDataEntryValue | null, max: number) => {
  const cleaned = typeof value === "string" ? withoutControlCharacters(value).trim() : "";
  return cleaned ? cleaned.slice(0, max) : null;
};

/** Where a visitor form's submission came from: first touch, page, landing path, referrer and browser. */
export function attributionOf(request: Request, formData: FormData): Attribution {
  const userAgent = request.headers.get("user-agent")?.slice(0, 500) ?? null;
  // Without JavaScript the form cannot say where it was; the Referer header can.
  const pageUrl = text(formData.get("pageUrl"), 2048) ?? request.headers.get("referer")?.slice(0, 2048) ?? null;
  return {
    firstTouch: firstTouchOf(request),
    pageUrl,
    // A visit without the beacon (no JavaScript) began, as far as we know, on the form's page.
    landingPath: landingPathOf(request.headers.get("cookie")) ?? pathOfUrl(pageUrl),
    referrer: text(formData.get("referrer"), 2048),
    userAgent,
    browserInfo: {
      userAgent,
      language:
        text(formData.get("language"), 50) ??
        request.headers.get("accept-language")?.split(",")[0]?.slice(0, 50) ??
        null,
      platform: text(formData.get("platform"), 50),
    },
  };
}
