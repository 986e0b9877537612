import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { fromJson } from "~/server/db/values.server";
import { leadByEmail } from "../support/admin-fixtures";
import { seriousViolations } from "../support/axe";
import { islandsLoaded, openWithIslands } from "../support/browser";
import { dialects } from "../support/databases";
import { giveAgedFormToken, withFormSecret } from "../support/form-token";
import { publicRoutes } from "../support/public-routes";
import { runAppForBlock } from "../support/running-app";

const screenshots = path.resolve(import.meta.dirname, "../../test-results/screenshots");

describe.each(dialects)("the public site in Chromium (%s)", (dialect) => {
  const running = runAppForBlock(withFormSecret, { dialect, browser: true });
  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    // The guide flows download this file after success.
    await running.db
      .insertInto("site_settings")
      .values({
        key: "ppc_strategies_pdf",
        value: JSON.stringify("/images/logo.svg"),
        updated_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify("/images/logo.svg") }))
      .execute();
  });

  /** A page at `url` in a context of its own with JavaScript off, as a visitor without scripts has it. */
  async function pageWithoutScript(url: string) {
    const context = await running.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url);
    return { context, page };
  }

  // Layout, accessibility and links do not depend on the database: checked once, on SQLite. What visitors
  // send (the lead flows below) is checked on both databases.
  if (dialect === "sqlite") {
    // The checks that load every public route in turn get minutes, not the default minute, on a busy machine.
    // The phone size lays the islands out differently (the mobile menu, the banner's link, the dialogs' fit).
    it.each([
      [1280, 800],
      [390, 844],
    ])(
      "has no serious or critical accessibility violations on any public route at %i×%i",
      async (width, height) => {
        // axe is injected through the DevTools protocol, so the page's own CSP stays as it is for the app.
        const context = await running.browser.newContext({
          bypassCSP: true,
          reducedMotion: "reduce",
          viewport: { width, height },
        });
        const page = await context.newPage();
        const found: string[] = [];
        for (const route of publicRoutes) {
          // Checked once the islands have run, so the markup they add or change is in it too.
          await page.goto(`${running.app.url}${route}`);
          await islandsLoaded(page);
          found.push(...(await seriousViolations(page, route)));
        }
        await context.close();
        expect(found).toEqual([]);
      },
      180_000,
    );

    it.each([360, 768, 1280])(
      "lays every public route out without horizontal scrolling at %i px",
      async (width) => {
        const context = await running.browser.newContext({ viewport: { width, height: 800 }, reducedMotion: "reduce" });
        const page = await context.newPage();
        const overflowing: string[] = [];
        for (const route of publicRoutes) {
          await page.goto(`${running.app.url}${route}`);
          const { scrollWidth, clientWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          }));
          if (scrollWidth > clientWidth) overflowing.push(`${route} (${scrollWidth} > ${clientWidth})`);
          const name = route === "/" ? "home" : route.slice(1).replaceAll("/", "_");
          await page.screenshot({ path: path.join(screenshots, `${width}-${name}.png`), fullPage: true });
        }
        await context.close();
        expect(overflowing).toEqual([]);
      },
      180_000,
    );

    it("is readable, and every internal link works, with JavaScript disabled", async () => {
      const context = await running.browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const links = new Set<string>();
      for (const route of publicRoutes) {
        const response = await page.goto(`${running.app.url}${route}`);
        expect(response?.status(), route).toBe(200);
        expect((await page.locator("h1").first().textContent())?.trim().length, route).toBeGreaterThan(3);
        for (const href of await page
          .locator("a[href^='/']")
          .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")!))) {
          links.add(href.split("#")[0]!);
        }
      }
      await context.close();
      // The header, footer and pages link to every section of the site.
      expect(links.size).toBeGreaterThan(20);
      for (const href of ["/pricing", "/contact", "/cost-estimator", "/blog", "/industries/saas", "/sitemap"]) {
        expect(links, href).toContain(href);
      }
      const broken: string[] = [];
      for (const href of links) {
        if (!href || href.startsWith("/admin")) continue;
        const response = await fetch(`${running.app.url}${href}`);
        if (response.status !== 200) broken.push(`${href} → ${response.status}`);
      }
      expect(broken).toEqual([]);
    });
  }

  it("sends the contact form checked in place, then goes straight on to the times of that enquiry", async () => {
    const page = await openWithIslands(
      running.browser,
      `${running.app.url}/?utm_source=newsletter&utm_campaign=launch`,
    );
    const form = page.locator("#contact-section form");
    await form.getByRole("button", { name: "Book Free Strategy Call" }).click();
    await page.getByText("Missing Information").waitFor();

    await form.getByLabel("Name").fill("Dev Patel");
    await form.getByLabel("Email").fill("dev@example.com");
    await form.getByLabel("Industry").selectOption("saas");
    await form.getByLabel("Message").fill("We spend $20k a month.");
    await form.getByRole("button", { name: "Book Free Strategy Call" }).click();
    await page.waitForURL((url) => url.pathname === "/book" && url.searchParams.has("lead"));
    await page.getByText("Thank you, Dev Patel! Your strategy call request has been submitted.").waitFor();

    const lead = await leadByEmail(running.db, "dev@example.com");
    expect(lead.message).toBe(
      "Country: Not specified\nIndustry: SaaS / IT\nBudget: Not specified\nMessage: We spend $20k a month.",
    );
    expect(lead).toMatchObject({
      utm_source: "newsletter",
      utm_campaign: "launch",
      page_url: `${running.app.url}/?utm_source=newsletter&utm_campaign=launch`,
    });
    expect(fromJson(lead.browser_info, {})).toMatchObject({
      language: expect.any(String),
      userAgent: expect.stringContaining("Chrome"),
    });
    await expect
      .poll(() =>
        running.db
          .selectFrom("analytics_events")
          .select(["page_url", "utm_source", "utm_campaign"])
          .where("event_type", "=", "page_view")
          .where("utm_campaign", "=", "launch")
          .execute(),
      )
      .toEqual([
        {
          page_url: `${running.app.url}/?utm_source=newsletter&utm_campaign=launch`,
          utm_source: "newsletter",
          utm_campaign: "launch",
        },
      ]);
    await page.close();
  });

  it("sends the contact form without JavaScript and shows the answer on the page", async () => {
    const { context, page } = await pageWithoutScript(`${running.app.url}/contact`);
    const form = page.locator("#contact-section form");
    await form.getByLabel("Name").fill("No Script");
    await form.getByLabel("Email").fill("noscript@example.com");
    await form.getByRole("button", { name: "Book Free Strategy Call" }).click();
    // Post/redirect/get to the times for this enquiry, which a reload does not send again.
    await page.waitForURL((url) => url.pathname === "/book" && url.searchParams.has("lead"));
    await page.getByText("Your strategy call request has been submitted.").waitFor();
    expect(
      await running.db
        .selectFrom("leads")
        .select("source")
        .where("email", "=", "noscript@example.com")
        .executeTakeFirst(),
    ).toEqual({
      source: "Contact Form",
    });
    await context.close();
  });

  it("opens the get-started and guide dialogs from the keyboard and saves their leads", async () => {
    const page = await openWithIslands(running.browser, `${running.app.url}/pricing`);
    await page.locator("[data-plan='Growth'] [data-slot='get-started-button']").focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Get Started - Growth Plan" });
    await dialog.waitFor();
    await dialog.getByLabel("Name").fill("Key Board");
    await dialog.getByLabel("Email").fill("keys@example.com");
    await dialog.getByRole("button", { name: "Get Started" }).click();
    await page.getByText("Thank you!").first().waitFor();
    await dialog.waitFor({ state: "hidden" });

    await page.goto(`${running.app.url}/`);
    await islandsLoaded(page);
    await page.getByRole("link", { name: "Download Our PPC Portfolio" }).click();
    const guide = page.getByRole("dialog", { name: "Download 50 Winning PPC Strategies" });
    await guide.waitFor();
    await page.keyboard.press("Escape");
    await guide.waitFor({ state: "hidden" });
    await page.getByRole("link", { name: "Download Our PPC Portfolio" }).click();
    await guide.getByLabel("Name").fill("Guide Reader");
    await guide.getByLabel("Email").fill("reader@example.com");
    const download = page.waitForEvent("download");
    await guide.getByRole("button", { name: "Download Now" }).click();
    expect((await download).url()).toBe(`${running.app.url}/images/logo.svg`);
    await page.getByText("Thank you! Your download will start shortly.").waitFor();
    const sources = await running.db
      .selectFrom("leads")
      .select(["email", "source"])
      .where("email", "in", ["keys@example.com", "reader@example.com"])
      .execute();
    expect(Object.fromEntries(sources.map((lead) => [lead.email, lead.source]))).toEqual({
      "keys@example.com": "Get Started - Growth Plan",
      "reader@example.com": "PDF Download - Download 50 Winning PPC Strategies",
    });
    await expect
      .poll(async () =>
        (
          await running.db
            .selectFrom("analytics_events")
            .select("properties")
            .where("event_type", "=", "pdf_download_success")
            .execute()
        ).map((event) => fromJson(event.properties, {})),
      )
      .toEqual([{ pdf_title: "Download 50 Winning PPC Strategies", lead_email: "reader@example.com" }]);
    await page.close();
  });

  /**
   * A person takes more than the forms' minimum fill time (a faster sender would be flagged as spam):
   * the browser's token becomes one issued that long ago, by the server's own signing.
   */
  const likeAPerson = (context: BrowserContext) => giveAgedFormToken(context, running.app.url);

  async function savedLead(email: string) {
    const lead = await running.db
      .selectFrom("leads")
      .select(["name", "source", "is_spam", "form_id"])
      .where("email", "=", email)
      .executeTakeFirst();
    return lead && { ...lead, is_spam: Boolean(lead.is_spam) };
  }

  it("files get-started and guide leads without JavaScript exactly as their dialogs would", async () => {
    const pricing = `${running.app.url}/pricing?utm_source=partner&utm_campaign=spring`;
    const { context, page } = await pageWithoutScript(pricing);
    await page.locator("[data-plan='Growth'] [data-slot='get-started-button']").click();
    await page.getByRole("heading", { name: "Get Started - Growth Plan" }).waitFor();
    // A refused submission comes back to the same form, still filed under the button's source, with
    // what was typed still there.
    await page.getByLabel("Email").fill("plain-get-started@example.com");
    await page.getByLabel("Company").fill("Plain Html Ltd");
    const formToken = async () => (await context.cookies()).find((cookie) => cookie.name === "form_token")?.value;
    const token = await formToken();
    expect(token).toMatch(/^\d+\./);
    await page.getByRole("button", { name: "Get Started" }).click();
    await page.getByText("Please fill in your name and email address.").waitFor();
    // Still the token the page was first given: the visitor's time on the form is not started again.
    expect(await formToken()).toBe(token);
    await page.getByRole("heading", { name: "Get Started - Growth Plan" }).waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe("plain-get-started@example.com");
    expect(await page.getByLabel("Company").inputValue()).toBe("Plain Html Ltd");
    await page.getByLabel("Name").fill("Plain Html");
    await likeAPerson(context);
    await page.getByRole("button", { name: "Get Started" }).click();
    await page.getByText("Your request has been submitted.").waitFor();
    expect(await savedLead("plain-get-started@example.com")).toMatchObject({
      source: "Get Started - Growth Plan",
      is_spam: false,
    });
    // Credited to the page whose button it was, and its campaign, as the dialog would have, though the
    // form was sent twice from a page of its own.
    const submission = await running.db
      .selectFrom("form_submissions")
      .innerJoin("leads", "leads.id", "form_submissions.lead_id")
      .select(["leads.page_url", "form_submissions.utm_campaign"])
      .where("leads.email", "=", "plain-get-started@example.com")
      .executeTakeFirstOrThrow();
    expect(submission).toEqual({ page_url: pricing, utm_campaign: "spring" });

    // A crafted link cannot put its own words on the guide's page.
    await page.goto(`${running.app.url}/lead?flow=guide&guideTitle=Your+account+is+locked`);
    await page.getByRole("heading", { name: "Download 50 Winning PPC Strategies" }).waitFor();
    expect(await page.content()).not.toContain("Your account is locked");

    await page.goto(`${running.app.url}/`);
    await page.getByRole("link", { name: "Download Our PPC Portfolio" }).click();
    await page.getByRole("heading", { name: "Download 50 Winning PPC Strategies" }).waitFor();
    await page.getByLabel("Name").fill("Guide Without Script");
    await page.getByLabel("Email").fill("plain-guide@example.com");
    await likeAPerson(context);
    await page.getByRole("button", { name: "Download Now" }).click();
    await page.getByText("Your download will start shortly.").waitFor();
    expect(await page.getByRole("link", { name: "Download the guide" }).getAttribute("href")).toBe("/images/logo.svg");
    expect(await savedLead("plain-guide@example.com")).toMatchObject({
      source: "PDF Download - Download 50 Winning PPC Strategies",
      is_spam: false,
    });
    await context.close();
  });

  it("downloads the guide from its own page too, when that page was opened with JavaScript", async () => {
    const page = await running.browser.newPage();
    // Where a click lands before the home page's islands have loaded, or a shared link leads.
    await page.goto(`${running.app.url}/lead?flow=guide`);
    await islandsLoaded(page);
    await page.getByLabel("Name").fill("Early Clicker");
    await page.getByLabel("Email").fill("early@example.com");
    await likeAPerson(page.context());
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download Now" }).click();
    expect((await download).url()).toBe(`${running.app.url}/images/logo.svg`);
    expect(await savedLead("early@example.com")).toMatchObject({
      source: "PDF Download - Download 50 Winning PPC Strategies",
    });
    await page.close();
  });

  it("subscribes to the newsletter with and without JavaScript", async () => {
    const page = await openWithIslands(running.browser, `${running.app.url}/blog`);
    const form = page.locator("[data-slot='newsletter-form']");
    await form.getByLabel("Email").fill("reader-with-script@example.com");
    await likeAPerson(page.context());
    await form.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("You've been subscribed to our newsletter. Welcome aboard!").waitFor();
    expect(await form.getByLabel("Email").inputValue()).toBe("");
    expect(await savedLead("reader-with-script@example.com")).toMatchObject({
      name: "Newsletter Subscriber",
      source: "Newsletter Form",
      is_spam: false,
      form_id: expect.any(String),
    });
    await page.close();

    const { context, page: plain } = await pageWithoutScript(`${running.app.url}/blog`);
    const plainForm = plain.locator("[data-slot='newsletter-form']");
    await plainForm.getByLabel("Email").fill("reader-without-script@example.com");
    await plainForm.getByLabel("Name (optional)").fill("Quiet Reader");
    await likeAPerson(context);
    await plainForm.getByRole("button", { name: "Subscribe" }).click();
    await plain.waitForURL(`${running.app.url}/lead/sent/newsletter`);
    await plain.getByText("You've been subscribed to our newsletter. Welcome aboard!").waitFor();
    expect(await savedLead("reader-without-script@example.com")).toMatchObject({
      name: "Quiet Reader",
      source: "Newsletter Form",
      is_spam: false,
    });
    await context.close();
  });

  if (dialect === "sqlite") {
    it("lets snow fall for most visitors without a script or a change to the page, and none under reduced motion", async () => {
      const context = await running.browser.newContext();
      const page = await context.newPage();
      const requested: string[] = [];
      page.on("request", (request) => requested.push(request.url()));
      await page.goto(`${running.app.url}/about`);
      await islandsLoaded(page);
      await page.waitForLoadState("load");
      // A flake starts every 300 ms and falls for 5 s, over and over: 17 flakes, staggered by 300 ms.
      const falling = await page.$$eval(".snowflake", (flakes) =>
        flakes.map((flake) => {
          const fall = flake
            .getAnimations()
            .find((animation) => (animation as CSSAnimation).animationName === "snow-fall");
          const timing = fall?.effect?.getComputedTiming();
          return {
            running: fall?.playState === "running",
            delay: timing?.delay,
            duration: timing?.duration,
            repeats: timing?.iterations,
            shown: getComputedStyle(flake).display !== "none",
          };
        }),
      );
      expect(falling).toHaveLength(17);
      expect(falling.map((flake) => flake.delay)).toEqual(Array.from({ length: 17 }, (_, k) => k * 300));
      for (const flake of falling)
        expect(flake).toMatchObject({ running: true, duration: 5000, repeats: Infinity, shown: true });
      // The snow is the stylesheet's work: no script is fetched for it.
      expect(requested.filter((url) => /snow/.test(url))).toEqual([]);
      await context.close();

      const calm = await running.browser.newContext({ reducedMotion: "reduce" });
      const still = await calm.newPage();
      await still.goto(`${running.app.url}/about`);
      expect(await still.locator("[data-slot=snowfall]").isVisible()).toBe(false);
      expect(await still.$$eval(".snowflake", (flakes) => flakes.some((flake) => flake.checkVisibility()))).toBe(false);
      await calm.close();
    });

    it("switches currency from the visible switch, and keeps it", async () => {
      const page = await openWithIslands(running.browser, `${running.app.url}/pricing`);
      await page.getByRole("button", { name: "INR (₹)" }).first().click();
      await page.getByText("₹49,999").first().waitFor();
      await page.goto(`${running.app.url}/services/paid-ads`);
      await page.getByText("Management plans starting from ₹14,999/month").waitFor();
      await page.close();
    });

    it("navigates with the keyboard-reachable header menus", async () => {
      const page = await running.browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${running.app.url}/`);
      await islandsLoaded(page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Industries" }).focus();
      // Closed, the menu's links are not in the tab order; Enter opens it and Tab walks into it.
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await page.waitForURL(`${running.app.url}/industries/ecommerce`);
      await page.close();

      const mobile = await running.browser.newPage({ viewport: { width: 360, height: 740 } });
      await mobile.goto(`${running.app.url}/`);
      await islandsLoaded(mobile);
      await mobile.getByLabel("Menu").click();
      await mobile.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Pricing" }).click();
      await mobile.waitForURL(`${running.app.url}/pricing`);
      await mobile.close();
    });

    it("Book Call scrolls to the contact form on a page that has one, and leads to the home page's from others", async () => {
      const page = await running.browser.newPage({ viewport: { width: 1280, height: 800 } });
      const contactForm = page.locator("#contact-section form");
      const inView = () => contactForm.evaluate((form) => form.getBoundingClientRect().top < window.innerHeight);
      const bookCall = () => page.locator("[data-slot='site-header']").getByRole("link", { name: "Book Call" });

      await page.goto(`${running.app.url}/contact`);
      await islandsLoaded(page);
      expect(await inView()).toBe(false);
      await bookCall().click();
      // Still the contact page, now at its form: the visitor did not leave for the home page.
      await page.waitForURL(`${running.app.url}/contact#contact-section`);
      await page.waitForFunction(
        () => (document.querySelector("#contact-section form")?.getBoundingClientRect().top ?? Infinity) < innerHeight,
      );
      expect(await inView()).toBe(true);
      // The footer's call to action stays on the page too.
      const footerCall = page
        .locator("[data-slot='site-footer']")
        .getByRole("link", { name: "Book Free Strategy Call" });
      expect(await footerCall.getAttribute("href")).toBe("#contact-section");

      await page.goto(`${running.app.url}/about`);
      await islandsLoaded(page);
      await bookCall().click();
      await page.waitForURL(`${running.app.url}/#contact-section`);
      await contactForm.waitFor();
      await page.close();

      // On a phone Book Call is in the menu, which closes so that the form it scrolled to shows. The
      // visitor has made their cookie choice: the open banner would cover the menu until then (a
      // visitor on loopback has no country, and is asked).
      const phone = await running.browser.newPage({ viewport: { width: 360, height: 740 } });
      await phone.context().addCookies([{ name: "consent", value: "1.a0m0.chosen-visitor", url: running.app.url }]);
      await phone.goto(`${running.app.url}/contact`);
      await islandsLoaded(phone);
      await phone.getByLabel("Menu").click();
      await phone.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Book Call" }).click();
      await phone.waitForURL(`${running.app.url}/contact#contact-section`);
      expect(
        await phone.locator("[data-slot='site-header'] details").evaluate((menu) => (menu as HTMLDetailsElement).open),
      ).toBe(false);
      await phone.getByRole("navigation", { name: "Mobile" }).waitFor({ state: "hidden" });
      await phone.close();
    });
  }
});
