/**
 * What a public page's consent-dependent parts (banner, tracking tags) are a function of. A small,
 * closed set, so a page can be cached once per state:
 * - `off`, `off-gpc`: the banner is turned off; everything loads (but the pixel under Global Privacy Control);
 * - `ask`, `ask-gpc`: the visitor must choose and has not (for this policy version); nothing loads;
 * - `a{0|1}m{0|1}`: analytics and marketing as chosen, or as implied where consent is not asked.
 */
export const CONSENT_VARIANTS = ["off", "off-gpc", "ask", "ask-gpc", "a0m0", "a1m0", "a0m1", "a1m1"] as const;
export type ConsentVariant = (typeof CONSENT_VARIANTS)[number];

export type ConsentGrant = { analytics: boolean; marketing: boolean };

export function grantOf(variant: ConsentVariant): ConsentGrant {
  if (variant === "off") return { analytics: true, marketing: true };
  if (variant === "off-gpc") return { analytics: true, marketing: false };
  if (variant === "ask" || variant === "ask-gpc") return { analytics: false, marketing: false };
  return { analytics: variant[1] === "1", marketing: variant[3] === "1" };
}

/** The banner is open on arrival while a choice is missing; otherwise "Cookie settings" reopens it. */
export function bannerOf(variant: ConsentVariant) {
  return {
    enabled: variant !== "off" && variant !== "off-gpc",
    open: variant === "ask" || variant === "ask-gpc",
    globalPrivacyControl: variant.endsWith("-gpc"),
  };
}

export const HEAD_CODE_CATEGORIES = ["necessary", "analytics", "marketing"] as const;
export type HeadCodeCategory = (typeof HEAD_CODE_CATEGORIES)[number];
export const CONSENT_SCOPES = ["everyone", "required"] as const;
export type ConsentScope = (typeof CONSENT_SCOPES)[number];

export const CONSENT_DEFAULTS = {
  banner: true,
  scope: "required" as ConsentScope,
  policyVersion: 1,
  headCodeCategory: "marketing" as HeadCodeCategory,
  eventsRetentionMonths: 13,
  consentRetentionMonths: 13,
  mailRetentionMonths: 6,
};
