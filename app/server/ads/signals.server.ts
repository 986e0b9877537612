import { grantOf } from "~/lib/consent";
import type { Config } from "../config.server";
import { consentVariant, loadConsentSettings } from "../consent/consent.server";
import { visitorCountry } from "../currency/currency.server";
import type { Database } from "../db/schema.server";
import { type AdClicks, clickIdsOf } from "./identifiers.server";

/** A visit's click ids and the advertising consent that decides whether they (and the person) go to a platform. */
export type AdSignals = { clicks: AdClicks; adUserData: boolean; adPersonalization: boolean };

type HeaderSource = { headers: { get(name: string): string | null } };

/**
 * What the visitor's consent allows for advertising, the way their pages were rendered: marketing as
 * they chose it, or as implied where it is not asked (or the banner is off); Global Privacy Control
 * refuses it. With it refused, the visit's click ids are not kept at all: they identify a click, and
 * so a person, to the ad network. Never fails the enquiry: anything unreadable counts as refused.
 */
export async function adSignalsOf(
  db: Database,
  request: HeaderSource,
  {
    config,
    clientIp,
    pageUrl,
    nowMs = Date.now(),
  }: {
    config: Pick<Config, "countryHeader" | "trustProxy">;
    clientIp: string | undefined;
    pageUrl: string | null;
    nowMs?: number;
  },
): Promise<AdSignals> {
  try {
    const variant = consentVariant(request, await loadConsentSettings(db), visitorCountry(request, config, clientIp));
    const marketing = grantOf(variant).marketing;
    return {
      clicks: marketing ? clickIdsOf(pageUrl, request.headers.get("cookie"), nowMs) : {},
      adUserData: marketing,
      adPersonalization: marketing,
    };
  } catch {
    return { clicks: {}, adUserData: false, adPersonalization: false };
  }
}
