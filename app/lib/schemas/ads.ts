import { z } from "zod";

/** The ad platform screen's forms, shared by the forms and their actions. */
export const AD_PLATFORM_NAMES = ["google", "meta", "linkedin"] as const;
export const adPlatformLabels: Record<(typeof AD_PLATFORM_NAMES)[number], string> = {
  google: "Google Ads",
  meta: "Meta",
  linkedin: "LinkedIn",
};
export const AD_STAGE_NAMES = [
  "lead",
  "call_booked",
  "call_held",
  "qualified",
  "client",
  "no_show",
  "lost",
  "spam",
] as const;
export const AD_CONVERSION_STATUSES = ["queued", "sending", "sent", "failed", "not_sent", "cancelled"] as const;

const platform = z.enum(AD_PLATFORM_NAMES, { message: "Choose Google Ads, Meta or LinkedIn." });

export const adConnectSchema = z.object({
  platform,
  config: z
    .string()
    .trim()
    .min(2, "Paste the connection's JSON.")
    .max(64 * 1024, "The JSON is larger than 64 KB."),
});

export const adPlatformSchema = z.object({ platform });

export const adTestSchema = z.object({
  platform,
  testEventCode: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9_-]*$/, "Letters, digits, - and _ only.")
    .optional()
    .transform((code) => code || undefined),
});

/** The import file's address is Google's: nothing to choose. */
export const adFileSchema = z.object({});

export const adResendSchema = z.object({ conversionId: z.string().trim().min(1).max(200) });

const optionalOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .optional()
    .transform((value) => ((values as readonly string[]).includes(value ?? "") ? (value as T[number]) : undefined));

export const adLogFilterSchema = z.object({
  platform: optionalOf(AD_PLATFORM_NAMES),
  stage: optionalOf(AD_STAGE_NAMES),
  status: optionalOf(AD_CONVERSION_STATUSES),
});
export type AdLogFilter = z.output<typeof adLogFilterSchema>;
