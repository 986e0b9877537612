import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js";
import { type AuditActor, auditOf } from "../audit/audit.server";
import type { Database } from "../db/schema.server";
import { getSettings, setSetting } from "../settings/settings.server";

const auditSiteSettings = auditOf("site_settings");

/**
 * A person's identity as the leads are keyed on it: the e-mail as its mailbox receives it and the phone
 * in E.164. Two spellings of one address (`A.Smith+ads@GoogleMail.com`, `asmith@gmail.com`) are one
 * person; a phone written nationally (`098765 43210`) and internationally (`+91 98765 43210`) is one number.
 */

/** Gmail ignores dots and everything after a `+` in the local part, and googlemail.com is the same mailbox. */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/** The e-mail trimmed and lower-cased; for Gmail also without dots and `+tag`, on gmail.com. */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return trimmed;
  const domain = trimmed.slice(at + 1);
  if (!GMAIL_DOMAINS.has(domain)) return trimmed;
  const local = trimmed.slice(0, at).split("+")[0]?.replaceAll(".", "") ?? "";
  return `${local}@gmail.com`;
}

/** Longer than any real number with its spaces and punctuation: the parser never sees more. */
const MAX_PHONE_LENGTH = 40;

/**
 * The phone in E.164 (`+919876543210`), read in the agency's country when it has no country code; null
 * when it is not a valid number, so that a phone as typed (`call me`, `12345`) never matches anyone.
 */
export function normalizePhone(phone: string | null | undefined, defaultCountry: CountryCode): string | null {
  const typed = phone?.trim();
  if (!typed || typed.length > MAX_PHONE_LENGTH) return null;
  const parsed = parsePhoneNumberFromString(typed, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

export const AGENCY_COUNTRY_KEY = "agency_country";
/** The agency works from India first: a number typed without a country code is read as Indian until an admin says otherwise. */
export const DEFAULT_AGENCY_COUNTRY: CountryCode = "IN";

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === "string" && /^[A-Z]{2}$/.test(value) && isSupportedCountry(value);
}

/** The country whose numbers are read without a country code (an ISO 3166 code such as IN or US). */
export async function getAgencyCountry(db: Database): Promise<CountryCode> {
  const value = (await getSettings(db, [AGENCY_COUNTRY_KEY]))[AGENCY_COUNTRY_KEY];
  return isCountryCode(value) ? value : DEFAULT_AGENCY_COUNTRY;
}

export async function setAgencyCountry(db: Database, country: CountryCode, actor: AuditActor | null) {
  await db.transaction().execute(async (trx) => {
    const before = await getAgencyCountry(trx);
    if (before === country) return;
    await setSetting(trx, AGENCY_COUNTRY_KEY, country, actor?.id ?? null);
    await auditSiteSettings(trx, actor, "settings.update", AGENCY_COUNTRY_KEY, {
      [AGENCY_COUNTRY_KEY]: { from: before, to: country },
    });
  });
}

/** The identity columns of a lead with this e-mail and phone. */
export function identityOf(email: string, phone: string | null | undefined, country: CountryCode) {
  return { email_normalized: normalizeEmail(email), phone_e164: normalizePhone(phone, country) };
}
