export const CURRENCIES = ["USD", "INR"] as const;
export type Currency = (typeof CURRENCIES)[number];

export function isCurrency(value: unknown): value is Currency {
  return value === "USD" || value === "INR";
}

// en-IN groups digits the Indian way: ₹1,14,999.
const locales: Record<Currency, string> = { USD: "en-US", INR: "en-IN" };

// Building a formatter costs far more than using one, and a pricing render formats every price: one is
// kept per currency (which decides the locale) and number of decimals.
const formatters = new Map<string, Intl.NumberFormat>();

/** `$1,549` / `₹1,14,999`; cents only when the amount has them. */
export function formatPrice(amount: number, currency: Currency) {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  const key = `${currency}:${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locales[currency], {
      style: "currency",
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}

/** Whole-percent discount from an original price, or null when there is no real discount. */
export function discountPercent(price: number, original: number | null | undefined) {
  if (original == null || original <= price || original <= 0) return null;
  return Math.round(((original - price) / original) * 100);
}

export type PricedPlan = {
  priceUsd: number;
  priceInr: number;
  originalPriceUsd: number | null;
  originalPriceInr: number | null;
};

export function planPrice(plan: PricedPlan, currency: Currency) {
  const price = currency === "INR" ? plan.priceInr : plan.priceUsd;
  const original = currency === "INR" ? plan.originalPriceInr : plan.originalPriceUsd;
  const percent = discountPercent(price, original);
  return {
    price,
    original: percent === null ? null : original,
    percent,
    saving: percent === null ? null : original! - price,
  };
}
