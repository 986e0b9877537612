import { z } from "zod";
import { valuesOf } from "./choices";
import { checkbox, optionalText, requiredText } from "./fields";
import { knownSectionSchemas } from "./pricing-content";

/** Pricing plans and content sections: shared by the admin forms and the actions. */

export const planTypeLabels = {
  paid_ads: "Paid Ads Management",
  conversion_tracking: "Conversion Tracking Setup",
  automation: "Marketing Automation Setup",
};
export const PLAN_TYPES = valuesOf(planTypeLabels);
export type PlanType = (typeof PLAN_TYPES)[number];

export const DEFAULT_CTA_TEXT = "Get Started";
const PRICE_MAX = 100_000_000;

type NumberRule = { decimals: 0 | 2; min?: number; max?: number };

/** A number typed into a form field; blank is 0 (a plan without that figure), anything else must be a number. */
function numberField(label: string, rule: NumberRule) {
  return optionalNumberField(label, rule).transform((value) => value ?? 0);
}

/** Like `numberField`, but blank stays unset (the optional original prices). */
function optionalNumberField(label: string, rule: NumberRule) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): number | null => {
      const text = (raw ?? "").trim();
      if (text === "") return null;
      const value = Number(text);
      if (!Number.isFinite(value)) {
        ctx.addIssue({ code: "custom", message: `${label} must be a number.` });
        return z.NEVER;
      }
      if (rule.decimals === 0 && !Number.isInteger(value)) {
        ctx.addIssue({ code: "custom", message: `${label} must be a whole number.` });
        return z.NEVER;
      }
      if (rule.decimals === 2 && Math.abs(Math.round(value * 100) - value * 100) > 1e-6) {
        ctx.addIssue({ code: "custom", message: `${label} can have at most 2 decimals.` });
        return z.NEVER;
      }
      const min = rule.min ?? 0;
      const max = rule.max ?? PRICE_MAX;
      if (value < min || value > max) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be between ${min} and ${max.toLocaleString("en-US")}.`,
        });
        return z.NEVER;
      }
      return value;
    });
}

export const pricingPlanSchema = z.object({
  planType: z.enum(PLAN_TYPES, { error: "Choose a plan type: paid ads, conversion tracking or automation." }),
  title: requiredText("Title is required.", 100, "Title must be at most 100 characters."),
  subtitle: optionalText("Subtitle", 200),
  description: optionalText("Description", 1000),
  priceUsd: numberField("USD price", { decimals: 2 }),
  priceInr: numberField("INR price", { decimals: 0 }),
  // Optional originals stay unset when left empty.
  originalPriceUsd: optionalNumberField("Original USD price", { decimals: 2 }),
  originalPriceInr: optionalNumberField("Original INR price", { decimals: 0 }),
  features: z
    .string()
    .max(10_000, "Features must be at most 10,000 characters in all.")
    .optional()
    .transform((text) =>
      (text ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((lines) => lines.length <= 30, "Use at most 30 features.")
    .refine((lines) => lines.every((line) => line.length <= 200), "Each feature must be at most 200 characters."),
  winterDiscount: numberField("Winter discount", { decimals: 0, min: 0, max: 100 }),
  isPopular: checkbox,
  isActive: checkbox,
  ctaText: z
    .string()
    .trim()
    .max(40, "Button text must be at most 40 characters.")
    .optional()
    .transform((value) => value || DEFAULT_CTA_TEXT),
  displayOrder: numberField("Display order", { decimals: 0, min: -1000, max: 1000 }),
});
export type PricingPlanInput = z.output<typeof pricingPlanSchema>;

export const planIdSchema = z.object({ id: z.string().trim().min(1, "Missing plan id.").max(64) });
export const planActiveSchema = planIdSchema.extend({
  isActive: z.enum(["true", "false"]).transform((value) => value === "true"),
});

export const CONTENT_JSON_MAX = 20_000;

/**
 * Parses the JSON editor's text: refuses anything that is not a JSON object, and checks the sections the
 * public pages render against their shapes. Returns the value to store or a message saying what is wrong.
 */
export function parseSectionContent(
  sectionKey: string,
  text: string,
): { ok: true; content: Record<string, unknown> } | { ok: false; message: string } {
  if (text.length > CONTENT_JSON_MAX) {
    return { ok: false, message: `Content must be at most ${CONTENT_JSON_MAX.toLocaleString("en-US")} characters.` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Invalid JSON: ${(error as Error).message}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, message: "Content must be a JSON object ({ … })." };
  }
  const shape = knownSectionSchemas[sectionKey as keyof typeof knownSectionSchemas];
  if (shape) {
    const checked = shape.safeParse(value);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const where = issue.path.length ? issue.path.join(".") : "content";
      return { ok: false, message: `Content does not fit the ${sectionKey} section: ${where}: ${issue.message}` };
    }
  }
  return { ok: true, content: value as Record<string, unknown> };
}

export const pricingContentSchema = z
  .object({
    sectionKey: z.string().trim().min(1, "Missing section.").max(64),
    title: requiredText("Title is required.", 100, "Title must be at most 100 characters."),
    content: z.string({ error: "Content is required." }),
  })
  .transform((value, ctx) => {
    const parsed = parseSectionContent(value.sectionKey, value.content);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.message, path: ["content"] });
      return z.NEVER;
    }
    return { sectionKey: value.sectionKey, title: value.title, content: parsed.content };
  });
export type PricingContentInput = z.output<typeof pricingContentSchema>;
