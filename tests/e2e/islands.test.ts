import { describe, expect, it } from "vitest";
import { islandsLoaded, openWithIslands } from "../support/browser";
import { runAppForBlock } from "../support/running-app";

describe("the islands of the public pages, with JavaScript and without", () => {
  const running = runAppForBlock({}, { browser: true });

  it("checks a lead form in place: a message under each field, one toast, no reload", async () => {
    const page = await openWithIslands(running.browser, `${running.app.url}/contact`);
    const form = page.locator("#contact-section form");
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same page";
    });
    await form.getByLabel("Email").fill("not-an-address");
    await form.getByRole("button", { name: "Book Free Strategy Call" }).click();
    await page.getByRole("alert").filter({ hasText: "Missing Information" }).waitFor();
    expect(await page.getByRole("alert").count()).toBe(1);
    expect(await form.locator("#contact-page-name-error").textContent()).toBe("This field is required.");
    expect(await form.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    await expect(form.getByLabel("Name").evaluate((input) => input === document.activeElement)).resolves.toBe(true);

    await form.getByLabel("Name").fill("Ada");
    await form.getByRole("button", { name: "Book Free Strategy Call" }).click();
    await form.locator("#contact-page-email-error").filter({ hasText: "valid e-mail" }).waitFor();
    // The name is fine now: its message is gone.
    expect(await form.locator("#contact-page-name-error").count()).toBe(0);
    expect(await form.getByLabel("Name").getAttribute("aria-invalid")).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
    await page.close();
  });

  it("without JavaScript the same form is checked by the server, which shows the messages on a page", async () => {
    const context = await running.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${running.app.url}/contact`);
    await page.locator("#contact-section form").getByRole("button", { name: "Book Free Strategy Call" }).click();
    await page.waitForURL(`${running.app.url}/lead`);
    await page.getByText("Please fill in your name and email address.").waitFor();
    expect(await page.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    await context.close();
  });

  it("switches the currency back to the same place on the page with JavaScript, and switches it without", async () => {
    const page = await running.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${running.app.url}/about`);
    await islandsLoaded(page);
    const footerSwitch = page.locator("[data-slot='site-footer'] form[action='/currency']");
    await footerSwitch.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(500);
    await footerSwitch.getByRole("button", { name: "INR (₹)" }).click();
    await page.waitForFunction(() => document.querySelector("[aria-pressed=true]")?.textContent === "INR (₹)");
    await islandsLoaded(page);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 5, before);
    await page.close();

    const context = await running.browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto(`${running.app.url}/pricing`);
    await plain.getByRole("button", { name: "INR (₹)" }).first().click();
    await plain.getByText("₹49,999").first().waitFor();
    expect(plain.url()).toBe(`${running.app.url}/pricing`);
    await context.close();
  });

  it("loads only the islands a page names, and tells the browser which links to fetch ahead", async () => {
    const page = await running.browser.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${running.app.url}/privacy`);
    await islandsLoaded(page);
    // No lead form or dialog on the privacy page: neither island is loaded.
    expect(scripts.filter((script) => /island-lead/.test(script))).toEqual([]);
    expect(scripts.some((script) => /island-page-view/.test(script))).toBe(true);
    const rules = JSON.parse((await page.locator("script[type=speculationrules]").textContent()) ?? "{}") as Record<
      string,
      { eagerness: string }[]
    >;
    expect(Object.keys(rules).sort()).toEqual(["prefetch", "prerender"]);
    expect(rules.prefetch?.[0]?.eagerness).toBe("moderate");
    expect(rules.prerender?.[0]?.eagerness).toBe("conservative");
    await page.close();
  });
});
