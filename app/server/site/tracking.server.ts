import type { Logger } from "pino";
import { type ConsentGrant, type ConsentVariant, grantOf } from "~/lib/consent";
import { CUSTOM_HEAD_CODE_MAX, isFacebookPixelId, isGoogleAnalyticsId } from "~/lib/schemas/settings";
import { CONSENT_SETTING_KEYS, type ConsentSettings, consentSettingsFrom } from "../consent/consent.server";
import type { Database } from "../db/schema.server";
import { getSettings } from "../settings/settings.server";

export type Tracking = {
  googleAnalyticsId: string | null;
  facebookPixelId: string | null;
  customHeadCode: string | null;
  consent: ConsentSettings;
};

export const noTracking: Tracking = {
  googleAnalyticsId: null,
  facebookPixelId: null,
  customHeadCode: null,
  consent: consentSettingsFrom({}),
};

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
    const values = await getSettings(db, [
      "google_analytics_id",
      "facebook_pixel_id",
      "custom_head_code",
      ...CONSENT_SETTING_KEYS,
    ]);
    const googleAnalyticsId = trimmed(values.google_analytics_id);
    const facebookPixelId = trimmed(values.facebook_pixel_id);
    const customHeadCode = trimmed(values.custom_head_code);
    return {
      googleAnalyticsId: googleAnalyticsId && isGoogleAnalyticsId(googleAnalyticsId) ? googleAnalyticsId : null,
      facebookPixelId: facebookPixelId && isFacebookPixelId(facebookPixelId) ? facebookPixelId : null,
      customHeadCode: customHeadCode && customHeadCode.length <= CUSTOM_HEAD_CODE_MAX ? customHeadCode : null,
      consent: consentSettingsFrom(values),
    };
  } catch (error) {
    logger.warn({ err: error }, "tracking settings could not be read; page sent without tracking");
    return noTracking;
  }
}

export function hasTracking(tracking: Tracking) {
  return Boolean(tracking.googleAnalyticsId || tracking.facebookPixelId || tracking.customHeadCode);
}

/**
 * What actually loads for a visitor in this consent state. Google's tag needs analytics or marketing
 * consent (before that only its Consent Mode defaults are in the page); the pixel needs marketing;
 * the custom head code needs the category the admin gave it.
 */
function loadedFor(tracking: Tracking, grant: ConsentGrant) {
  const category = tracking.consent.headCodeCategory;
  return {
    google: tracking.googleAnalyticsId !== null && (grant.analytics || grant.marketing),
    pixel: tracking.facebookPixelId !== null && grant.marketing,
    customCode: tracking.customHeadCode !== null && (category === "necessary" || grant[category]),
  };
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
export function trackingCspSources(tracking: Tracking, variant: ConsentVariant) {
  const loaded = loadedFor(tracking, grantOf(variant));
  const script: string[] = [];
  const connect: string[] = [];
  if (loaded.google) {
    script.push(...GOOGLE_HOSTS);
    connect.push(...GOOGLE_CONNECT_HOSTS);
  }
  if (loaded.pixel) {
    script.push(...FACEBOOK_HOSTS);
    connect.push(...FACEBOOK_CONNECT_HOSTS);
  }
  if (loaded.customCode && tracking.customHeadCode) {
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

const CONSENT_DENIED =
  '{ad_storage:"denied",analytics_storage:"denied",ad_user_data:"denied",ad_personalization:"denied"}';

/** Consent Mode v2 update for what the visitor granted; static text per consent state. */
function consentUpdate(grant: ConsentGrant) {
  const marketing = grant.marketing ? "granted" : "denied";
  return `{ad_storage:"${marketing}",analytics_storage:"${grant.analytics ? "granted" : "denied"}",ad_user_data:"${marketing}",ad_personalization:"${marketing}"}`;
}

/**
 * The markup that goes before </head> on public pages, for this consent state: Google's tag with
 * Consent Mode v2 defaults denied (and the visitor's grant as an update), the pixel, the custom code.
 * Nothing here varies per visitor beyond the consent state (the nonce aside), so pages stay cacheable.
 */
export function trackingHeadHtml(tracking: Tracking, nonce: string, variant: ConsentVariant) {
  const grant = grantOf(variant);
  const loaded = loadedFor(tracking, grant);
  const parts: string[] = [];
  const { googleAnalyticsId: ga, facebookPixelId: pixel } = tracking;
  if (ga) {
    const granted = grant.analytics || grant.marketing;
    parts.push(
      `<script nonce="${nonce}">window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag("consent","default",${CONSENT_DENIED});${granted ? `gtag("consent","update",${consentUpdate(grant)});` : ""}gtag("js",new Date());gtag("config","${ga}");</script>`,
    );
    if (loaded.google) {
      parts.push(`<script async src="https://www.googletagmanager.com/gtag/js?id=${ga}" nonce="${nonce}"></script>`);
    }
  }
  if (loaded.pixel && pixel) {
    parts.push(
      `<script nonce="${nonce}">!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version="2.0";n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,"script","https://connect.facebook.net/en_US/fbevents.js");fbq("init","${pixel}");fbq("track","PageView");</script>`,
    );
  }
  if (loaded.customCode && tracking.customHeadCode) parts.push(withNonce(tracking.customHeadCode, nonce));
  return parts.join("");
}

/**
 * Pages whose address carries a secret (a visitor's booking link, a staff feed): no third-party tag
 * loads there, so the address never reaches an ad platform.
 */
export function isPrivateLinkPath(routed: string | null) {
  return routed !== null && /^\/+(book|calendar)(\/|$)/i.test(routed);
}

/** Public HTML pages only (`routed` as recordRoutedPath works it out): never the admin, APIs or files. */
export function isPublicPageRequest(method: string, routed: string | null) {
  if (method !== "GET" || routed === null) return false;
  if (routed.includes(".", routed.lastIndexOf("/"))) return false;
  return !/^\/(admin|api|assets|uploads)(\/|$)/.test(routed);
}
