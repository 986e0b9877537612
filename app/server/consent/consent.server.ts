import { randomBytes } from "node:crypto";
import {
  CONSENT_DEFAULTS,
  CONSENT_SCOPES,
  type ConsentGrant,
  type ConsentScope,
  type ConsentVariant,
  HEAD_CODE_CATEGORIES,
  type HeadCodeCategory,
} from "~/lib/consent";
import { readCookie } from "~/lib/cookies";
import type { Database } from "../db/schema.server";
import { now } from "../db/values.server";
import { getSettings } from "../settings/settings.server";

export const CONSENT_COOKIE = "consent";
const CONSENT_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/**
 * Where the law asks for consent before non-essential cookies: the EU, the rest of the EEA, the UK
 * and Switzerland. Countries as the offline lookup (and proxies' country headers) name them.
 */
const CONSENT_COUNTRIES = new Set(
  "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO GB UK CH".split(" "),
);

/**
 * Codes that name no country: Cloudflare's unknown (XX) and Tor (T1), the old GeoIP anonymous proxy,
 * satellite and other (A1, A2, O1). A visitor behind one of them could be anywhere.
 */
const NO_COUNTRY = new Set(["XX", "T1", "A1", "A2", "O1"]);

/**
 * Whether a visitor from this country is asked before tracking. A visitor whose country cannot be
 * told (no lookup result, a private or loopback address, a proxy's "unknown") is asked: they may well
 * be in a country where the law requires it, and asking someone who need not be asked costs a click.
 */
export function consentRequiredIn(country: string | undefined) {
  const code = country?.trim().toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code) || NO_COUNTRY.has(code)) return true;
  return CONSENT_COUNTRIES.has(code);
}

export type ConsentSettings = {
  banner: boolean;
  scope: ConsentScope;
  policyVersion: number;
  headCodeCategory: HeadCodeCategory;
};

export const CONSENT_SETTING_KEYS = [
  "consent_banner",
  "consent_scope",
  "consent_policy_version",
  "custom_head_code_category",
] as const;

function positiveInteger(value: unknown, fallback: number) {
  const number = typeof value === "string" || typeof value === "number" ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** Consent settings from stored values; anything unset or unreadable takes its default. */
export function consentSettingsFrom(values: Record<string, unknown>): ConsentSettings {
  const scope = values.consent_scope;
  const category = values.custom_head_code_category;
  return {
    banner:
      values.consent_banner === undefined || values.consent_banner === null
        ? CONSENT_DEFAULTS.banner
        : values.consent_banner !== "off",
    scope: CONSENT_SCOPES.includes(scope as ConsentScope) ? (scope as ConsentScope) : CONSENT_DEFAULTS.scope,
    policyVersion: positiveInteger(values.consent_policy_version, CONSENT_DEFAULTS.policyVersion),
    headCodeCategory: HEAD_CODE_CATEGORIES.includes(category as HeadCodeCategory)
      ? (category as HeadCodeCategory)
      : CONSENT_DEFAULTS.headCodeCategory,
  };
}

export async function loadConsentSettings(db: Database) {
  return consentSettingsFrom(await getSettings(db, CONSENT_SETTING_KEYS));
}

type StoredChoice = ConsentGrant & { policyVersion: number; id: string };

/** The cookie holds `<policy version>.a<0|1>m<0|1>.<record id>`: enough to honour it without a query. */
function parseConsentCookie(value: string | undefined): StoredChoice | null {
  const match = value?.match(/^(\d{1,6})\.a([01])m([01])\.([A-Za-z0-9_-]{8,64})$/);
  if (!match) return null;
  return { policyVersion: Number(match[1]), analytics: match[2] === "1", marketing: match[3] === "1", id: match[4]! };
}

type HeaderSource = { headers: { get(name: string): string | null } };

export function sendsGlobalPrivacyControl(request: HeaderSource) {
  return request.headers.get("sec-gpc")?.trim() === "1";
}

/**
 * The one consent state a public page's body depends on (see CONSENT_VARIANTS). A choice made under
 * an older policy version asks again; Global Privacy Control always refuses marketing.
 */
export function consentVariant(
  request: HeaderSource,
  settings: ConsentSettings,
  country: string | undefined,
): ConsentVariant {
  const gpc = sendsGlobalPrivacyControl(request);
  if (!settings.banner) return gpc ? "off-gpc" : "off";
  const choice = parseConsentCookie(readCookie(request.headers.get("cookie"), CONSENT_COOKIE));
  if (choice && choice.policyVersion === settings.policyVersion) {
    return `a${choice.analytics ? 1 : 0}m${choice.marketing && !gpc ? 1 : 0}` as ConsentVariant;
  }
  if (settings.scope === "everyone" || consentRequiredIn(country)) return gpc ? "ask-gpc" : "ask";
  return gpc ? "a1m0" : "a1m1";
}

export type ConsentChoice = { analytics: boolean; marketing: boolean; globalPrivacyControl: boolean };

/**
 * Records a visitor's choice as proof of consent (categories, policy version, time and a random id;
 * never an address) and returns the cookie that carries it. Marketing is refused under GPC whatever
 * the form said.
 */
export async function recordConsent(db: Database, settings: ConsentSettings, choice: ConsentChoice) {
  const id = randomBytes(16).toString("base64url");
  const marketing = choice.marketing && !choice.globalPrivacyControl;
  const record = {
    id,
    analytics: choice.analytics,
    marketing,
    policy_version: settings.policyVersion,
    global_privacy_control: choice.globalPrivacyControl,
    created_at: now(),
  };
  await db.insertInto("consent_records").values(record).execute();
  return { record, value: `${settings.policyVersion}.a${choice.analytics ? 1 : 0}m${marketing ? 1 : 0}.${id}` };
}

export function consentCookie(value: string, secure: boolean) {
  return `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${CONSENT_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export async function findConsentRecord(db: Database, id: string) {
  return db.selectFrom("consent_records").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A country where consent is asked: what a shared page is rendered for when its visitors are asked. */
export const ASKED_COUNTRY = "DE";
/** A country where consent is not asked: what a shared page is rendered for when its visitors are not. */
export const NOT_ASKED_COUNTRY = "US";
/** The record id a shared page is rendered with: the page shows the choice, never whose it is. */
const SHARED_RECORD_ID = "shared-page";

/** A choice as a shared page shows it: analytics and marketing, nothing of whose it is. */
type SharedChoice = "a0m0" | "a1m0" | "a0m1" | "a1m1";

/**
 * Everything consentVariant reads from a visitor, boiled down to the few states a page can be in: the
 * stored choice only when it was made under the current policy version (any other asks again, so a
 * cookie with an invented version is just an undecided visitor), Global Privacy Control, and only
 * whether their country is one where consent is asked. Bounded, so made-up cookies cannot make pages.
 */
export type ConsentInputs = { choice: SharedChoice | null; gpc: boolean; asked: boolean };

export function consentInputsOf(
  header: (name: string) => string | undefined,
  country: () => string | undefined,
  policyVersion: number,
): ConsentInputs {
  const stored = parseConsentCookie(readCookie(header("cookie"), CONSENT_COOKIE));
  return {
    choice:
      stored && stored.policyVersion === policyVersion
        ? `a${stored.analytics ? 1 : 0}m${stored.marketing ? 1 : 0}`
        : null,
    gpc: header("sec-gpc")?.trim() === "1",
    asked: consentRequiredIn(country()),
  };
}

/**
 * A consent cookie's value (decoded) without whose it is: what a page may depend on, so visitors who
 * chose alike share one classification. Empty when it holds no choice.
 */
export function anonymousConsentValue(value: string | undefined) {
  const stored = parseConsentCookie(value);
  return stored
    ? `${stored.policyVersion}.a${stored.analytics ? 1 : 0}m${stored.marketing ? 1 : 0}.${SHARED_RECORD_ID}`
    : "";
}

/** The consent cookie a shared page is rendered with, holding the visitor's choice and no id of theirs. */
export function sharedConsentCookie(inputs: ConsentInputs, policyVersion: number) {
  return inputs.choice ? `${CONSENT_COOKIE}=${policyVersion}.${inputs.choice}.${SHARED_RECORD_ID}` : null;
}

/**
 * The current policy version as of a content version, read once per content version (a change of
 * the consent settings moves the content version, like every settings change): what the page cache
 * compares visitors' cookies with, without a query per page. Null when it cannot be read.
 */
export function watchConsentPolicyVersion(db: Database) {
  let latest: { contentVersion: number; policyVersion: Promise<number | null> } | undefined;
  let settled: { contentVersion: number; policyVersion: number | null } | undefined;
  return (contentVersion: number): number | null | Promise<number | null> => {
    if (settled && settled.contentVersion >= contentVersion) return settled.policyVersion;
    if (!latest || latest.contentVersion < contentVersion) {
      const read = {
        contentVersion,
        policyVersion: loadConsentSettings(db).then(
          (settings) => settings.policyVersion,
          () => null,
        ),
      };
      latest = read;
      void read.policyVersion.then((policyVersion) => {
        // A failed read is tried again by the next request rather than remembered.
        if (policyVersion !== null && (!settled || settled.contentVersion < read.contentVersion)) {
          settled = { contentVersion: read.contentVersion, policyVersion };
        }
        if (policyVersion === null && latest === read) latest = undefined;
      });
    }
    return latest.policyVersion;
  };
}
