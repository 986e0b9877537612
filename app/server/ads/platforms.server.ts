/**
 * The platforms' request formats, one function per platform: what is sent for a batch of
 * conversions, and what the delivery log keeps of each (identifiers masked).
 */
import type { ConnectionSettings } from "./connections.server";
import { externalConversionId } from "./conversions.server";
import {
  type AdClicks,
  googleHashedEmail,
  googleHashedPhone,
  hashedEmail,
  masked,
  metaHashedPhone,
} from "./identifiers.server";
import type { AdStage } from "./stages.server";
import type { ConversionValue } from "./values.server";

export const GOOGLE_DATA_MANAGER_URL = "https://datamanager.googleapis.com";
export const GOOGLE_ADS_URL = "https://googleads.googleapis.com";
export const GOOGLE_ADS_API_VERSION = "v22";
export const META_GRAPH_URL = "https://graph.facebook.com";
export const META_API_VERSION = "v24.0";
export const LINKEDIN_URL = "https://api.linkedin.com";
export const LINKEDIN_VERSION = "202510";

/** Most events one request carries: Google's ingest limit, Meta's, and a LinkedIn batch. */
export const BATCH_LIMITS = { google: 2000, meta: 1000, linkedin: 500 } as const;
/** Meta refuses server events older than seven days. */
export const META_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/** One conversion as the request builders need it: the lead's contact data only when consent allows. */
export type OutgoingConversion = {
  id: string;
  leadId: string;
  stage: AdStage;
  occurredAt: string;
  person: { email: string; phone: string | null; clicks: AdClicks; adPersonalization: boolean };
  /** What the stage is worth, in the connection's currency; null: sent without a value. */
  value?: ConversionValue | null;
};

export type PlatformRequest = { path: string; headers: Record<string, string>; body: unknown };

const base = (settings: ConnectionSettings, fallback: string) => (settings.apiUrl ?? fallback).replace(/\/+$/, "");

/** The masked copy of an event for the log: hashes and click ids cut to their first characters. */
export function maskedEvent(event: unknown): unknown {
  if (typeof event === "string") return event.length >= 16 ? masked(event) : event;
  if (Array.isArray(event)) return event.map(maskedEvent);
  if (event && typeof event === "object") {
    return Object.fromEntries(
      Object.entries(event).map(([key, value]) => [
        key,
        typeof value === "string" && /^(emailAddress|phoneNumber|em|ph|idValue|gclid|gbraid|wbraid|fbc|fbp)$/.test(key)
          ? masked(value)
          : maskedEvent(value),
      ]),
    );
  }
  return event;
}

// Google: Data Manager API, events:ingest. Consent per event from the lead's own record.
export function googleEvent(conversion: OutgoingConversion) {
  const { person } = conversion;
  const identifiers: Record<string, string>[] = [{ emailAddress: googleHashedEmail(person.email) }];
  const phone = googleHashedPhone(person.phone);
  if (phone) identifiers.push({ phoneNumber: phone });
  const adIdentifiers: Record<string, string> = {};
  for (const name of ["gclid", "gbraid", "wbraid"] as const) {
    const value = person.clicks[name];
    if (value) adIdentifiers[name] = value;
  }
  return {
    destinationReferences: [conversion.stage],
    transactionId: externalConversionId(conversion.leadId, conversion.stage),
    eventTimestamp: conversion.occurredAt,
    eventSource: "WEB",
    ...(conversion.value ? { conversionValue: conversion.value.amount, currency: conversion.value.currency } : {}),
    ...(Object.keys(adIdentifiers).length > 0 ? { adIdentifiers } : {}),
    userData: { userIdentifiers: identifiers },
    consent: {
      adUserData: "CONSENT_GRANTED",
      adPersonalization: person.adPersonalization ? "CONSENT_GRANTED" : "CONSENT_DENIED",
    },
  };
}

export function googleIngestRequest(
  settings: ConnectionSettings,
  conversions: OutgoingConversion[],
  { accessToken, validateOnly = false }: { accessToken: string; validateOnly?: boolean },
): PlatformRequest {
  const stages = [...new Set(conversions.map((conversion) => conversion.stage))];
  return {
    path: `${base(settings, GOOGLE_DATA_MANAGER_URL)}/v1/events:ingest`,
    headers: { authorization: `Bearer ${accessToken}` },
    body: {
      destinations: stages.map((stage) => ({
        reference: stage,
        ...(settings.loginCustomerId
          ? { loginAccount: { accountType: "GOOGLE_ADS", accountId: settings.loginCustomerId } }
          : {}),
        operatingAccount: { accountType: "GOOGLE_ADS", accountId: settings.customerId },
        productDestinationId: settings.stages[stage],
      })),
      events: conversions.map(googleEvent),
      encoding: "HEX",
      ...(validateOnly ? { validateOnly: true } : {}),
    },
  };
}

/** Google Ads' own date-time format for adjustments: `yyyy-mm-dd hh:mm:ss+00:00`. */
export function googleAdsDateTime(iso: string) {
  return `${new Date(iso).toISOString().slice(0, 19).replace("T", " ")}+00:00`;
}

/** A retraction by the transaction id the conversion was sent with: nothing about the person. */
export function googleRetractionRequest(
  settings: ConnectionSettings,
  retractions: { leadId: string; stage: AdStage; occurredAt: string }[],
  { accessToken, developerToken }: { accessToken: string; developerToken?: string },
): PlatformRequest {
  return {
    path: `${base(settings, GOOGLE_ADS_URL)}/${GOOGLE_ADS_API_VERSION}/customers/${settings.customerId}:uploadConversionAdjustments`,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(developerToken ? { "developer-token": developerToken } : {}),
      ...(settings.loginCustomerId ? { "login-customer-id": settings.loginCustomerId } : {}),
    },
    body: {
      conversionAdjustments: retractions.map((retraction) => ({
        conversionAction: `customers/${settings.customerId}/conversionActions/${settings.stages[retraction.stage]}`,
        adjustmentType: "RETRACTION",
        orderId: externalConversionId(retraction.leadId, retraction.stage),
        adjustmentDateTime: googleAdsDateTime(retraction.occurredAt),
      })),
      partialFailure: true,
    },
  };
}

// Meta: Conversions API on a dataset; CRM stages as event names, deduplicated by event_id.
export function metaEvent(settings: ConnectionSettings, conversion: OutgoingConversion) {
  const { person } = conversion;
  const phone = metaHashedPhone(person.phone);
  return {
    event_name: settings.stages[conversion.stage],
    event_time: Math.floor(Date.parse(conversion.occurredAt) / 1000),
    event_id: externalConversionId(conversion.leadId, conversion.stage),
    action_source: "system_generated",
    user_data: {
      em: [hashedEmail(person.email)],
      ...(phone ? { ph: [phone] } : {}),
      ...(person.clicks.fbc ? { fbc: person.clicks.fbc } : {}),
      ...(person.clicks.fbp ? { fbp: person.clicks.fbp } : {}),
    },
    custom_data: {
      event_source: "crm",
      lead_event_source: "Agency CRM",
      ...(conversion.value ? { value: conversion.value.amount, currency: conversion.value.currency } : {}),
    },
  };
}

export function metaRequest(
  settings: ConnectionSettings,
  conversions: OutgoingConversion[],
  { accessToken, testEventCode }: { accessToken: string; testEventCode?: string },
): PlatformRequest {
  return {
    path: `${base(settings, META_GRAPH_URL)}/${META_API_VERSION}/${settings.datasetId}/events`,
    headers: { authorization: `Bearer ${accessToken}` },
    body: {
      data: conversions.map((conversion) => metaEvent(settings, conversion)),
      ...(testEventCode ? { test_event_code: testEventCode } : {}),
    },
  };
}

// LinkedIn: Conversions API, one conversion rule per stage, deduplicated by eventId.
export function linkedinEvent(settings: ConnectionSettings, conversion: OutgoingConversion) {
  const { person } = conversion;
  const userIds = [{ idType: "SHA256_EMAIL", idValue: hashedEmail(person.email) }];
  if (person.clicks.li_fat_id) {
    userIds.push({ idType: "LINKEDIN_FIRST_PARTY_ADS_TRACKING_UUID", idValue: person.clicks.li_fat_id });
  }
  return {
    conversion: settings.stages[conversion.stage],
    conversionHappenedAt: Date.parse(conversion.occurredAt),
    eventId: externalConversionId(conversion.leadId, conversion.stage),
    // LinkedIn takes the amount as a decimal string.
    ...(conversion.value
      ? { conversionValue: { currencyCode: conversion.value.currency, amount: conversion.value.amount.toFixed(2) } }
      : {}),
    user: { userIds },
  };
}

export function linkedinRequest(
  settings: ConnectionSettings,
  conversions: OutgoingConversion[],
  { accessToken }: { accessToken: string },
): PlatformRequest {
  return {
    path: `${base(settings, LINKEDIN_URL)}/rest/conversionEvents`,
    headers: {
      authorization: `Bearer ${accessToken}`,
      "linkedin-version": LINKEDIN_VERSION,
      "x-restli-protocol-version": "2.0.0",
      "x-restli-method": "BATCH_CREATE",
    },
    body: { elements: conversions.map((conversion) => linkedinEvent(settings, conversion)) },
  };
}
