import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { PRIVACY_KEYS, setSetting } from "~/server/settings/settings.server";
import { runAppForBlock } from "../support/running-app";
import { addStaff, signIn } from "../support/staff";

const axeSource = readFileSync(path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"), "utf8");
const GOOGLE = "www.googletagmanager.com";
const META = "connect.facebook.net";
const DENIED_DEFAULTS =
  'gtag("consent","default",{ad_storage:"denied",analytics_storage:"denied",ad_user_data:"denied",ad_personalization:"denied"})';

type Visitor = { context: BrowserContext; page: Page; hosts: Map<string, number>; csp: () => string };

describe("consent before tracking", () => {
  const running = runAppForBlock({ TRUST_PROXY: "loopback", COUNTRY_HEADER: "X-Visitor-Country" }, { browser: true });
  beforeAll(async () => {
    await setSetting(running.db, "google_analytics_id", "G-AB12CD34EF", null);
    await setSetting(running.db, "facebook_pixel_id", "123456789012345", null);
    await setSetting(running.db, "consent_scope", "everyone", null);
  });

  /** A visitor whose requests are counted by host; the third parties answer with an empty script (no internet here). */
  async function visitor(options: Parameters<Browser["newContext"]>[0] = {}): Promise<Visitor> {
    const context = await running.browser.newContext({ reducedMotion: "reduce", ...options });
    const hosts = new Map<string, number>();
    let csp = "";
    await context.route("**/*", async (route) => {
      const host = new URL(route.request().url()).host;
      hosts.set(host, (hosts.get(host) ?? 0) + 1);
      if (host === GOOGLE || host === META) {
        await route.fulfill({ status: 200, contentType: "text/javascript", body: "" });
      } else {
        await route.continue();
      }
    });
    const page = await context.newPage();
    page.on("response", async (response) => {
      if (response.request().resourceType() === "document" && response.url().startsWith(running.app.url)) {
        csp = (await response.headerValue("content-security-policy")) ?? "";
      }
    });
    return { context, page, hosts, csp: () => csp };
  }

  const banner = (page: Page) => page.getByRole("region", { name: "Cookie settings" });

  it("loads nothing from Google or Meta before a choice, with Consent Mode defaults denied in the page", async () => {
    const { context, page, hosts, csp } = await visitor();
    await page.goto(`${running.app.url}/pricing`);
    await page.waitForLoadState("networkidle");
    expect(await banner(page).isVisible()).toBe(true);
    for (const name of ["Accept all", "Reject all"]) {
      expect(await banner(page).getByRole("button", { name }).isVisible()).toBe(true);
    }
    expect(await banner(page).getByText("Choose", { exact: true }).isVisible()).toBe(true);
    const head = await page.evaluate(() => document.head.innerHTML);
    expect(head).toContain(DENIED_DEFAULTS);
    expect(hosts.get(GOOGLE) ?? 0).toBe(0);
    expect(hosts.get(META) ?? 0).toBe(0);
    expect(csp()).not.toContain(GOOGLE);
    expect(csp()).not.toContain(META);
    // The beacon counts the visit without waiting for consent.
    const events = await running.db
      .selectFrom("analytics_events")
      .select("id")
      .where("event_type", "=", "page_view")
      .execute();
    expect(events.length).toBeGreaterThan(0);
    await context.close();
  });

  it("after Reject all, still nothing from Google or Meta, on this page and the next", async () => {
    const { context, page, hosts } = await visitor();
    await page.goto(`${running.app.url}/`);
    await banner(page).getByRole("button", { name: "Reject all" }).click();
    await page.waitForURL(`${running.app.url}/`);
    await page.waitForLoadState("networkidle");
    expect(await banner(page).isVisible()).toBe(false);
    await page.goto(`${running.app.url}/about`);
    await page.waitForLoadState("networkidle");
    expect(hosts.get(GOOGLE) ?? 0).toBe(0);
    expect(hosts.get(META) ?? 0).toBe(0);
    const cookie = (await context.cookies()).find((each) => each.name === "consent");
    expect(cookie?.value).toMatch(/^1\.a0m0\./);
    await context.close();
  });

  it("after Accept all, both load, and the page's CSP allows exactly their hosts", async () => {
    const { context, page, hosts, csp } = await visitor();
    await page.goto(`${running.app.url}/about`);
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await page.waitForURL(`${running.app.url}/about`);
    await page.waitForLoadState("networkidle");
    expect(hosts.get(GOOGLE) ?? 0).toBeGreaterThan(0);
    expect(hosts.get(META) ?? 0).toBeGreaterThan(0);
    const scriptSrc = /script-src ([^;]*)/.exec(csp())?.[1] ?? "";
    const thirdParty = scriptSrc.split(/\s+/).filter((source) => source.startsWith("https:"));
    expect(thirdParty.sort()).toEqual([`https://${META}`, `https://${GOOGLE}`].sort());
    const head = await page.evaluate(() => document.head.innerHTML);
    expect(head).toContain(DENIED_DEFAULTS);
    expect(head).toContain('gtag("consent","update",{ad_storage:"granted",analytics_storage:"granted"');
    const id = (await context.cookies()).find((each) => each.name === "consent")?.value.split(".")[2];
    const record = await running.db
      .selectFrom("consent_records")
      .selectAll()
      .where("id", "=", id ?? "")
      .executeTakeFirst();
    expect(record).toMatchObject({ policy_version: 1 });
    expect(Boolean(record?.analytics) && Boolean(record?.marketing)).toBe(true);
    await context.close();
  });

  it("keeps the pixel away from a browser sending Sec-GPC: 1, even after Accept all", async () => {
    const { context, page, hosts } = await visitor({ extraHTTPHeaders: { "Sec-GPC": "1" } });
    await page.goto(`${running.app.url}/`);
    expect(await banner(page).getByText("Global Privacy Control").isVisible()).toBe(true);
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await page.waitForLoadState("networkidle");
    expect(hosts.get(GOOGLE) ?? 0).toBeGreaterThan(0);
    expect(hosts.get(META) ?? 0).toBe(0);
    await context.close();
  });

  it.each([
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])("opens the Choose panel centred on the screen at $width×$height", async (viewport) => {
    const { context, page } = await visitor({ viewport });
    await page.goto(`${running.app.url}/pricing`);
    await banner(page).getByText("Choose", { exact: true }).click();
    const panel = banner(page).getByRole("group", { name: "Cookies to allow" });
    await panel.waitFor();
    const margins = await panel.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { left: box.left, right: document.documentElement.clientWidth - box.right };
    });
    expect(margins.left).toBeGreaterThan(0);
    expect(Math.abs(margins.left - margins.right)).toBeLessThanOrEqual(2);
    await context.close();
  });

  it("stores the choice without JavaScript, through the banner's form", async () => {
    const { context, page, hosts } = await visitor({ javaScriptEnabled: false });
    await page.goto(`${running.app.url}/contact`);
    await banner(page).getByText("Choose", { exact: true }).click();
    await banner(page).getByLabel("Analytics").check();
    await banner(page).getByRole("button", { name: "Save choices" }).click();
    await page.waitForURL(`${running.app.url}/contact`);
    const cookie = (await context.cookies()).find((each) => each.name === "consent");
    expect(cookie?.value).toMatch(/^1\.a1m0\./);
    const record = await running.db
      .selectFrom("consent_records")
      .selectAll()
      .where("id", "=", cookie?.value.split(".")[2] ?? "")
      .executeTakeFirstOrThrow();
    expect(Boolean(record.analytics)).toBe(true);
    expect(Boolean(record.marketing)).toBe(false);
    expect(await banner(page).isVisible()).toBe(false);
    // Analytics only: Google's tag is in the page, the pixel is not.
    const html = await page.content();
    expect(html).toContain(`https://${GOOGLE}/gtag/js`);
    expect(html).not.toContain("fbevents");
    expect(hosts.get(META) ?? 0).toBe(0);
    // "Cookie settings" in the footer brings the banner back, without JavaScript too.
    await page.getByRole("link", { name: "Cookie settings" }).click();
    expect(await banner(page).isVisible()).toBe(true);
    expect(await banner(page).getByLabel("Analytics").isChecked()).toBe(true);
    await context.close();
  });

  it("is usable from the keyboard and has no serious accessibility violations", async () => {
    const context = await running.browser.newContext({ bypassCSP: true, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto(`${running.app.url}/`);
    // The open banner is where the keyboard starts: the first Tab lands in it, before the skip link.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("#cookie-settings") !== null)).toBe(true);
    await banner(page).getByText("Choose", { exact: true }).focus();
    await page.keyboard.press("Enter");
    expect(await banner(page).getByLabel("Marketing").isVisible()).toBe(true);
    await page.evaluate(axeSource);
    const violations = (await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (c: Element, o: object) => Promise<{ violations: { id: string; impact: string }[] }> };
        }
      ).axe;
      return (await axe.run(document.getElementById("cookie-settings") as Element, { resultTypes: ["violations"] }))
        .violations;
    })) as { id: string; impact: string }[];
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    await banner(page).getByRole("button", { name: "Reject all" }).focus();
    // Wait for the page the choice returns to: Chromium can leave a context that is closed while a
    // navigation commits hanging for good, which is what closing right after the choice did.
    await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);
    await page.waitForLoadState("networkidle");
    expect(await banner(page).isVisible()).toBe(false);
    const cookie = (await context.cookies()).find((each) => each.name === "consent");
    expect(cookie?.value).toMatch(/^1\.a0m0\./);
    await context.close();
  });

  it("overlays the page without moving it: the layout is the same with the banner open", async () => {
    const width = 1280;
    const asked = await running.browser.newContext({ viewport: { width, height: 800 }, reducedMotion: "reduce" });
    const decided = await running.browser.newContext({ viewport: { width, height: 800 }, reducedMotion: "reduce" });
    await decided.addCookies([{ name: "consent", value: "1.a0m0.abcdefghijkl", url: running.app.url }]);
    const heights: number[] = [];
    for (const context of [asked, decided]) {
      const page = await context.newPage();
      await page.goto(`${running.app.url}/pricing`);
      heights.push(await page.evaluate(() => document.documentElement.scrollHeight));
      await context.close();
    }
    expect(heights[0]).toBe(heights[1]);
  });

  it("refuses a choice it does not know with a 400 and records nothing", async () => {
    const before = (await running.db.selectFrom("consent_records").select("id").execute()).length;
    const response = await fetch(`${running.app.url}/consent`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: running.app.url },
      body: new URLSearchParams({ choice: "everything" }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect((await running.db.selectFrom("consent_records").select("id").execute()).length).toBe(before);
  });

  it("asks only visitors from countries that require it when set so", async () => {
    await setSetting(running.db, "consent_scope", "required", null);
    try {
      const page = async (country: string) =>
        (await fetch(`${running.app.url}/`, { headers: { "X-Visitor-Country": country } })).text();
      expect(await page("DE")).toContain('data-open="true"');
      expect(await page("CH")).toContain('data-open="true"');
      const us = await page("US");
      expect(us).not.toContain('data-open="true"');
      expect(us).toContain(`https://${GOOGLE}/gtag/js`);
    } finally {
      await setSetting(running.db, "consent_scope", "everyone", null);
    }
  });

  it("lets an admin turn the banner off and bump the policy version in Settings, and no one else", async () => {
    await addStaff(running.db, "boss@example.com", "admin");
    await addStaff(running.db, "seller@example.com", "sales");
    const save = async (cookie: string, fields: Record<string, string>) =>
      fetch(`${running.app.url}/admin/settings`, {
        method: "POST",
        headers: { cookie, origin: running.app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "save-privacy",
          consent_banner: "on",
          consent_scope: "everyone",
          consent_policy_version: "1",
          custom_head_code_category: "marketing",
          retention_events_months: "13",
          retention_consent_months: "13",
          retention_mails_months: "6",
          ...fields,
        }),
        redirect: "manual",
      });
    // The privacy settings as this test found them, put back at its end for the tests after it.
    const privacyKeys = [...PRIVACY_KEYS];
    const found = await running.db.selectFrom("site_settings").selectAll().where("key", "in", privacyKeys).execute();
    try {
      await changePrivacy(save);
    } finally {
      await running.db.deleteFrom("site_settings").where("key", "in", privacyKeys).execute();
      if (found.length > 0) await running.db.insertInto("site_settings").values(found).execute();
    }
    const restored = await running.db.selectFrom("site_settings").selectAll().where("key", "in", privacyKeys).execute();
    expect(restored.map((row) => [row.key, row.value]).sort()).toEqual(found.map((row) => [row.key, row.value]).sort());
    expect(
      await (await fetch(`${running.app.url}/`, { headers: { cookie: "consent=1.a1m1.abcdefghijkl" } })).text(),
    ).toContain('data-open="false"');
  });

  async function changePrivacy(save: (cookie: string, fields: Record<string, string>) => Promise<Response>) {
    const seller = await signIn(running.app, "seller@example.com", "staff-pass-2468");
    expect((await save(seller, { consent_banner: "off" })).status).toBe(403);
    const boss = await signIn(running.app, "boss@example.com", "staff-pass-2468");
    expect((await save(boss, { consent_policy_version: "0" })).status).toBe(400);

    // A visitor who chose under version 1 is asked again under version 2.
    const chosen = { cookie: "consent=1.a1m1.abcdefghijkl" };
    expect(await (await fetch(`${running.app.url}/`, { headers: chosen })).text()).toContain('data-open="false"');
    expect((await save(boss, { consent_policy_version: "2" })).status).toBe(200);
    expect(await (await fetch(`${running.app.url}/`, { headers: chosen })).text()).toContain('data-open="true"');

    expect((await save(boss, { consent_banner: "off", consent_policy_version: "2" })).status).toBe(200);
    try {
      const html = await (await fetch(`${running.app.url}/`)).text();
      expect(html).not.toContain('id="cookie-settings"');
      expect(html).toContain(`https://${GOOGLE}/gtag/js`);
      // With no banner to reopen, the footer has no "Cookie settings" link to show.
      const { context, page } = await visitor();
      await page.goto(`${running.app.url}/`);
      expect(await page.getByRole("link", { name: "Cookie settings" }).isVisible()).toBe(false);
      await context.close();
    } finally {
      await save(boss, { consent_banner: "on", consent_policy_version: "2" });
    }
  }
});
