import { withoutControlCharacters } from "~/lib/control-characters";
import { readCookie } from "../http/cookies.server";

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
