/**
 * The estimate itself: the agency's rates, the one calculation the browser shows and the server saves,
 * its money formats, and the summary staff read in the lead's message.
 */

import { type EstimatorAnswers, type EstimatorCurrency, estimatorLabels } from "./estimator";

/** The estimate's constants: the agency's published rates. Every currency uses the same figures except INR's own. */
export const ESTIMATE_RATES = {
  managementFeeRate: 0.09,
  originalManagementFeeRate: 0.14,
  setupFee: 2149,
  inrSetupFee: 3499,
  /** The setup fee's struck-through original: 3499 × 0.012 for every currency but INR, 3499 for INR. */
  originalSetupFee: 3499 * 0.012,
  inrOriginalSetupFee: 3499,
  costPerClick: 0.5,
  inrCostPerClick: 15,
  clickThroughRate: 0.025,
  conversionRate: 0.02,
} as const;

export type Estimate = {
  currency: EstimatorCurrency;
  monthlyAdSpend: number;
  campaignDuration: number;
  managementFee: number;
  /** The struck-through fee, or null when it would not be higher than the fee. */
  originalManagementFee: number | null;
  setupFee: number;
  originalSetupFee: number | null;
  firstMonthTotal: number;
  laterMonthlyTotal: number;
  /** First month plus every later month of the chosen duration. */
  durationTotal: number;
  costPerClick: number;
  clicks: number;
  impressions: number;
  conversions: number;
};

const cents = (amount: number) => Math.round(amount * 100) / 100;
const higherOrNull = (original: number, price: number) => (original > price ? cents(original) : null);

/** The estimate for the visitor's monthly spend, duration and currency; the browser shows and the server saves this same figure. */
export function computeEstimate({
  monthlyAdSpend,
  campaignDuration,
  currency,
}: Pick<EstimatorAnswers, "monthlyAdSpend" | "campaignDuration" | "currency">): Estimate {
  const inr = currency === "INR";
  const spend = monthlyAdSpend;
  const managementFee = cents(spend * ESTIMATE_RATES.managementFeeRate);
  const setupFee = inr ? ESTIMATE_RATES.inrSetupFee : ESTIMATE_RATES.setupFee;
  const firstMonthTotal = cents(spend + managementFee + setupFee);
  const laterMonthlyTotal = cents(spend + managementFee);
  const costPerClick = inr ? ESTIMATE_RATES.inrCostPerClick : ESTIMATE_RATES.costPerClick;
  // Impressions and conversions follow from the (rounded) clicks the visitor sees, so the three agree.
  const clicks = Math.round(spend / costPerClick);
  return {
    currency,
    monthlyAdSpend: spend,
    campaignDuration,
    managementFee,
    originalManagementFee: higherOrNull(spend * ESTIMATE_RATES.originalManagementFeeRate, managementFee),
    setupFee,
    originalSetupFee: higherOrNull(
      inr ? ESTIMATE_RATES.inrOriginalSetupFee : ESTIMATE_RATES.originalSetupFee,
      setupFee,
    ),
    firstMonthTotal,
    laterMonthlyTotal,
    durationTotal: cents(firstMonthTotal + laterMonthlyTotal * (campaignDuration - 1)),
    costPerClick,
    clicks,
    impressions: Math.round(clicks / ESTIMATE_RATES.clickThroughRate),
    conversions: Math.round(clicks * ESTIMATE_RATES.conversionRate),
  };
}

/**
 * The currency the setup fee (and its struck-through original) is priced in: INR's own price for INR,
 * otherwise the US dollar price, which no other currency has. Every other figure follows the visitor's
 * spend and is in the chosen currency.
 */
export const setupCurrencyOf = (currency: EstimatorCurrency): EstimatorCurrency => (currency === "INR" ? "INR" : "USD");

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** `$1,090`, `₹1,14,999` (Indian grouping), `AED 2,149`, `£1,090.50`: cents only when there are any. */
export function formatMoney(amount: number, currency: EstimatorCurrency) {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  const key = `${currency}:${fractionDigits}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(currency === "INR" ? "en-IN" : "en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

/**
 * A total that includes the setup fee, in the currencies its parts have: `£3,239` when the fee is
 * priced in the chosen currency (USD, INR), `£1,090 + $2,149 setup` when it is priced in dollars only,
 * so no dollar figure is shown with another currency's sign.
 */
export function formatTotalWithSetup(total: number, estimate: Pick<Estimate, "currency" | "setupFee">) {
  const setupCurrency = setupCurrencyOf(estimate.currency);
  if (setupCurrency === estimate.currency) return formatMoney(total, estimate.currency);
  const rest = formatMoney(cents(total - estimate.setupFee), estimate.currency);
  return `${rest} + ${formatMoney(estimate.setupFee, setupCurrency)} setup`;
}

/** Whole numbers with the currency's grouping: 80,000 or 2,66,680 for INR. */
export function formatCount(value: number, currency: EstimatorCurrency) {
  return value.toLocaleString(currency === "INR" ? "en-IN" : "en-US");
}

const label = (group: keyof typeof estimatorLabels, value: string) =>
  (estimatorLabels[group] as Record<string, string>)[value] ?? value;
const orNotSpecified = (value: string) => value.trim() || "Not specified";
const listOrNone = (group: keyof typeof estimatorLabels, values: string[]) =>
  values.length ? values.map((value) => label(group, value)).join(", ") : "None";

/** The lead's message: every answer and the computed figures, one per line, for staff to read. */
export function estimateSummary(answers: EstimatorAnswers, estimate: Estimate) {
  const money = (amount: number) => formatMoney(amount, estimate.currency);
  const count = (value: number) => formatCount(value, estimate.currency);
  const months = (value: number) => `${value} month${value === 1 ? "" : "s"}`;
  return [
    `Business type: ${answers.businessType ? label("businessType", answers.businessType) : "Not specified"}`,
    `Industry: ${answers.industry ? label("industry", answers.industry) : "Not specified"}`,
    `Campaign objective: ${answers.campaignObjective ? label("campaignObjective", answers.campaignObjective) : "Not specified"}`,
    `Platforms: ${listOrNone("platforms", answers.platforms)}`,
    `Audience type: ${answers.audienceType ? label("audienceType", answers.audienceType) : "Not specified"}`,
    `Target country: ${orNotSpecified(answers.targetCountry)}`,
    `Target region: ${orNotSpecified(answers.targetRegion)}`,
    `Target city: ${orNotSpecified(answers.targetCity)}`,
    `Monthly ad spend: ${money(answers.monthlyAdSpend)}`,
    `Campaign duration: ${months(answers.campaignDuration)}`,
    `Currency: ${answers.currency}`,
    `Additional services: ${listOrNone("additionalServices", answers.additionalServices)}`,
    `Average order value: ${orNotSpecified(answers.avgOrderValue)}`,
    `Target conversion rate: ${answers.targetConversionRate ? `${answers.targetConversionRate}%` : "Not specified"}`,
    `Monthly traffic: ${orNotSpecified(answers.monthlyTraffic)}`,
    `Past campaign data: ${orNotSpecified(answers.pastCampaignData)}`,
    `Website: ${orNotSpecified(answers.website)}`,
    `Consent to be contacted: ${answers.consent ? "Yes" : "No"}`,
    "",
    "Estimate:",
    `Management fee (9%): ${money(estimate.managementFee)} per month`,
    `Setup fee (one-time): ${formatMoney(estimate.setupFee, setupCurrencyOf(estimate.currency))}`,
    `First month total: ${formatTotalWithSetup(estimate.firstMonthTotal, estimate)}`,
    `Monthly total after the first month: ${money(estimate.laterMonthlyTotal)}`,
    `Total for ${months(estimate.campaignDuration)}: ${formatTotalWithSetup(estimate.durationTotal, estimate)}`,
    `Estimated monthly clicks: ${count(estimate.clicks)}`,
    `Estimated monthly impressions: ${count(estimate.impressions)}`,
    `Estimated monthly conversions: ${count(estimate.conversions)}`,
  ].join("\n");
}
