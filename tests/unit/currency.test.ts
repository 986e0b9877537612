import { describe, expect, it } from "vitest";
import { discountPercent, formatPrice, planPrice } from "~/lib/currency";
import { parseConfig } from "~/server/config.server";
import { countryOf, detectCurrency } from "~/server/currency/currency.server";

describe("prices", () => {
  it("formats dollars and rupees, rupees with Indian digit grouping", () => {
    expect(formatPrice(1549, "USD")).toBe("$1,549");
    expect(formatPrice(19.99, "USD")).toBe("$19.99");
    expect(formatPrice(114999, "INR")).toBe("₹1,14,999");
    expect(formatPrice(12345678, "INR")).toBe("₹1,23,45,678");
  });

  it("computes discount badges from the price and the original price only", () => {
    expect(discountPercent(974, 1299)).toBe(25);
    expect(discountPercent(1274, 1699)).toBe(25);
    expect(discountPercent(999, 1998)).toBe(50);
    expect(discountPercent(100, 100)).toBeNull();
    expect(discountPercent(120, 100)).toBeNull();
    expect(discountPercent(100, null)).toBeNull();
    const plan = { priceUsd: 974, priceInr: 72999, originalPriceUsd: 1299, originalPriceInr: null };
    expect(planPrice(plan, "USD")).toEqual({ price: 974, original: 1299, percent: 25, saving: 325 });
    expect(planPrice(plan, "INR")).toEqual({ price: 72999, original: null, percent: null, saving: null });
  });
});

describe("currency detection", () => {
  const request = (headers: Record<string, string> = {}) => new Request("http://localhost/pricing", { headers });

  it("looks the country up offline", () => {
    expect(countryOf("49.36.0.1")).toBe("IN");
    expect(countryOf("8.8.8.8")).toBe("US");
    expect(countryOf("::ffff:49.36.0.1")).toBe("IN");
    expect(countryOf("not an ip")).toBeUndefined();
  });

  it("picks INR for India, USD otherwise and when unknown", () => {
    const config = parseConfig({});
    expect(detectCurrency(request(), config, "49.36.0.1")).toBe("INR");
    expect(detectCurrency(request(), config, "8.8.8.8")).toBe("USD");
    expect(detectCurrency(request(), config, "127.0.0.1")).toBe("USD");
    expect(detectCurrency(request(), config, undefined)).toBe("USD");
  });

  it("lets the visitor's choice win", () => {
    const config = parseConfig({});
    expect(detectCurrency(request({ cookie: "a=1; currency=USD" }), config, "49.36.0.1")).toBe("USD");
    expect(detectCurrency(request({ cookie: "currency=INR" }), config, "8.8.8.8")).toBe("INR");
    expect(detectCurrency(request({ cookie: "currency=EUR" }), config, "8.8.8.8")).toBe("USD");
  });

  it("trusts the proxy's country header only when a proxy is trusted", () => {
    const trusted = parseConfig({ TRUST_PROXY: "1", COUNTRY_HEADER: "CF-IPCountry" });
    const untrusted = parseConfig({ COUNTRY_HEADER: "CF-IPCountry" });
    expect(detectCurrency(request({ "cf-ipcountry": "IN" }), trusted, "8.8.8.8")).toBe("INR");
    expect(detectCurrency(request({ "cf-ipcountry": "IN" }), untrusted, "8.8.8.8")).toBe("USD");
  });
});
