/** The visitor forms' options and defaults: plain data, safe to ship to the browser (no zod). */

/** The longest text each visitor form field takes: the server's schema and the fields' maxLength both read these. */
export const VISITOR_FIELD_MAX = {
  name: 200,
  email: 254,
  phone: 50,
  company: 200,
  budget: 100,
  message: 5000,
} as const;

export const CONTACT_COUNTRIES = ["india", "usa", "australia", "uae", "canada"] as const;
export const CONTACT_INDUSTRIES = ["ecommerce", "saas", "realestate", "automotive"] as const;
export const GUIDE_INDUSTRIES = [
  "ecommerce",
  "saas",
  "realestate",
  "automotive",
  "healthcare",
  "finance",
  "education",
  "other",
] as const;

export const optionLabels: Record<string, string> = {
  india: "India",
  usa: "USA",
  australia: "Australia",
  uae: "UAE",
  canada: "Canada",
  ecommerce: "E-commerce",
  saas: "SaaS / IT",
  realestate: "Real Estate",
  automotive: "Automotive",
  healthcare: "Healthcare",
  finance: "Finance",
  education: "Education",
  other: "Other",
};

export const DEFAULT_GUIDE_TITLE = "Download 50 Winning PPC Strategies";
/** The guides the site offers; a guide flow naming any other is filed under the default. */
const GUIDE_TITLES: readonly string[] = [DEFAULT_GUIDE_TITLE];

/** The title if it names a guide the site offers, else undefined: it is shown and mailed, never made up. */
export function offeredGuideTitle(title: string | undefined) {
  return title && GUIDE_TITLES.includes(title) ? title : undefined;
}
export const NEWSLETTER_DEFAULT_NAME = "Newsletter Subscriber";

export const LEAD_FLOWS = ["contact", "guide", "get-started", "newsletter"] as const;
export type LeadFlowName = (typeof LEAD_FLOWS)[number];

export function isLeadFlowName(value: unknown): value is LeadFlowName {
  return typeof value === "string" && (LEAD_FLOWS as readonly string[]).includes(value);
}

/**
 * The page a dialog's form stands on for visitors without JavaScript: `/lead` with the flow and the
 * dialog's context (source label, form id, redirect, guide title) in the query, so the lead they
 * leave there is filed exactly as the dialog would file it.
 */
export function leadPageHref(flow: "guide" | "get-started", context: Record<string, string | undefined>) {
  const query = new URLSearchParams({ flow });
  for (const [name, value] of Object.entries(context)) if (value) query.set(name, value);
  return `/lead?${query}`;
}

/** The flows whose success, without JavaScript, is a thank-you page of their own (the same for everyone). */
const THANK_YOU_FLOWS = ["contact", "newsletter", "get-started"] as const;
export type ThankYouFlow = (typeof THANK_YOU_FLOWS)[number];

export function isThankYouFlow(flow: unknown): flow is ThankYouFlow {
  return (THANK_YOU_FLOWS as readonly unknown[]).includes(flow);
}

export function thankYouPath(flow: ThankYouFlow) {
  return `/lead/sent/${flow}`;
}
