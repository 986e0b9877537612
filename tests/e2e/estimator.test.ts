import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { EstimatorCurrency } from "~/lib/estimator";
import type { Database } from "~/server/db/schema.server";
import { fromJson } from "~/server/db/values.server";
import { leadByEmail, submissionsOf } from "../support/admin-fixtures";
import { callsOfOnlyLead, staffWhoTakesCalls } from "../support/bookings";
import { hydratedOnUse } from "../support/browser";
import { dialects } from "../support/databases";
import { agedFormToken, formTokenCookieHeader, giveAgedFormToken, withFormSecret } from "../support/form-token";
import { runAppForBlock } from "../support/running-app";

/** The lead, its submission and the form they belong to, for an e-mail address. */
async function savedEstimate(db: Database, email: string) {
  const lead = await leadByEmail(db, email);
  const [submission] = await submissionsOf(db, lead.id);
  if (!submission) throw new Error(`${email}'s lead has no submission`);
  const form = await db.selectFrom("forms").select("id").where("name", "=", "Cost Estimator").executeTakeFirstOrThrow();
  return { lead, submission, formId: form.id, data: fromJson<Record<string, unknown>>(submission.data, {}) };
}

describe.each(dialects)("the cost estimator over HTTP (the wizard without JavaScript, %s)", (dialect) => {
  const running = runAppForBlock({ NOTIFY_EMAILS: "sales@agency.example", ...withFormSecret }, { dialect });
  // A person takes more than a few seconds over six steps; the spam check expects at least three.
  const BROWSER = { userAgent: "TestBrowser/1.0" };
  const token = agedFormToken(BROWSER);

  // Each post is its own visit, with the token its first page set (a token serves a few leads only).
  const post = (fields: [string, string][]) =>
    fetch(`${running.app.url}/cost-estimator`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: running.app.url,
        referer: `${running.app.url}/cost-estimator`,
        "user-agent": BROWSER.userAgent,
        cookie: formTokenCookieHeader(agedFormToken(BROWSER)),
      },
      body: new URLSearchParams([["website_url", ""], ...fields]),
    });

  const finished: [string, string][] = [
    ["businessType", "local-business"],
    ["campaignObjective", "traffic"],
    ["platforms", "meta"],
    ["platforms", "tiktok"],
    ["audienceType", "broad"],
    ["monthlyAdSpend", "7500"],
    ["campaignDuration", "9"],
    ["currency", "CAD"],
    ["fullName", "Maya Singh"],
    ["email", "maya@example.com"],
    ["consent", "on"],
  ];

  it("is whole before its scripts: it preloads none of the modules it hydrates from", async () => {
    const html = await (await fetch(`${running.app.url}/cost-estimator`)).text();
    expect(html.match(/<link rel="modulepreload"[^>]*>/g) ?? []).toEqual([]);
    expect(html).toContain("Estimate Your Paid Ads Investment");
  });

  it("refuses to leave step 1 or 2 without their choices, and carries the answers to the next step", async () => {
    const stuck = await post([
      ["step", "1"],
      ["intent", "next"],
    ]);
    expect(stuck.status).toBe(400);
    const stuckHtml = await stuck.text();
    expect(stuckHtml).toContain("Step 1 of 6");
    expect(stuckHtml).toContain("Choose your business type and campaign objective to continue.");

    const onward = await post([
      ["step", "1"],
      ["intent", "next"],
      ["businessType", "saas"],
      ["campaignObjective", "leads"],
    ]);
    expect(onward.status).toBe(200);
    const html = await onward.text();
    expect(html).toContain("Step 2 of 6");
    expect(html).toContain('<input type="hidden" name="businessType" value="saas"/>');
    expect(html).toContain('<input type="hidden" name="campaignObjective" value="leads"/>');
    // The spam check's token of the first page stays: the next step's token image keeps it.
    const pixel = /<img src="(\/api\/form-token)"/.exec(html)![1]!;
    const kept = await fetch(`${running.app.url}${pixel}`, {
      headers: { cookie: formTokenCookieHeader(token), "user-agent": BROWSER.userAgent },
    });
    expect(kept.status).toBe(200);
    expect(kept.headers.getSetCookie()).toEqual([]);

    const stuckOnTwo = await post([
      ["step", "2"],
      ["intent", "next"],
      ["businessType", "saas"],
      ["campaignObjective", "leads"],
      ["audienceType", "broad"],
    ]);
    expect(stuckOnTwo.status).toBe(400);
    expect(await stuckOnTwo.text()).toContain("Choose at least one platform and an audience type to continue.");

    const back = await post([
      ["step", "2"],
      ["intent", "previous"],
    ]);
    expect(await back.text()).toContain("Step 1 of 6");
  });

  it("saves the estimate with the server's own figures, whatever figures the page sends", async () => {
    const response = await post([...finished, ["intent", "submit"], ["step", "6"], ["managementFee", "1"]]);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Your Cost Estimate");
    expect(html).toContain("Estimate Generated!");
    // The setup fee exists in US dollars only: it keeps its own sign, and the totals show both parts.
    expect(html).toContain("CA$8,175 + $2,149 setup"); // first month: 7,500 + 675, and the setup fee
    expect(html).toContain("CA$73,575 + $2,149 setup"); // nine months: 9 × 8,175, and the setup fee
    expect(html).toContain('<span data-currency="USD">$2,149</span>');
    expect(html).toContain("Our setup fee is priced in US dollars only");
    expect(html).not.toContain("CA$2,149");
    expect(html).not.toContain("CA$10,324");
    expect(html).toContain("within 24 hours");
    expect(html).toContain('href="/#contact-section"');

    const { lead, submission, formId, data } = await savedEstimate(running.db, "maya@example.com");
    const answers = {
      businessType: "local-business",
      industry: "",
      campaignObjective: "traffic",
      platforms: ["meta", "tiktok"],
      audienceType: "broad",
      targetCountry: "",
      targetRegion: "",
      targetCity: "",
      monthlyAdSpend: 7500,
      campaignDuration: 9,
      currency: "CAD",
      additionalServices: [],
      avgOrderValue: "",
      targetConversionRate: "",
      monthlyTraffic: "",
      pastCampaignData: "",
      fullName: "Maya Singh",
      email: "maya@example.com",
      phone: "",
      company: "",
      website: "",
      consent: true,
    };
    expect(lead).toMatchObject({
      name: "Maya Singh",
      source: "Cost Estimator",
      status: "new",
      form_id: formId,
      phone: null,
      company: null,
      spam_reason: null,
      message: [
        "Business type: Local Business",
        "Industry: Not specified",
        "Campaign objective: Website Traffic",
        "Platforms: Meta (Facebook & Instagram), TikTok",
        "Audience type: Broad Audience",
        "Target country: Not specified",
        "Target region: Not specified",
        "Target city: Not specified",
        "Monthly ad spend: CA$7,500",
        "Campaign duration: 9 months",
        "Currency: CAD",
        "Additional services: None",
        "Average order value: Not specified",
        "Target conversion rate: Not specified",
        "Monthly traffic: Not specified",
        "Past campaign data: Not specified",
        "Website: Not specified",
        "Consent to be contacted: Yes",
        "",
        "Estimate:",
        "Management fee (9%): CA$675 per month",
        "Setup fee (one-time): $2,149",
        "First month total: CA$8,175 + $2,149 setup",
        "Monthly total after the first month: CA$8,175",
        "Total for 9 months: CA$73,575 + $2,149 setup",
        "Estimated monthly clicks: 15,000",
        "Estimated monthly impressions: 600,000",
        "Estimated monthly conversions: 300",
      ].join("\n"),
    });
    expect(submission).toMatchObject({ form_id: formId, user_agent: "TestBrowser/1.0", ip_address: null });
    expect(data).toEqual(answers);
    expect(await running.db.selectFrom("email_outbox").select("kind").where("lead_id", "=", lead.id).execute()).toEqual(
      [{ kind: "lead_notification" }],
    );
  });

  it("answers missing, invalid and overlong answers with a 4xx and a message naming the field, and saves nothing", async () => {
    const before = (await running.db.selectFrom("leads").select("id").execute()).length;
    const withChange = (name: string, value: string | null) => [
      ...finished.filter(([key]) => key !== name),
      ...(value === null ? [] : [[name, value] as [string, string]]),
      ["intent", "submit"] as [string, string],
      ["step", "6"] as [string, string],
    ];
    const missing = await post(withChange("consent", null));
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain("Missing Information");
    expect(html).toContain("Please fill in all required fields and accept the terms.");
    expect(html).toContain('value="maya@example.com"'); // nothing typed is lost

    const offStep = await post(withChange("monthlyAdSpend", "7550"));
    expect(offStep.status).toBe(400);
    const offStepHtml = await offStep.text();
    expect(offStepHtml).toContain("Step 3 of 6");
    expect(offStepHtml).toContain("Monthly ad spend goes in steps of 100.");

    for (const [name, value] of [
      ["fullName", "x".repeat(201)],
      ["pastCampaignData", "x".repeat(2001)],
      ["email", "maya@"],
      ["currency", "EUR"],
      ["platforms", "myspace"],
    ] as const) {
      expect((await post(withChange(name, value))).status, name).toBe(400);
    }
    expect((await running.db.selectFrom("leads").select("id").execute()).length).toBe(before);
  });
});

describe.each(dialects)("the cost estimator in Chromium (%s)", (dialect) => {
  const running = runAppForBlock(withFormSecret, { dialect, browser: true });
  beforeAll(async () => {
    await staffWhoTakesCalls(running.db);
  });

  const wizard = (page: Page) => page.locator("[data-slot='estimator']");
  const button = (page: Page, name: string) => wizard(page).getByRole("button", { name });

  /** Gives each answer in turn (by its label; null gives none) and checks whether Next is disabled after it. */
  async function expectNextDisabledAfterEach(
    page: Page,
    answers: [label: string, act: "check" | "uncheck" | null, nextDisabled: boolean][],
  ) {
    for (const [label, act, nextDisabled] of answers) {
      if (act) await wizard(page).getByLabel(label)[act]();
      expect(await button(page, "Next").isDisabled(), `Next after ${act ?? ""} ${label}`).toBe(nextDisabled);
    }
  }

  async function fillSteps(
    page: Page,
    { javaScript, currency = "INR" }: { javaScript: boolean; currency?: EstimatorCurrency },
  ) {
    const next = async () => {
      await button(page, "Next").click();
      if (!javaScript) await page.waitForLoadState();
    };
    await wizard(page).getByLabel("E-commerce").check();
    await wizard(page).getByLabel("Industry").selectOption("ecommerce");
    await wizard(page).getByLabel("Conversions / Sales").check();
    await next();
    await page.getByRole("heading", { name: "Platforms & Audience" }).waitFor();
    await wizard(page).getByLabel("Google Search / Display").check();
    await wizard(page).getByLabel("YouTube").check();
    await wizard(page).getByLabel("Niche Audience").check();
    await wizard(page).getByLabel("Target country").fill("India");
    await next();
    await page.getByRole("heading", { name: "Budget & Timeline" }).waitFor();
    await wizard(page).getByLabel("Currency").selectOption(currency);
    await wizard(page).getByLabel("Monthly ad spend").fill("15000");
    await wizard(page).getByLabel("Campaign duration").fill("12");
    await next();
    await page.getByRole("heading", { name: "Additional Services" }).waitFor();
    await wizard(page).getByLabel("Creative Ads").check();
    await next();
    await page.getByRole("heading", { name: "Performance Data" }).waitFor();
    await wizard(page).getByLabel(`Average order value (${currency})`).fill("2500");
    await wizard(page).getByLabel("Past campaign data").fill("Google Ads, ₹40,000 a month, 3x ROAS.");
    await next();
    await page.getByRole("heading", { name: "Contact Information" }).waitFor();
  }

  // INR, ₹15,000 a month for 12 months: fee 1,350, setup 3,499, clicks 1,000, impressions 40,000.
  async function expectInrResult(page: Page) {
    const result = page.locator("[data-slot='estimate-result']");
    await result.getByRole("heading", { name: "Your Cost Estimate" }).waitFor();
    const text = (await result.textContent()) ?? "";
    for (const figure of ["₹1,350", "₹2,100", "₹3,499", "₹19,849", "₹16,350", "₹1,99,699", "1,000", "40,000", "20"]) {
      expect(text).toContain(figure);
    }
    expect(text).toContain("contact you within 24 hours");
    // The saved estimate's own way to its call: the booking knows the lead, and with it the estimate.
    expect(await result.getByRole("link", { name: "Book Your Free Strategy Call" }).getAttribute("href")).toMatch(
      /^\/book\?lead=/,
    );
  }

  it("keeps Next and Submit disabled until their answers are given, and steps without reloading", async () => {
    const page = await running.browser.newPage();
    // The industry pages send visitors here for a custom quote.
    // A content page ships no React: its link is a plain one, and the estimator hydrates on first use.
    await page.goto(`${running.app.url}/industries/saas`);
    await page.getByRole("link", { name: "Get Custom Quote" }).first().click();
    await page.waitForURL(`${running.app.url}/cost-estimator`);
    await hydratedOnUse(page);
    await page.getByRole("heading", { name: "Business Information" }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same page";
    });
    expect(await button(page, "Previous").isDisabled()).toBe(true);
    await expectNextDisabledAfterEach(page, [
      ["(nothing yet)", null, true],
      ["SaaS / App", "check", true],
      ["Brand Awareness", "check", false],
    ]);
    await button(page, "Next").click();

    await page.getByText("Step 2 of 6").waitFor();
    expect(await button(page, "Previous").isDisabled()).toBe(false);
    await expectNextDisabledAfterEach(page, [
      ["(nothing yet)", null, true],
      ["LinkedIn", "check", true],
      ["Custom / Retargeting Audience", "check", false],
      ["LinkedIn", "uncheck", true],
    ]);

    await button(page, "Previous").click();
    await page.getByText("Step 1 of 6").waitFor();
    expect(await wizard(page).getByLabel("SaaS / App").isChecked()).toBe(true);

    // Steps 3 to 5 ask nothing required.
    await button(page, "Next").click();
    await wizard(page).getByLabel("LinkedIn").check();
    for (let step = 3; step <= 6; step++) {
      await button(page, "Next").click();
      await page.getByText(`Step ${step} of 6`).waitFor();
    }
    const submit = button(page, "Generate My Estimate");
    expect(await submit.isDisabled()).toBe(true);
    await wizard(page).getByLabel("Full name").fill("Ravi Kumar");
    await wizard(page).getByLabel("Email").fill("ravi@example.com");
    expect(await submit.isDisabled()).toBe(true);
    await wizard(page).getByLabel("I agree to be contacted about my estimate and accept the privacy policy.").check();
    expect(await submit.isDisabled()).toBe(false);
    await wizard(page).getByLabel("Full name").fill("");
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
    await page.close();
  });

  it("stays the server's page until the visitor first uses it, and keeps the answer that woke it", async () => {
    const page = await running.browser.newPage();
    const scripts: string[] = [];
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
      if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
    });
    await page.goto(`${running.app.url}/cost-estimator`);
    await page.waitForLoadState("networkidle");
    // Styled by the rules inlined in the page: the stylesheet's own link is never fetched.
    const nextLook = () => button(page, "Next").evaluate((element) => getComputedStyle(element).backgroundColor);
    const styled = await nextLook();
    expect(styled).not.toBe("rgba(0, 0, 0, 0)");
    // Nothing used yet: React is neither hydrated nor fetched, and the first step is the plain form.
    expect(await page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__react")))).toBe(false);
    // Only the islands' modules load: no route module, no app entry, no React (`react-*.js`, React
    // DOM's `client-*.js`), no React Router (`components-*.js`).
    expect(scripts.some((url) => url.includes("/assets/island-"))).toBe(true);
    const hydrationModule =
      /\/assets\/(root|layout|cost-estimator|entry\.client|react|jsx-runtime|client|components)-[^/]*\.js$/;
    expect(scripts.filter((url) => hydrationModule.test(url))).toEqual([]);
    expect(await button(page, "Next").isDisabled()).toBe(false);

    // The first answer wakes it; React takes that answer over, so the second makes the step complete.
    await wizard(page).getByLabel("SaaS / App").check();
    await hydratedOnUse(page);
    // The use fetched the route's modules and the app's entry.
    expect(scripts.some((url) => /\/assets\/cost-estimator-[^/]*\.js$/.test(url))).toBe(true);
    expect(scripts.some((url) => /\/assets\/entry\.client-[^/]*\.js$/.test(url))).toBe(true);
    expect(await wizard(page).getByLabel("SaaS / App").isChecked()).toBe(true);
    await wizard(page).getByLabel("Brand Awareness").check();
    expect(await button(page, "Next").isDisabled()).toBe(false);
    await button(page, "Next").click();
    await page.getByText("Step 2 of 6").waitFor();
    expect(await nextLook()).toBe(styled);
    expect(stylesheets).toEqual([]);
    await page.close();
  });

  it("runs from the first step to the result with JavaScript, and saves the lead and its answers", async () => {
    const page = await running.browser.newPage();
    await page.goto(`${running.app.url}/cost-estimator?utm_source=linkedin&utm_campaign=estimator`);
    await hydratedOnUse(page);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same page";
    });
    await fillSteps(page, { javaScript: true });
    await wizard(page).getByLabel("Full name").fill("Priya Nair");
    await wizard(page).getByLabel("Email").fill("priya@example.com");
    await wizard(page).getByLabel("Phone").fill("+91 98450 00000");
    await wizard(page).getByLabel("Company").fill("Nair Retail");
    await wizard(page).getByLabel("I agree to be contacted about my estimate and accept the privacy policy.").check();

    // Hold the request, to see the busy state; the visitor opened the page a person's time ago.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/cost-estimator.data*", async (route) => {
      await held;
      await route.continue();
    });
    await giveAgedFormToken(page.context(), running.app.url);
    await button(page, "Generate My Estimate").click();
    const busy = button(page, "Generating...");
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();

    await page.getByText("Your cost estimate has been calculated and saved.").first().waitFor();
    await expectInrResult(page);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
    // Said once, on the result screen: no toast repeats it (screen readers would announce both).
    await page.waitForTimeout(500);
    expect(await page.getByText("Your cost estimate has been calculated and saved.").count()).toBe(1);

    const { lead, formId, data } = await savedEstimate(running.db, "priya@example.com");
    expect(lead).toMatchObject({
      source: "Cost Estimator",
      status: "new",
      form_id: formId,
      phone: "+91 98450 00000",
      company: "Nair Retail",
      utm_source: "linkedin",
      utm_campaign: "estimator",
      spam_reason: null,
    });
    expect(lead.message).toContain("Platforms: Google Search / Display, YouTube");
    expect(lead.message).toContain("Total for 12 months: ₹1,99,699");
    expect(data).toMatchObject({
      businessType: "ecommerce",
      industry: "ecommerce",
      campaignObjective: "conversions",
      platforms: ["google", "youtube"],
      audienceType: "niche",
      targetCountry: "India",
      monthlyAdSpend: 15000,
      campaignDuration: 12,
      currency: "INR",
      additionalServices: ["creative-ads"],
      avgOrderValue: "2500",
      pastCampaignData: "Google Ads, ₹40,000 a month, 3x ROAS.",
      consent: true,
    });

    // The result's button goes on to the times for this estimate's lead, who is not asked again.
    await page.getByRole("link", { name: "Book Your Free Strategy Call" }).click();
    await page.waitForURL((url) => url.pathname === "/book" && url.searchParams.has("lead"));
    await page.getByText("Thank you, Priya Nair! Your strategy call request has been submitted.").waitFor();
    const start = await page.locator('input[name="start"]').first().inputValue();
    await page.locator('input[name="start"]').first().check();
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.getByRole("heading", { name: "Your call is booked" }).waitFor();
    const [booking] = await callsOfOnlyLead(running.db, "priya@example.com");
    if (!booking) throw new Error("no call was booked");
    expect(booking.starts_at).toBe(start);
    // The call carries the estimate it came from.
    const estimate = typeof booking.estimate === "string" ? JSON.parse(booking.estimate) : booking.estimate;
    expect(estimate).toMatchObject({ currency: "INR", monthlyAdSpend: 15000 });
    await page.close();
  });

  it("runs from the first step to the result without JavaScript, one page per step", async () => {
    const context = await running.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${running.app.url}/cost-estimator`);
    expect(await button(page, "Previous").isDisabled()).toBe(true);
    await button(page, "Next").click();
    await page.getByText("Choose your business type and campaign objective to continue.").waitFor();
    await page.getByText("Step 1 of 6").waitFor();

    await fillSteps(page, { javaScript: false });
    await button(page, "Previous").click();
    await page.getByRole("heading", { name: "Performance Data" }).waitFor();
    expect(await wizard(page).getByLabel("Average order value (INR)").inputValue()).toBe("2500");
    await button(page, "Next").click();

    await wizard(page).getByLabel("Full name").fill("Arjun Mehta");
    await wizard(page).getByLabel("Email").fill("arjun@example.com");
    await giveAgedFormToken(context, running.app.url); // opened a person's time ago
    await button(page, "Generate My Estimate").click();
    await page.getByText("Please fill in all required fields and accept the terms.").waitFor();
    expect(await wizard(page).getByLabel("Full name").inputValue()).toBe("Arjun Mehta");

    await wizard(page).getByLabel("I agree to be contacted about my estimate and accept the privacy policy.").check();
    await button(page, "Generate My Estimate").click();
    await page.getByText("Your cost estimate has been calculated and saved.").waitFor();
    await expectInrResult(page);

    const { lead, data } = await savedEstimate(running.db, "arjun@example.com");
    expect(lead).toMatchObject({ name: "Arjun Mehta", source: "Cost Estimator", status: "new", spam_reason: null });
    expect(data).toMatchObject({ platforms: ["google", "youtube"], monthlyAdSpend: 15000, currency: "INR" });
    await context.close();
  });
  it("shows the dollar-only setup fee in dollars beside pounds, the same with and without JavaScript", async () => {
    const results: string[] = [];
    for (const javaScript of [true, false]) {
      const context = await running.browser.newContext({ javaScriptEnabled: javaScript });
      const page = await context.newPage();
      await page.goto(`${running.app.url}/cost-estimator`);
      if (javaScript) await hydratedOnUse(page);
      await fillSteps(page, { javaScript, currency: "GBP" });
      const name = javaScript ? "Gwen Hale" : "Owen Hale";
      await wizard(page).getByLabel("Full name").fill(name);
      await wizard(page)
        .getByLabel("Email")
        .fill(javaScript ? "gwen@example.com" : "owen@example.com");
      await wizard(page).getByLabel("I agree to be contacted about my estimate and accept the privacy policy.").check();
      await giveAgedFormToken(context, running.app.url);
      await button(page, "Generate My Estimate").click();
      const result = page.locator("[data-slot='estimate-result']");
      await result.getByRole("heading", { name: "Your Cost Estimate" }).waitFor();
      const breakdown = result.getByRole("region", { name: "Cost Breakdown" });
      results.push((await breakdown.textContent()) ?? "");
      await context.close();
    }
    // GBP, £15,000 a month for 12 months: fee £1,350 (was £2,100); the setup fee $2,149 is added as itself.
    const [withScript, withoutScript] = results;
    expect(withScript).toBe(withoutScript);
    for (const figure of [
      "£15,000",
      "£1,350",
      "£2,100",
      "$2,149",
      "£16,350 + $2,149 setup",
      "£196,200 + $2,149 setup",
    ]) {
      expect(withScript).toContain(figure);
    }
    expect(withScript).toContain("Our setup fee is priced in US dollars only");
    expect(withScript).not.toContain("£2,149");
    expect(withScript).not.toContain("£18,499");
  });
});
