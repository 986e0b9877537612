import { describe, expect, it } from "vitest";
import { computeEstimate, estimateSummary, formatMoney, formatTotalWithSetup, setupCurrencyOf } from "~/lib/estimate";
import {
  AD_SPEND,
  contactProblem,
  DURATION,
  defaultAnswers,
  ESTIMATOR_CURRENCIES,
  type EstimatorAnswers,
  type EstimatorCurrency,
  firstUnfinishedStep,
  readDraftAnswers,
  stepProblem,
} from "~/lib/estimator";
import { estimatorFormValues, estimatorSchema } from "~/lib/schemas/estimator";

const usdLike = {
  managementFee: 90,
  originalManagementFee: 140,
  setupFee: 2149,
  originalSetupFee: null,
  firstMonthTotal: 3239,
  laterMonthlyTotal: 1090,
  durationTotal: 3239 + 5 * 1090,
  costPerClick: 0.5,
  clicks: 2000,
  impressions: 80_000,
  conversions: 40,
};

describe("the cost estimate", () => {
  // The defaults: 1,000 a month for 6 months. INR has its own setup fee and cost per click.
  it.each([
    ["USD", usdLike, "$8,689"],
    ["AED", usdLike, "AED\u00a08,689"],
    ["AUD", usdLike, "A$8,689"],
    ["CAD", usdLike, "CA$8,689"],
    ["GBP", usdLike, "£8,689"],
    [
      "INR",
      {
        managementFee: 90,
        originalManagementFee: 140,
        setupFee: 3499,
        // 3,499 struck through from 3,499 is no discount: nothing is struck through.
        originalSetupFee: null,
        firstMonthTotal: 4589,
        laterMonthlyTotal: 1090,
        durationTotal: 4589 + 5 * 1090,
        costPerClick: 15,
        clicks: 67,
        impressions: 2680,
        conversions: 1,
      },
      "₹10,039",
    ],
  ] as const)("in %s", (currency, expected, formattedTotal) => {
    const estimate = computeEstimate({ monthlyAdSpend: 1000, campaignDuration: 6, currency });
    expect(estimate).toEqual({ currency, monthlyAdSpend: 1000, campaignDuration: 6, ...expected });
    expect(formatMoney(estimate.durationTotal, currency)).toBe(formattedTotal);
  });

  it.each([
    // spend, months, currency, fee, first month, later months, total, clicks, impressions, conversions
    [500, 1, "USD", 45, 2694, 545, 2694, 1000, 40_000, 20],
    [20_000, 24, "USD", 1800, 23_949, 21_800, 23_949 + 23 * 21_800, 40_000, 1_600_000, 800],
    [20_000, 24, "INR", 1800, 25_299, 21_800, 25_299 + 23 * 21_800, 1333, 53_320, 27],
    [500, 12, "INR", 45, 4044, 545, 4044 + 11 * 545, 33, 1320, 1],
    [12_300, 3, "GBP", 1107, 15_556, 13_407, 15_556 + 2 * 13_407, 24_600, 984_000, 492],
  ] as const)(
    "%i a month for %i months in %s",
    (spend, months, currency, fee, first, later, total, clicks, impressions, conversions) => {
      expect(computeEstimate({ monthlyAdSpend: spend, campaignDuration: months, currency })).toMatchObject({
        managementFee: fee,
        originalManagementFee: Math.round(spend * 14) / 100,
        firstMonthTotal: first,
        laterMonthlyTotal: later,
        durationTotal: total,
        clicks,
        impressions,
        conversions,
      });
    },
  );

  it("formats rupees with Indian digit grouping and other currencies with their own signs", () => {
    expect(formatMoney(526_699, "INR")).toBe("₹5,26,699");
    expect(formatMoney(526_699, "USD")).toBe("$526,699");
    expect(formatMoney(41.99, "USD")).toBe("$41.99");
  });

  // Many generated inputs instead of a property-testing library: every spend, duration and currency
  // the sliders allow, plus random pairs of them.
  const spends = Array.from(
    { length: (AD_SPEND.max - AD_SPEND.min) / AD_SPEND.step + 1 },
    (_, i) => AD_SPEND.min + i * AD_SPEND.step,
  );
  const durations = Array.from({ length: DURATION.max }, (_, i) => i + 1);

  it("costs more, and brings at least as many results, the more is spent", () => {
    const violations: string[] = [];
    for (const currency of ESTIMATOR_CURRENCIES) {
      for (const campaignDuration of durations) {
        for (let i = 1; i < spends.length; i++) {
          const less = computeEstimate({ monthlyAdSpend: spends[i - 1]!, campaignDuration, currency });
          const more = computeEstimate({ monthlyAdSpend: spends[i]!, campaignDuration, currency });
          const grows = (["managementFee", "firstMonthTotal", "laterMonthlyTotal", "durationTotal"] as const).every(
            (figure) => more[figure] > less[figure],
          );
          const keepsUp = (["clicks", "impressions", "conversions"] as const).every(
            (figure) => more[figure] >= less[figure],
          );
          if (!grows || !keepsUp) violations.push(`${currency} ${spends[i]} × ${campaignDuration}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it("never charges more in a later month than in the first, and adds the months up", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 5000; run++) {
      const currency = ESTIMATOR_CURRENCIES[Math.floor(random() * ESTIMATOR_CURRENCIES.length)] as EstimatorCurrency;
      const monthlyAdSpend = spends[Math.floor(random() * spends.length)]!;
      const campaignDuration = durations[Math.floor(random() * durations.length)]!;
      const estimate = computeEstimate({ monthlyAdSpend, campaignDuration, currency });
      expect(estimate.laterMonthlyTotal).toBeLessThan(estimate.firstMonthTotal);
      expect(estimate.firstMonthTotal - estimate.laterMonthlyTotal).toBe(estimate.setupFee);
      expect(estimate.durationTotal).toBeCloseTo(
        estimate.firstMonthTotal + (campaignDuration - 1) * estimate.laterMonthlyTotal,
        2,
      );
      expect(estimate.originalManagementFee).toBeGreaterThan(estimate.managementFee);
      // A struck-through price is only ever shown above the price itself.
      expect(estimate.originalSetupFee).toBeNull();
      if (campaignDuration < DURATION.max) {
        const longer = computeEstimate({ monthlyAdSpend, campaignDuration: campaignDuration + 1, currency });
        expect(longer.durationTotal).toBeGreaterThan(estimate.durationTotal);
      }
    }
  });
});

const finished: EstimatorAnswers = {
  ...defaultAnswers,
  businessType: "ecommerce",
  industry: "saas",
  campaignObjective: "leads",
  platforms: ["meta", "linkedin"],
  audienceType: "niche",
  targetCountry: "India",
  targetCity: "Bengaluru",
  monthlyAdSpend: 2500,
  campaignDuration: 3,
  currency: "INR",
  additionalServices: ["landing-page"],
  avgOrderValue: "1200",
  targetConversionRate: "2.5",
  pastCampaignData: "Spent ₹50,000 on Meta last quarter.",
  fullName: "Asha Rao",
  email: "asha@example.com",
  company: "Rao Foods",
  consent: true,
};

function formOf(answers: Record<string, unknown>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(answers)) {
    if (Array.isArray(value)) for (const each of value) form.append(key, String(each));
    else if (value === true) form.append(key, "on");
    else if (value !== false) form.append(key, String(value));
  }
  return form;
}

describe("the estimator's rules", () => {
  it("lets the visitor past steps 1 and 2 only with their required choices", () => {
    expect(stepProblem(1, defaultAnswers)).toMatch(/business type/);
    expect(stepProblem(1, { ...defaultAnswers, businessType: "saas" })).toMatch(/objective/);
    expect(stepProblem(1, { ...defaultAnswers, businessType: "saas", campaignObjective: "traffic" })).toBeNull();
    expect(stepProblem(2, { ...defaultAnswers, audienceType: "broad" })).toMatch(/platform/);
    expect(stepProblem(2, { ...defaultAnswers, platforms: ["google"] })).toMatch(/audience/);
    expect(stepProblem(2, { ...defaultAnswers, platforms: ["google"], audienceType: "broad" })).toBeNull();
    for (const step of [3, 4, 5, 6]) expect(stepProblem(step, defaultAnswers)).toBeNull();
    expect(firstUnfinishedStep(defaultAnswers)).toBe(1);
    expect(firstUnfinishedStep(finished)).toBeNull();
  });

  it("needs a name, an e-mail and consent before sending", () => {
    expect(contactProblem(finished)).toBeNull();
    expect(contactProblem({ ...finished, consent: false })).toBe("missing");
    expect(contactProblem({ ...finished, fullName: " " })).toBe("missing");
    expect(contactProblem({ ...finished, email: "asha" })).toBe("email");
  });

  it("accepts a finished estimator on the server and reads the same answers back", () => {
    const parsed = estimatorSchema.safeParse(estimatorFormValues(formOf(finished)));
    expect(parsed.success && parsed.data).toEqual(finished);
  });

  it.each([
    [{ monthlyAdSpend: 550 }, "monthlyAdSpend", "Monthly ad spend goes in steps of 100."],
    [{ monthlyAdSpend: 20_100 }, "monthlyAdSpend", "Monthly ad spend must be between 500 and 20,000."],
    [{ campaignDuration: 0 }, "campaignDuration", "Campaign duration must be between 1 and 24."],
    [{ currency: "EUR" }, "currency", "Please choose one of the currencies shown."],
    [{ platforms: ["myspace"] }, "platforms", "Please choose from the options shown."],
    [{ platforms: [] }, "platforms", "Please choose at least one platform."],
    [{ businessType: "" }, "businessType", "Please choose your business type."],
    [{ fullName: "x".repeat(201) }, "fullName", "Full name can be at most 200 characters."],
    [{ pastCampaignData: "x".repeat(2001) }, "pastCampaignData", "Past campaign data can be at most 2,000 characters."],
    [{ website: "x".repeat(501) }, "website", "Website can be at most 500 characters."],
    [{ targetConversionRate: "120" }, "targetConversionRate", "Target conversion rate must be a number from 0 to 100."],
    [{ avgOrderValue: "lots" }, "avgOrderValue", "Average order value must be a number from 0 to 1,000,000,000."],
    [{ email: "asha@" }, "email", "Please enter a valid e-mail address."],
    [{ consent: false }, "consent", "required"],
  ])("refuses %j", (change, field, message) => {
    const parsed = estimatorSchema.safeParse(estimatorFormValues(formOf({ ...finished, ...change })));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it("carries answers between steps forgivingly: unknown options dropped, numbers in range, text cut", () => {
    const draft = readDraftAnswers(
      formOf({
        businessType: "hacker",
        platforms: ["meta", "meta", "nope"],
        monthlyAdSpend: "123456",
        campaignDuration: "abc",
        currency: "EUR",
        fullName: "n".repeat(500),
      }),
    );
    expect(draft).toMatchObject({
      businessType: "",
      platforms: ["meta"],
      monthlyAdSpend: AD_SPEND.max,
      campaignDuration: DURATION.default,
      currency: "USD",
      fullName: "n".repeat(200),
    });
    expect(readDraftAnswers(formOf(finished))).toEqual(finished);
  });

  it("sums up every answer and the computed figures for the lead's message", () => {
    const summary = estimateSummary(finished, computeEstimate(finished));
    expect(summary.split("\n")).toEqual([
      "Business type: E-commerce",
      "Industry: SaaS / IT",
      "Campaign objective: Lead Generation",
      "Platforms: Meta (Facebook & Instagram), LinkedIn",
      "Audience type: Niche Audience",
      "Target country: India",
      "Target region: Not specified",
      "Target city: Bengaluru",
      "Monthly ad spend: ₹2,500",
      "Campaign duration: 3 months",
      "Currency: INR",
      "Additional services: Landing Page Setup",
      "Average order value: 1200",
      "Target conversion rate: 2.5%",
      "Monthly traffic: Not specified",
      "Past campaign data: Spent ₹50,000 on Meta last quarter.",
      "Website: Not specified",
      "Consent to be contacted: Yes",
      "",
      "Estimate:",
      "Management fee (9%): ₹225 per month",
      "Setup fee (one-time): ₹3,499",
      "First month total: ₹6,224",
      "Monthly total after the first month: ₹2,725",
      "Total for 3 months: ₹11,674",
      "Estimated monthly clicks: 167",
      "Estimated monthly impressions: 6,680",
      "Estimated monthly conversions: 3",
    ]);
  });

  it("keeps the dollar-only setup fee in dollars in the lead's message when another currency was chosen", () => {
    const inPounds = { ...finished, currency: "GBP" as const };
    const lines = estimateSummary(inPounds, computeEstimate(inPounds)).split("\n");
    // £2,500 a month for 3 months: fee £225; the setup fee is $2,149 and is never written in pounds.
    expect(lines.slice(-8, -3)).toEqual([
      "Management fee (9%): £225 per month",
      "Setup fee (one-time): $2,149",
      "First month total: £2,725 + $2,149 setup",
      "Monthly total after the first month: £2,725",
      "Total for 3 months: £8,175 + $2,149 setup",
    ]);
  });
});

describe("the estimate's currencies", () => {
  it.each([
    ["USD", "USD", "$8,689"],
    ["INR", "INR", "₹10,039"],
    ["AED", "USD", "AED\u00a06,540 + $2,149 setup"],
    ["AUD", "USD", "A$6,540 + $2,149 setup"],
    ["CAD", "USD", "CA$6,540 + $2,149 setup"],
    ["GBP", "USD", "£6,540 + $2,149 setup"],
  ] as const)("in %s, prices the setup fee in %s and shows the 6-month total as %s", (currency, setup, total) => {
    const estimate = computeEstimate({ monthlyAdSpend: 1000, campaignDuration: 6, currency });
    expect(setupCurrencyOf(currency)).toBe(setup);
    expect(formatTotalWithSetup(estimate.durationTotal, estimate)).toBe(total);
  });

  it("keeps the cents of the part in the chosen currency", () => {
    const estimate = computeEstimate({ monthlyAdSpend: 1234.5, campaignDuration: 1, currency: "GBP" });
    // £1,234.50 + 9% (£111.10, as the fee row shows it), and the setup fee.
    expect(formatTotalWithSetup(estimate.firstMonthTotal, estimate)).toBe("£1,345.60 + $2,149 setup");
  });
});
