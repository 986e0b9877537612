/**
 * The cost estimator: its answers, options and step rules, and reading a draft from the form. Plain
 * data (no zod), so the page ships only what it uses; the calculation is in `estimate.ts`.
 */

import { GUIDE_INDUSTRIES, optionLabels } from "./lead-options";

export const ESTIMATOR_CURRENCIES = ["USD", "INR", "AED", "AUD", "CAD", "GBP"] as const;
export type EstimatorCurrency = (typeof ESTIMATOR_CURRENCIES)[number];

export const BUSINESS_TYPES = ["ecommerce", "lead-generation", "local-business", "saas", "other"] as const;
export const CAMPAIGN_OBJECTIVES = ["conversions", "leads", "traffic", "awareness"] as const;
export const AUDIENCE_TYPES = ["broad", "niche", "custom"] as const;
export const PLATFORMS = ["meta", "google", "youtube", "linkedin", "tiktok", "snapchat", "other"] as const;
export const ADDITIONAL_SERVICES = [
  "creative-ads",
  "landing-page",
  "tracking-setup",
  "conversion-optimization",
  "competitor-analysis",
] as const;
/** The industries the guide form offers, so a visitor's answer means the same on both. */
export const ESTIMATOR_INDUSTRIES = GUIDE_INDUSTRIES;

export const estimatorLabels = {
  businessType: {
    ecommerce: "E-commerce",
    "lead-generation": "Lead Generation / Services",
    "local-business": "Local Business",
    saas: "SaaS / App",
    other: "Other",
  },
  campaignObjective: {
    conversions: "Conversions / Sales",
    leads: "Lead Generation",
    traffic: "Website Traffic",
    awareness: "Brand Awareness",
  },
  audienceType: {
    broad: "Broad Audience",
    niche: "Niche Audience",
    custom: "Custom / Retargeting Audience",
  },
  platforms: {
    meta: "Meta (Facebook & Instagram)",
    google: "Google Search / Display",
    youtube: "YouTube",
    linkedin: "LinkedIn",
    tiktok: "TikTok",
    snapchat: "Snapchat",
    other: "Other",
  },
  additionalServices: {
    "creative-ads": "Creative Ads",
    "landing-page": "Landing Page Setup",
    "tracking-setup": "Tracking & Analytics Setup",
    "conversion-optimization": "Conversion Rate Optimization",
    "competitor-analysis": "Competitor Analysis",
  },
  industry: Object.fromEntries(ESTIMATOR_INDUSTRIES.map((value) => [value, optionLabels[value]!])) as Record<
    (typeof ESTIMATOR_INDUSTRIES)[number],
    string
  >,
} as const;

export const AD_SPEND = { min: 500, max: 20_000, step: 100, default: 1000 } as const;
export const DURATION = { min: 1, max: 24, step: 1, default: 6 } as const;

/** The longest text each answer may hold; the server refuses longer ones. */
export const ESTIMATOR_LIMITS = {
  fullName: 200,
  email: 254,
  phone: 50,
  company: 200,
  website: 500,
  targetCountry: 100,
  targetRegion: 100,
  targetCity: 100,
  avgOrderValue: 20,
  targetConversionRate: 10,
  monthlyTraffic: 20,
  pastCampaignData: 2000,
} as const;

export type EstimatorAnswers = {
  businessType: string;
  industry: string;
  campaignObjective: string;
  platforms: string[];
  audienceType: string;
  targetCountry: string;
  targetRegion: string;
  targetCity: string;
  monthlyAdSpend: number;
  campaignDuration: number;
  currency: EstimatorCurrency;
  additionalServices: string[];
  avgOrderValue: string;
  targetConversionRate: string;
  monthlyTraffic: string;
  pastCampaignData: string;
  fullName: string;
  email: string;
  phone: string;
  company: string;
  website: string;
  consent: boolean;
};

export const defaultAnswers: EstimatorAnswers = {
  businessType: "",
  industry: "",
  campaignObjective: "",
  platforms: [],
  audienceType: "",
  targetCountry: "",
  targetRegion: "",
  targetCity: "",
  monthlyAdSpend: AD_SPEND.default,
  campaignDuration: DURATION.default,
  currency: "USD",
  additionalServices: [],
  avgOrderValue: "",
  targetConversionRate: "",
  monthlyTraffic: "",
  pastCampaignData: "",
  fullName: "",
  email: "",
  phone: "",
  company: "",
  website: "",
  consent: false,
};

/** Which step of the wizard asks for each answer, to send the visitor back to the right one. */
export const stepOfAnswer: Record<keyof EstimatorAnswers, number> = {
  businessType: 1,
  industry: 1,
  campaignObjective: 1,
  platforms: 2,
  audienceType: 2,
  targetCountry: 2,
  targetRegion: 2,
  targetCity: 2,
  monthlyAdSpend: 3,
  campaignDuration: 3,
  currency: 3,
  additionalServices: 4,
  avgOrderValue: 5,
  targetConversionRate: 5,
  monthlyTraffic: 5,
  pastCampaignData: 5,
  fullName: 6,
  email: 6,
  phone: 6,
  company: 6,
  website: 6,
  consent: 6,
};

export const ESTIMATOR_STEPS = [
  { title: "Business Information", description: "Tell us about your business and what you want to achieve." },
  { title: "Platforms & Audience", description: "Where you want to advertise and who you want to reach." },
  { title: "Budget & Timeline", description: "Your monthly ad spend, campaign length and currency." },
  { title: "Additional Services", description: "Anything else you would like us to take care of." },
  { title: "Performance Data", description: "Optional numbers that help us tailor your plan." },
  { title: "Contact Information", description: "Where we send your estimate and your strategy call invite." },
] as const;
export const STEP_COUNT = ESTIMATOR_STEPS.length;

export const ESTIMATOR_CONSENT = "I agree to be contacted about my estimate and accept the privacy policy.";

export const estimatorMessages = {
  missing: ["Missing Information", "Please fill in all required fields and accept the terms."],
  invalidEmail: ["Please check the form", "Please enter a valid e-mail address."],
  failure: ["Error", "There was an issue generating your estimate. Please try again."],
  success: ["Estimate Generated!", "Your cost estimate has been calculated and saved."],
} as const satisfies Record<string, readonly [string, string]>;

/** Why the visitor may not leave a step yet, or null; Next is disabled while this says something. */
export function stepProblem(step: number, answers: EstimatorAnswers): string | null {
  if (step === 1 && (!answers.businessType || !answers.campaignObjective))
    return "Choose your business type and campaign objective to continue.";
  if (step === 2 && (answers.platforms.length === 0 || !answers.audienceType))
    return "Choose at least one platform and an audience type to continue.";
  return null;
}

/** The first step the visitor has to finish before getting an estimate, or null when all are done. */
export function firstUnfinishedStep(answers: EstimatorAnswers) {
  for (let step = 1; step < STEP_COUNT; step++) if (stepProblem(step, answers)) return step;
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The browser's check before sending (the server checks everything again). */
export function contactProblem(answers: EstimatorAnswers) {
  if (!answers.fullName.trim() || !answers.email.trim() || !answers.consent) return "missing" as const;
  if (!EMAIL.test(answers.email.trim())) return "email" as const;
  return null;
}

export const canSubmitEstimate = (answers: EstimatorAnswers) =>
  Boolean(answers.fullName.trim() && answers.email.trim() && answers.consent);

const isOneOf = <T extends readonly string[]>(options: T, value: unknown): value is T[number] =>
  typeof value === "string" && options.includes(value);

const clampStep = (
  value: unknown,
  { min, max, step }: { min: number; max: number; step: number },
  fallback: number,
) => {
  const number = Number(value);
  if (typeof value !== "string" || value.trim() === "" || !Number.isFinite(number)) return fallback;
  return Math.min(max, Math.max(min, min + Math.round((number - min) / step) * step));
};

/**
 * The answers carried between steps (the hidden fields of the no-JavaScript wizard), read forgivingly:
 * unknown options are dropped, numbers are brought into range and text is cut to its limit. The final
 * submission is checked strictly by the server's schema instead.
 */
export function readDraftAnswers(form: { get(name: string): unknown; getAll(name: string): unknown[] }) {
  const text = (name: keyof typeof ESTIMATOR_LIMITS) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim().slice(0, ESTIMATOR_LIMITS[name]) : "";
  };
  const choice = (name: string, options: readonly string[]) => {
    const value = form.get(name);
    return isOneOf(options, value) ? value : "";
  };
  const list = (name: string, options: readonly string[]) => [
    ...new Set(form.getAll(name).filter((value): value is string => isOneOf(options, value))),
  ];
  const currency = form.get("currency");
  return {
    businessType: choice("businessType", BUSINESS_TYPES),
    industry: choice("industry", ESTIMATOR_INDUSTRIES),
    campaignObjective: choice("campaignObjective", CAMPAIGN_OBJECTIVES),
    platforms: list("platforms", PLATFORMS),
    audienceType: choice("audienceType", AUDIENCE_TYPES),
    targetCountry: text("targetCountry"),
    targetRegion: text("targetRegion"),
    targetCity: text("targetCity"),
    monthlyAdSpend: clampStep(form.get("monthlyAdSpend"), AD_SPEND, AD_SPEND.default),
    campaignDuration: clampStep(form.get("campaignDuration"), DURATION, DURATION.default),
    currency: isOneOf(ESTIMATOR_CURRENCIES, currency) ? currency : "USD",
    additionalServices: list("additionalServices", ADDITIONAL_SERVICES),
    avgOrderValue: text("avgOrderValue"),
    targetConversionRate: text("targetConversionRate"),
    monthlyTraffic: text("monthlyTraffic"),
    pastCampaignData: text("pastCampaignData"),
    fullName: text("fullName"),
    email: text("email"),
    phone: text("phone"),
    company: text("company"),
    website: text("website"),
    consent: form.get("consent") === "on",
  } satisfies EstimatorAnswers;
}
