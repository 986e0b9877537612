import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { staffWhoTakesCalls } from "../support/bookings";
import { contextWithCookies, hydrated, islandsLoaded } from "../support/browser";
import { agedFormToken, formTokenCookieHeader, withFormSecret } from "../support/form-token";
import { runAppForBlock } from "../support/running-app";
import { addStaff, signIn } from "../support/staff";

/**
 * Booking as people take it in Chromium, on the built server: what a visitor's long details do to every
 * page that shows them, and the lead page's scrolling parts by keyboard. One server (SQLite: these are
 * browser checks, the database rules have their own tests on both databases), one context per screen size.
 */

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

const htmlText = (value: string) => value.replaceAll("&amp;", "&");
const offeredStarts = (html: string) =>
  [...html.matchAll(/name="start" value="([^"]+)"/g)].map((match) => match[1] as string);

/** Elements whose content is wider than their box and not scrolled inside it, and the page's own overflow. */
async function overflowingParts(page: Page, label: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      out.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
    for (const element of document.querySelectorAll<HTMLElement>("main *")) {
      // What a person cannot see (a closed disclosure's content) does not count.
      if (element.clientWidth === 0 || !element.checkVisibility()) continue;
      const style = getComputedStyle(element);
      // A box that scrolls or clips on purpose holds its overflow; its own width is checked as any other's.
      if (["auto", "scroll", "hidden", "clip"].includes(style.overflowX)) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        const name = element.tagName.toLowerCase();
        const text = (element.textContent ?? "").trim().slice(0, 40);
        out.push(`<${name}> ${element.scrollWidth} > ${element.clientWidth}: ${text}`);
      }
    }
    return out;
  });
  return found.map((line) => `${label}: ${line}`);
}

describe("long details and scrolling parts in Chromium (SQLite)", () => {
  const running = runAppForBlock(
    { TRUST_PROXY: "loopback", NOTIFY_EMAILS: "sales@agency.example", ...withFormSecret },
    { dialect: "sqlite", browser: true },
  );
  const longName = `Maximiliana${"x".repeat(189)}`;
  const longEmail = `${"e".repeat(60)}@${"d".repeat(31)}.example`;
  const longCompany = `Company${"c".repeat(193)}`;
  let adminCookie = "";
  const visitor = { leadId: "", picker: "", booking: "", reschedule: "", cancel: "" };

  beforeAll(async () => {
    await staffWhoTakesCalls(running.db);
    const admin = await addStaff(running.db, "boss@agency.example", "admin", "boss-password-1357");
    adminCookie = await signIn(running.app, admin.email, admin.password, { "x-forwarded-for": "198.51.100.7" });
    // The visitor sends the contact form, then books a time from the picker it answers with.
    const headers = {
      origin: running.app.url,
      "user-agent": "node",
      cookie: formTokenCookieHeader(agedFormToken()),
      "content-type": "application/x-www-form-urlencoded",
    };
    const message = Array.from({ length: 20 }, (_, i) => `Line ${i} of a long enquiry about ${longCompany}`).join("\n");
    const enquiry = await fetch(`${running.app.url}/lead`, {
      method: "POST",
      redirect: "manual",
      headers,
      body: new URLSearchParams({
        website_url: "",
        flow: "contact",
        name: longName,
        email: longEmail,
        company: longCompany,
        message,
      }),
    });
    expect(enquiry.status).toBe(303);
    visitor.picker = htmlText(enquiry.headers.get("location") ?? "");
    const lead = new URL(visitor.picker, running.app.url).searchParams.get("lead") ?? "";
    const [start] = offeredStarts(await (await fetch(`${running.app.url}${visitor.picker}&tz=UTC`)).text());
    const booked = await fetch(`${running.app.url}/book`, {
      method: "POST",
      redirect: "manual",
      headers,
      body: new URLSearchParams({ website_url: "", start: start as string, timeZone: "UTC", lead }),
    });
    expect(booked.status).toBe(302);
    visitor.booking = htmlText(booked.headers.get("location") ?? "");
    const page = await (await fetch(`${running.app.url}${visitor.booking}`)).text();
    visitor.reschedule = htmlText(/href="(\/book\/reschedule\?[^"]+)"/.exec(page)?.[1] ?? "");
    visitor.cancel = htmlText(/href="(\/book\/cancel\?[^"]+)"/.exec(page)?.[1] ?? "");
    expect(visitor.reschedule).not.toBe("");
    expect(visitor.cancel).not.toBe("");
    const row = await running.db
      .selectFrom("leads")
      .select("id")
      .where("email", "=", longEmail)
      .executeTakeFirstOrThrow();
    visitor.leadId = row.id;
  });

  async function adminContext(size: { width: number; height: number }) {
    return contextWithCookies(running.browser, running.app.url, adminCookie, {
      viewport: size,
      reducedMotion: "reduce",
      bypassCSP: true,
      extraHTTPHeaders: { "x-forwarded-for": "198.51.100.7" },
    });
  }

  it.each(SIZES)(
    "reaches the lead page's mail log and long enquiry by keyboard, axe clean, at $width px",
    async (size) => {
      const context = await adminContext(size);
      try {
        const page = await context.newPage();
        await page.goto(`${running.app.url}/admin/leads/${visitor.leadId}`);
        await hydrated(page);
        const regions = [
          page.getByRole("region", { name: "E-mail delivery log" }),
          page.getByRole("region", { name: /^First enquiry of .+, as received$/ }),
        ];
        for (const region of regions) {
          await region.waitFor();
          // It does scroll (the check below is about a box that scrolls), and the keyboard reaches it.
          expect(
            await region.evaluate(
              (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
            ),
          ).toBe(true);
        }
        const focusedLabels: string[] = [];
        for (let presses = 0; presses < 150 && focusedLabels.length < 2; presses++) {
          await page.keyboard.press("Tab");
          const label = await page.evaluate(() =>
            document.activeElement?.tagName === "SECTION" ? document.activeElement.getAttribute("aria-label") : null,
          );
          if (label && !focusedLabels.includes(label)) focusedLabels.push(label);
        }
        expect(focusedLabels).toEqual([expect.stringMatching(/^First enquiry of /), "E-mail delivery log"]);
        expect(await seriousViolations(page, "the lead page")).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it.each(SIZES)("breaks long names, e-mails and companies inside their boxes at $width px", async (size) => {
    const context = await adminContext(size);
    try {
      const page = await context.newPage();
      const found: string[] = [];
      const visitorPages = [visitor.picker, visitor.booking, visitor.reschedule, visitor.cancel];
      for (const path of visitorPages) {
        await page.goto(`${running.app.url}${path}`);
        await islandsLoaded(page);
        found.push(...(await overflowingParts(page, path.split("?")[0] as string)));
      }
      const adminPages = ["/admin/leads", `/admin/leads/${visitor.leadId}`, "/admin/bookings", "/admin/audit"];
      for (const path of adminPages) {
        await page.goto(`${running.app.url}${path}`);
        await hydrated(page);
        found.push(...(await overflowingParts(page, path)));
        if (path === "/admin/leads" && size.width === 1280) {
          // The table row names the person: their name and e-mail, cut short with the whole text on hover.
          for (const text of [longName, longEmail]) {
            const cell = page.getByRole("table", { name: "Leads" }).locator(`td[title="${text}"]`);
            const shown = await cell.evaluate((element) => ({
              width: element.clientWidth,
              visible: (element.textContent ?? "").slice(0, 12),
            }));
            expect(shown.visible).toBe(text.slice(0, 12));
            // Wide enough to read a name by (a dozen characters or more), not a sliver.
            expect(shown.width).toBeGreaterThan(120);
          }
        }
      }
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
