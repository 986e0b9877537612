import type { Logger } from "pino";
import { CUSTOM_HEAD_CODE_MAX, isFacebookPixelId, isGoogleAnalyticsId } from "~/lib/schemas/settings";
import type { Database } from "../db/schema.server";
import { getSettings } from "../settings/settings.server";

export type Tracking = {
  googleAnalyticsId: string | null;
  facebookPixelId: string | null;
  customHeadCode: string | null;
};

export const noTracking: Tracking = { googleAnalyticsId: null, facebookPixelId: null, customHeadCode: null };

const GOOGLE_HOSTS = ["https://www.googletagmanager.com"];
const GOOGLE_CONNECT_HOSTS = [
  "https://www.googletagmanager.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
];
const FACEBOOK_HOSTS = ["https://connect.facebook.net"];
const FACEBOOK_CONNECT_HOSTS = ["https://www.facebook.com", "https://connect.facebook.net"];

function trimmed(value: unknown) {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/**
 * The tracking settings of a public page. An id in the wrong format is ignored, so a typo can never
 * put a broken or foreign script on the site; a failed read is logged and the page goes out without.
 */
export async function loadTracking(db: Database, logger: Logger): Promise<Tracking> {
  try {
    const values = await getSettings(db, ["google_analytics_id", "facebook_pixel_id", "custom_head_code"]);
    const googleAnalyticsId = trimmed(values.google_analytics_id);
    const facebookPixelId = trimmed(values.facebook_pixel_id);
    const customHeadCode = trimmed(values.custom_head_code);
    return {
      googleAnalyticsId: googleAnalyticsId && isGoogleAnalyticsId(googleAnalyticsId) ? googleAnalyticsId : null,
      facebookPixelId: facebookPixelId && isFacebookPixelId(facebookPixelId) ? facebookPixelId : null,
      customHeadCode: customHeadCode && customHeadCode.length <= CUSTOM_HEAD_CODE_MAX ? customHeadCode : null,
    };
  } catch (error) {
    logger.warn({ err: error }, "tracking settings could not be read; page sent without tracking");
    return noTracking;
  }
}

export function hasTracking(tracking: Tracking) {
  return Boolean(tracking.googleAnalyticsId || tracking.facebookPixelId || tracking.customHeadCode);
}

const SCRIPT_SRC = /<script\b[^>]*\bsrc\s*=\s*["']?(https:\/\/[^"'\s>]+)/gi;

/** Origins the custom head code loads scripts from; the CSP must allow them by name. */
function customScriptOrigins(code: string) {
  const origins = new Set<string>();
  for (const match of code.matchAll(SCRIPT_SRC)) {
    try {
      origins.add(new URL(match[1]!).origin);
    } catch {
      // not a URL: the browser will not load it either
    }
  }
  return [...origins];
}

/** Extra CSP sources a page with this tracking needs, per directive. */
export function trackingCspSources(tracking: Tracking) {
  const script: string[] = [];
  const connect: string[] = [];
  if (tracking.googleAnalyticsId) {
    script.push(...GOOGLE_HOSTS);
    connect.push(...GOOGLE_CONNECT_HOSTS);
  }
  if (tracking.facebookPixelId) {
    script.push(...FACEBOOK_HOSTS);
    connect.push(...FACEBOOK_CONNECT_HOSTS);
  }
  if (tracking.customHeadCode) {
    const origins = customScriptOrigins(tracking.customHeadCode);
    script.push(...origins);
    connect.push(...origins);
  }
  return { script: [...new Set(script)], connect: [...new Set(connect)] };
}

const SCRIPT_OPEN = /<script\b([^>]*)>/gi;
const NONCE_ATTRIBUTE = /\snonce\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;

/** Gives every script in the admin's custom code this page's nonce, so the CSP lets exactly these run. */
function withNonce(code: string, nonce: string) {
  return code.replace(SCRIPT_OPEN, (_tag, attributes: string) => {
    return `<script${attributes.replace(NONCE_ATTRIBUTE, "")} nonce="${nonce}">`;
  });
}

/** The markup that goes before </head> on public pages: the analytics tag, the pixel, the custom code. */
export function trackingHeadHtml(tracking: Tracking, nonce: string) {
  const parts: string[] = [];
  const { googleAnalyticsId: ga, facebookPixelId: pixel } = tracking;
  if (ga) {
    parts.push(
      `<script async src="https://www.googletagmanager.com/gtag/js?id=${ga}" nonce="${nonce}"></script>`,
      `<script nonce="${nonce}">window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag("js",new Date());gtag("config","${ga}");</script>`,
    );
  }
  if (pixel) {
    parts.push(
      `<script nonce="${nonce}">!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version="2.0";n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,"script","https://connect.facebook.net/en_US/fbevents.js");fbq("init","${pixel}");fbq("track","PageView");</script>`,
    );
  }
  if (tracking.customHeadCode) parts.push(withNonce(tracking.customHeadCode, nonce));
  return parts.join("");
}

/** Public HTML pages only (`routed` as recordRoutedPath works it out): never the admin, APIs or files. */
export function isPublicPageRequest(method: string, routed: string | null) {
  if (method !== "GET" || routed === null) return false;
  if (routed.includes(".", routed.lastIndexOf("/"))) return false;
  return !/^\/(admin|api|assets|uploads)(\/|$)/.test(routed);
}
