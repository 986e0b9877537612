import { z } from "zod";
import { META_DESCRIPTION_MAX } from "./content";
import { requiredText } from "./fields";

/** Site settings' rules, shared by the settings screen, its action, and the public pages that read them. */

export const SITE_TITLE_MAX = 70;
/** Search engines show about this much of a description in their results: the length to aim for. */
export const META_DESCRIPTION_IDEAL = { min: 150, max: 160 } as const;
export const CUSTOM_HEAD_CODE_MAX = 20_000;

/** Google tag ids: GA4 `G-…`, Google tag `GT-…`, Ads `AW-…`, or a legacy Universal Analytics `UA-…-…`. */
export const GOOGLE_ANALYTICS_ID_PATTERN = /^(?:(?:G|GT|AW)-[A-Z0-9]{4,16}|UA-\d{4,12}-\d{1,4})$/;
/** Meta (Facebook) pixel ids are 15 or 16 digits. */
export const FACEBOOK_PIXEL_ID_PATTERN = /^\d{15,16}$/;

export function isGoogleAnalyticsId(value: unknown): value is string {
  return typeof value === "string" && GOOGLE_ANALYTICS_ID_PATTERN.test(value);
}

export function isFacebookPixelId(value: unknown): value is string {
  return typeof value === "string" && FACEBOOK_PIXEL_ID_PATTERN.test(value);
}

export const googleAnalyticsIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .max(40, "That Google Analytics ID is too long.")
  .refine((value) => value === "" || isGoogleAnalyticsId(value), {
    message: "Enter a Google Analytics ID such as G-XXXXXXXXXX (or GT-…, AW-…, UA-XXXXXX-X).",
  });

export const facebookPixelIdSchema = z
  .string()
  .trim()
  .refine((value) => value === "" || isFacebookPixelId(value), {
    message: "Enter a Facebook Pixel ID: 15 or 16 digits.",
  });

export const customHeadCodeSchema = z
  .string()
  .max(
    CUSTOM_HEAD_CODE_MAX,
    `Custom head code is limited to ${CUSTOM_HEAD_CODE_MAX.toLocaleString("en-US")} characters.`,
  )
  .transform((value) => value.trim());

export const NOTIFICATION_EMAILS_MAX = 20;

/** Staff addresses told of new leads: commas, semicolons or spaces between them; stored as "a, b". */
export const notificationEmailsSchema = z
  .string()
  .max(2000, "That is too long for a list of addresses.")
  .transform((value, ctx) => {
    const addresses = value.split(/[\s,;]+/).filter(Boolean);
    const invalid = addresses.find((address) => !z.email().safeParse(address).success);
    if (invalid) {
      ctx.addIssue({ code: "custom", message: `"${invalid.slice(0, 80)}" is not an e-mail address.` });
      return z.NEVER;
    }
    if (addresses.length > NOTIFICATION_EMAILS_MAX) {
      ctx.addIssue({ code: "custom", message: `At most ${NOTIFICATION_EMAILS_MAX} addresses.` });
      return z.NEVER;
    }
    return [...new Set(addresses.map((address) => address.toLowerCase()))].join(", ");
  });

export const siteInformationSchema = z.object({
  site_title: requiredText(
    "Please enter a site title.",
    SITE_TITLE_MAX,
    `The site title is limited to ${SITE_TITLE_MAX} characters.`,
  ),
  site_meta_description: z
    .string()
    .trim()
    .max(META_DESCRIPTION_MAX, `The meta description is limited to ${META_DESCRIPTION_MAX} characters.`)
    .default(""),
  notification_emails: notificationEmailsSchema.default(""),
});

export const analyticsSchema = z.object({
  google_analytics_id: googleAnalyticsIdSchema.default(""),
  facebook_pixel_id: facebookPixelIdSchema.default(""),
  custom_head_code: customHeadCodeSchema.default(""),
});

export const removeSiteFileSchema = z.object({
  key: z.enum(
    ["favicon_url", "header_logo", "footer_logo", "ppc_strategies_pdf", "hero_video", "hero_video_thumbnail"],
    { error: "Unknown setting." },
  ),
});

const months = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, `${label} must be a whole number of months.`)
    .refine((value) => Number(value) >= 1 && Number(value) <= 120, `${label} must be between 1 and 120 months.`);

/** The consent banner, what the custom head code counts as, and how long visitor data is kept. */
export const privacySchema = z.object({
  consent_banner: z.enum(["on", "off"], { error: "Choose whether the consent banner is on." }),
  consent_scope: z.enum(["everyone", "required"], { error: "Choose whom the banner asks." }),
  consent_policy_version: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, "The policy version is a whole number, such as 2.")
    .refine((value) => Number(value) >= 1, "The policy version starts at 1."),
  custom_head_code_category: z.enum(["necessary", "analytics", "marketing"], {
    error: "Choose the category of the custom head code.",
  }),
  retention_events_months: months("Analytics events retention"),
  retention_consent_months: months("Consent records retention"),
  retention_mails_months: months("Sent mails retention"),
});
