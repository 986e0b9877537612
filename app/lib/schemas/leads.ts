import { z } from "zod";
import { hasControlCharacters } from "~/lib/control-characters";
import {
  CONTACT_COUNTRIES,
  CONTACT_INDUSTRIES,
  DEFAULT_GUIDE_TITLE,
  GUIDE_INDUSTRIES,
  NEWSLETTER_DEFAULT_NAME,
  offeredGuideTitle,
  VISITOR_FIELD_MAX,
} from "~/lib/lead-options";
import { visitorText } from "./visitor-text";

export { leadMessages } from "~/lib/lead-checks";
export { optionLabels } from "~/lib/lead-options";
export { CONTACT_COUNTRIES, CONTACT_INDUSTRIES, DEFAULT_GUIDE_TITLE, GUIDE_INDUSTRIES, NEWSLETTER_DEFAULT_NAME };

/** The visitor forms' rules, shared by the browser and the server. Lengths are the server's limits. */

const optional = (max: number, label: string) =>
  visitorText()
    .max(max, `${label} can be at most ${max.toLocaleString("en-US")} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const requiredName = visitorText()
  .min(1, "required")
  .max(VISITOR_FIELD_MAX.name, `Name can be at most ${VISITOR_FIELD_MAX.name} characters.`);

export const requiredEmail = visitorText()
  .min(1, "required")
  .max(VISITOR_FIELD_MAX.email, `E-mail addresses can be at most ${VISITOR_FIELD_MAX.email} characters.`)
  .pipe(z.email("Please enter a valid e-mail address."));

const choice = <T extends readonly [string, ...string[]]>(options: T) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.enum(options, { error: "Please choose one of the options." }).optional());

export const contactLeadSchema = z.object({
  name: requiredName,
  email: requiredEmail,
  phone: optional(VISITOR_FIELD_MAX.phone, "Phone"),
  company: optional(VISITOR_FIELD_MAX.company, "Company"),
  country: choice(CONTACT_COUNTRIES),
  industry: choice(CONTACT_INDUSTRIES),
  budget: optional(VISITOR_FIELD_MAX.budget, "Budget"),
  message: optional(VISITOR_FIELD_MAX.message, "Message"),
});

export const guideLeadSchema = z.object({
  name: requiredName,
  email: requiredEmail,
  phone: optional(VISITOR_FIELD_MAX.phone, "Phone"),
  company: optional(VISITOR_FIELD_MAX.company, "Company"),
  industry: choice(GUIDE_INDUSTRIES),
  message: optional(VISITOR_FIELD_MAX.message, "Message"),
  // Only a guide the site offers: the title goes into the mail sent to whatever address was typed.
  guideTitle: optional(200, "Guide title").transform((value) => offeredGuideTitle(value) ?? DEFAULT_GUIDE_TITLE),
  redirectUrl: optional(2048, "Redirect URL"),
});

export const getStartedLeadSchema = z.object({
  name: requiredName,
  email: requiredEmail,
  phone: optional(VISITOR_FIELD_MAX.phone, "Phone"),
  company: optional(VISITOR_FIELD_MAX.company, "Company"),
  message: optional(VISITOR_FIELD_MAX.message, "Message"),
  sourceLabel: optional(200, "Source").transform((value) => value ?? "Website"),
  formId: optional(64, "Form"),
  redirectUrl: optional(2048, "Redirect URL"),
});

export const newsletterLeadSchema = z.object({
  email: requiredEmail,
  name: optional(VISITOR_FIELD_MAX.name, "Name"),
});

export const leadFlows = {
  contact: contactLeadSchema,
  guide: guideLeadSchema,
  "get-started": getStartedLeadSchema,
  newsletter: newsletterLeadSchema,
} as const;

export type LeadFlow = keyof typeof leadFlows;

export function isLeadFlow(value: unknown): value is LeadFlow {
  return typeof value === "string" && Object.hasOwn(leadFlows, value);
}

/**
 * Redirects after a submission stay on this site: a path, never another host. The address can come
 * from a crafted link or a cross-site form, and the agency's thank-you page must not send visitors
 * elsewhere on a stranger's say. Browsers read `/\host` as `//host`, so a backslash is refused too.
 */
export function isSafeRedirectUrl(value: string | undefined): value is string {
  return Boolean(
    value?.startsWith("/") && !value.startsWith("//") && !value.includes("\\") && !hasControlCharacters(value),
  );
}
