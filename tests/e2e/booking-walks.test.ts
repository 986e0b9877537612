import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_REPLACED } from "~/lib/booking-messages";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import { seriousViolations } from "../support/axe";
import { callOfLead, callsOfOnlyLead, staffWhoTakesCalls } from "../support/bookings";
import { contextWithCookies, hydrated, islandsLoaded } from "../support/browser";
import { agedFormToken, formTokenCookieHeader, giveAgedFormToken, withFormSecret } from "../support/form-token";
import { tabTo } from "../support/keyboard";
import { runAppForBlock } from "../support/running-app";
import { type ReceivedMail, startSmtpServer } from "../support/smtp";
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

/** A mail's text with quoted-printable soft line breaks joined and base64 parts decoded. */
function mailText(mail: ReceivedMail) {
  const decoded = mail.raw
    .replaceAll(/=\r?\n/g, "")
    .replaceAll(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const base64Parts = [
    ...mail.raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ];
  return [
    decoded,
    ...base64Parts.map((part) => Buffer.from((part[1] ?? "").replaceAll(/\s/g, ""), "base64").toString("utf8")),
  ].join("\n");
}

/**
 * For a describe block: a real SMTP receiver started before the block's server (call this first),
 * its address put in the server's `env` as SMTP_URL; returns the mails it receives, as they arrive.
 */
function smtpReceiverFor(env: Record<string, string>) {
  const mails: ReceivedMail[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer({ onReceived: (mail) => mails.push(mail) });
    env.SMTP_URL = smtp.url;
  });
  afterAll(async () => {
    await smtp?.close();
  });
  return mails;
}

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

describe("booking in Chromium: long details, scrolling parts and keyboard walks (SQLite)", () => {
  const env: Record<string, string> = {
    TRUST_PROXY: "loopback",
    NOTIFY_EMAILS: "sales@agency.example",
    ...withFormSecret,
  };
  // Called before the server's own hooks are registered, so the receiver is up and in `env` first.
  const mails = smtpReceiverFor(env);
  const running = runAppForBlock(env, { dialect: "sqlite", browser: true });
  const longName = `Maximiliana${"x".repeat(189)}`;
  const longEmail = `${"e".repeat(60)}@${"d".repeat(31)}.example`;
  const longCompany = `Company${"c".repeat(193)}`;
  let adminCookie = "";
  let visitor: Booked;

  type Booked = { leadId: string; picker: string; booking: string; reschedule: string; cancel: string; start: string };
  /**
   * A visitor (from an address of their own) sends the contact form, then books the first time the
   * picker it answers with offers, as a browser without JavaScript does.
   */
  async function bookByHttp(ip: string, fields: Record<string, string>): Promise<Booked> {
    const headers = {
      origin: running.app.url,
      "user-agent": "node",
      "x-forwarded-for": ip,
      cookie: formTokenCookieHeader(agedFormToken({ clientIp: ip })),
      "content-type": "application/x-www-form-urlencoded",
    };
    const post = (path: string, body: Record<string, string>) =>
      fetch(`${running.app.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers,
        body: new URLSearchParams({ website_url: "", ...body }),
      });
    const enquiry = await post("/lead", { flow: "contact", ...fields });
    expect(enquiry.status).toBe(303);
    const picker = htmlText(enquiry.headers.get("location") ?? "");
    const lead = new URL(picker, running.app.url).searchParams.get("lead") ?? "";
    const pickerPage = await fetch(`${running.app.url}${picker}&tz=UTC`, { headers: { "x-forwarded-for": ip } });
    const [start] = offeredStarts(await pickerPage.text());
    const booked = await post("/book", { start: start as string, timeZone: "UTC", lead });
    expect(booked.status).toBe(302);
    const booking = htmlText(booked.headers.get("location") ?? "");
    const page = await (await fetch(`${running.app.url}${booking}`, { headers: { "x-forwarded-for": ip } })).text();
    const reschedule = htmlText(/href="(\/book\/reschedule\?[^"]+)"/.exec(page)?.[1] ?? "");
    const cancel = htmlText(/href="(\/book\/cancel\?[^"]+)"/.exec(page)?.[1] ?? "");
    expect(reschedule).not.toBe("");
    expect(cancel).not.toBe("");
    const row = await running.db
      .selectFrom("leads")
      .select("id")
      .where("email", "=", fields.email as string)
      .executeTakeFirstOrThrow();
    return { leadId: row.id, picker, booking, reschedule, cancel, start: start as string };
  }

  beforeAll(async () => {
    await staffWhoTakesCalls(running.db);
    const admin = await addStaff(running.db, "boss@agency.example", "admin", "boss-password-1357");
    adminCookie = await signIn(running.app, admin.email, admin.password, { "x-forwarded-for": "198.51.100.7" });
    const message = Array.from({ length: 20 }, (_, i) => `Line ${i} of a long enquiry about ${longCompany}`).join("\n");
    visitor = await bookByHttp("203.0.113.1", { name: longName, email: longEmail, company: longCompany, message });
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

  /** A visitor's browser: its own address (through the trusted proxy), the zone the bookings were made in. */
  function visitorContext(size: { width: number; height: number }, ip: string) {
    return running.browser.newContext({
      viewport: size,
      timezoneId: "UTC",
      reducedMotion: "reduce",
      bypassCSP: true,
      extraHTTPHeaders: { "x-forwarded-for": ip },
    });
  }

  it.each(SIZES)(
    "moves a booked call to another time by keyboard; the old link then says it was replaced, at $width px",
    async (size) => {
      const ip = `203.0.113.${size.width === 390 ? 11 : 12}`;
      const booked = await bookByHttp(ip, { name: "Rosa Reschedule", email: `rosa${size.width}@example.com` });
      const context = await visitorContext(size, ip);
      try {
        const page = await context.newPage();
        await page.goto(`${running.app.url}${booked.booking}`);
        await islandsLoaded(page);
        expect(await seriousViolations(page, "the booked call")).toEqual([]);
        await tabTo(page, (f) => f.tag === "A" && f.text === "Pick another time", "Pick another time");
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname === "/book/reschedule");
        await islandsLoaded(page);
        expect(await seriousViolations(page, "the reschedule page")).toEqual([]);
        await tabTo(page, (f) => f.tag === "INPUT" && f.type === "radio", "a free time");
        await page.keyboard.press("Space");
        const chosen = await page.locator('input[name="start"]:checked').inputValue();
        expect(chosen).not.toBe(booked.start);
        await tabTo(page, (f) => f.tag === "BUTTON" && f.text === "Move my call", "Move my call");
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname === "/book/booking" && url.search !== booked.booking.slice(13));
        await page.getByRole("heading", { name: "Your call has moved" }).waitFor();
        expect(await seriousViolations(page, "the moved call")).toEqual([]);
        expect((await callOfLead(running.db, booked.leadId)).starts_at).toBe(chosen);

        // The links of the first confirmation are retired: they say so and offer nothing to press.
        for (const old of [booked.booking, booked.reschedule]) {
          await page.goto(`${running.app.url}${old}`);
          await page.getByText(LINK_REPLACED).waitFor();
          expect(await page.locator('main a[href*="/book/reschedule"], main a[href*="/book/cancel"]').count()).toBe(0);
          expect(await page.locator('main form button[type="submit"]').count()).toBe(0);
          expect(await seriousViolations(page, old.split("?")[0] as string)).toEqual([]);
        }
      } finally {
        await context.close();
      }
    },
  );

  it.each(SIZES)(
    "staff cancel a call from Bookings by keyboard after confirming, and the visitor's mail gives the reason, at $width px",
    async (size) => {
      const ip = `203.0.113.${size.width === 390 ? 21 : 22}`;
      const name = `Cato Cancel ${size.width}`;
      const email = `cato${size.width}@example.com`;
      const booked = await bookByHttp(ip, { name, email });
      const zone = await getAgencyTimeZone(running.db);
      const day = new Date(booked.start).toLocaleDateString("en-CA", { timeZone: zone });
      const reason = `Our strategist is ill on that day, sorry (${size.width})`;
      const context = await adminContext(size);
      try {
        const page = await context.newPage();
        await page.goto(`${running.app.url}/admin/bookings?view=day&date=${day}`);
        await hydrated(page);
        expect(await seriousViolations(page, "/admin/bookings")).toEqual([]);
        await tabTo(page, (f) => f.tag === "A" && f.text === "Cancel call" && f.row.includes(name), "Cancel call");
        await page.keyboard.press("Enter");
        // Nothing is cancelled yet: the row asks first, with room for a reason.
        await page.getByRole("button", { name: "Cancel the call" }).waitFor();
        expect(await seriousViolations(page, "the cancel confirmation")).toEqual([]);
        expect((await callOfLead(running.db, booked.leadId)).status).toBe("booked");
        await tabTo(page, (f) => f.tag === "TEXTAREA" && f.field === "reason", "the reason");
        await page.keyboard.type(reason);
        await tabTo(page, (f) => f.tag === "BUTTON" && f.text === "Cancel the call", "Cancel the call");
        await page.keyboard.press("Enter");
        await expect.poll(async () => (await callOfLead(running.db, booked.leadId)).status).toBe("cancelled");
        await page.getByRole("button", { name: "Cancel the call" }).waitFor({ state: "detached" });
        expect(await seriousViolations(page, "/admin/bookings after the cancel")).toEqual([]);
        // The visitor's cancellation, through the real SMTP receiver, carries the reason.
        const cancellation = () =>
          mails.find((mail) => mail.to.includes(email) && mailText(mail).includes("METHOD:CANCEL"));
        await expect.poll(() => cancellation() !== undefined, { timeout: 30_000 }).toBe(true);
        expect(mailText(cancellation() as ReceivedMail)).toContain(reason);
      } finally {
        await context.close();
      }
    },
  );

  /**
   * axe runs as a script, which a page without JavaScript cannot: the same address is audited in a
   * browser of the same size and cookies that runs no script of the page's own (none is fetched).
   */
  async function noScriptViolations(page: Page, label: string) {
    const context = await running.browser.newContext({
      viewport: page.viewportSize() ?? undefined,
      bypassCSP: true,
      reducedMotion: "reduce",
    });
    try {
      await context.addCookies(await page.context().cookies());
      await context.route("**/*", (route) =>
        route.request().resourceType() === "script" ? route.abort() : route.continue(),
      );
      const audited = await context.newPage();
      await audited.goto(page.url());
      return await seriousViolations(audited, label);
    } finally {
      await context.close();
    }
  }

  it.each(SIZES)(
    "books without JavaScript, keyboard only, from the home page's Book Call to a booked call as one lead, at $width px",
    async (size) => {
      const email = `nora${size.width}@example.com`;
      // No address header: the browser is itself the visitor on loopback, whose form token it holds.
      const context = await running.browser.newContext({
        viewport: size,
        javaScriptEnabled: false,
        reducedMotion: "reduce",
        bypassCSP: true,
      });
      try {
        await giveAgedFormToken(context, running.app.url);
        const page = await context.newPage();
        await page.goto(`${running.app.url}/`);
        if (size.width < 640) {
          // On a phone the header's Book Call sits in the menu, a disclosure that opens without JavaScript.
          await tabTo(page, (f) => f.tag === "SUMMARY" && f.label === "Menu", "the menu");
          await page.keyboard.press("Enter");
        }
        await tabTo(page, (f) => f.tag === "A" && f.text === "Book Call", "Book Call");
        await page.keyboard.press("Enter");
        await page.waitForURL(/#contact-section$/);
        await tabTo(page, (f) => f.field === "name", "the name field");
        await page.keyboard.type(`Nora NoScript ${size.width}`);
        await tabTo(page, (f) => f.field === "email", "the e-mail field");
        await page.keyboard.type(email);
        await tabTo(page, (f) => f.tag === "BUTTON" && f.text === "Book Free Strategy Call", "the form's button");
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname === "/book" && url.searchParams.has("lead"));
        await page.getByText(`Thank you, Nora NoScript ${size.width}!`, { exact: false }).waitFor();
        expect(await noScriptViolations(page, "/book")).toEqual([]);
        await tabTo(page, (f) => f.tag === "INPUT" && f.type === "radio", "a free time");
        await page.keyboard.press("Space");
        const chosen = await page.locator('input[name="start"]:checked').inputValue();
        await tabTo(page, (f) => f.tag === "BUTTON" && f.text === "Confirm booking", "Confirm booking");
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname === "/book/booking");
        await page.getByRole("heading", { name: "Your call is booked" }).waitFor();
        expect(await noScriptViolations(page, "/book/booking")).toEqual([]);
        expect(await callsOfOnlyLead(running.db, email)).toMatchObject([{ starts_at: chosen, status: "booked" }]);
      } finally {
        await context.close();
      }
    },
  );
});
