import { z } from "zod";
import {
  AD_SPEND,
  ADDITIONAL_SERVICES,
  AUDIENCE_TYPES,
  BUSINESS_TYPES,
  CAMPAIGN_OBJECTIVES,
  DURATION,
  ESTIMATOR_CURRENCIES,
  ESTIMATOR_INDUSTRIES,
  ESTIMATOR_LIMITS,
  type EstimatorAnswers,
  PLATFORMS,
  stepOfAnswer,
} from "~/lib/estimator";
import { visitorText } from "./visitor-text";

/** The server's check of a finished estimator (the browser runs the lighter checks in ~/lib/estimator). */

const text = (name: keyof typeof ESTIMATOR_LIMITS, label: string) =>
  visitorText()
    .max(
      ESTIMATOR_LIMITS[name],
      `${label} can be at most ${ESTIMATOR_LIMITS[name].toLocaleString("en-US")} characters.`,
    )
    .default("");

const required = (name: keyof typeof ESTIMATOR_LIMITS, label: string) =>
  visitorText()
    .min(1, "required")
    .max(
      ESTIMATOR_LIMITS[name],
      `${label} can be at most ${ESTIMATOR_LIMITS[name].toLocaleString("en-US")} characters.`,
    );

const requiredChoice = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.enum(options, { error: message });

const optionalChoice = <T extends readonly [string, ...string[]]>(options: T) =>
  z.union([z.literal(""), z.enum(options, { error: "Please choose one of the options." })]).default("");

const list = <T extends readonly [string, ...string[]]>(options: T) =>
  z
    .array(z.enum(options, { error: "Please choose from the options shown." }))
    .max(options.length)
    .default([])
    .transform((values) => [...new Set(values)]);

const wholeNumber = ({ min, max, step }: { min: number; max: number; step: number }, label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be between ${min.toLocaleString("en-US")} and ${max.toLocaleString("en-US")}.`)
    .max(max, `${label} must be between ${min.toLocaleString("en-US")} and ${max.toLocaleString("en-US")}.`)
    .refine((value) => (value - min) % step === 0, `${label} goes in steps of ${step.toLocaleString("en-US")}.`);

/** An optional number typed as text: blank, or a non-negative number up to `max`. */
const optionalNumber = (name: keyof typeof ESTIMATOR_LIMITS, label: string, max: number) =>
  text(name, label).refine(
    (value) => {
      if (value === "") return true;
      const number = Number(value);
      return /^\d+(\.\d+)?$/.test(value) && number >= 0 && number <= max;
    },
    `${label} must be a number from 0 to ${max.toLocaleString("en-US")}.`,
  );

export const estimatorSchema = z.object({
  businessType: requiredChoice(BUSINESS_TYPES, "Please choose your business type."),
  industry: optionalChoice(ESTIMATOR_INDUSTRIES),
  campaignObjective: requiredChoice(CAMPAIGN_OBJECTIVES, "Please choose a campaign objective."),
  platforms: list(PLATFORMS).refine((values) => values.length > 0, "Please choose at least one platform."),
  audienceType: requiredChoice(AUDIENCE_TYPES, "Please choose an audience type."),
  targetCountry: text("targetCountry", "Target country"),
  targetRegion: text("targetRegion", "Target region"),
  targetCity: text("targetCity", "Target city"),
  monthlyAdSpend: wholeNumber(AD_SPEND, "Monthly ad spend"),
  campaignDuration: wholeNumber(DURATION, "Campaign duration"),
  currency: z.enum(ESTIMATOR_CURRENCIES, { error: "Please choose one of the currencies shown." }),
  additionalServices: list(ADDITIONAL_SERVICES),
  avgOrderValue: optionalNumber("avgOrderValue", "Average order value", 1_000_000_000),
  targetConversionRate: optionalNumber("targetConversionRate", "Target conversion rate", 100),
  monthlyTraffic: optionalNumber("monthlyTraffic", "Monthly traffic", 1_000_000_000_000),
  pastCampaignData: text("pastCampaignData", "Past campaign data"),
  fullName: required("fullName", "Full name"),
  email: required("email", "E-mail").pipe(z.email("Please enter a valid e-mail address.")),
  phone: text("phone", "Phone"),
  company: text("company", "Company"),
  website: text("website", "Website"),
  consent: z.literal(true, { error: "required" }),
}) satisfies z.ZodType<EstimatorAnswers, unknown>;

const LIST_FIELDS = new Set(["platforms", "additionalServices"]);

/** The submitted fields as the schema reads them: lists for the checkbox groups, text otherwise, consent a boolean. */
export function estimatorFormValues(formData: FormData) {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(stepOfAnswer)) {
    if (LIST_FIELDS.has(key)) values[key] = formData.getAll(key).filter((value) => typeof value === "string");
    else if (key === "consent") values[key] = formData.get(key) === "on";
    else {
      const value = formData.get(key);
      if (typeof value === "string") values[key] = value;
    }
  }
  return values;
}
