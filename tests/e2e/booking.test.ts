import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { createBookingFeed, feedPath, revokeBookingFeed } from "~/server/bookings/staff-feed.server";
import { leadByEmail } from "../support/admin-fixtures";
import { seriousViolations } from "../support/axe";
import { callsOfOnlyLead, staffWhoTakesCalls } from "../support/bookings";
import { islandsLoaded } from "../support/browser";
import { dialects } from "../support/databases";
import { agedFormToken, formTokenCookieHeader, giveAgedFormToken, withFormSecret } from "../support/form-token";
import { type Focused, tabTo } from "../support/keyboard";
import { runAppForBlock } from "../support/running-app";

/** The VEVENT of an iCalendar text, read by ical.js. */
function readInvitation(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
  return {
    method: calendar.getFirstPropertyValue("method"),
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
  };
}

const offeredStarts = (html: string) =>
  [...html.matchAll(/name="start" value="([^"]+)"/g)].map((match) => match[1] as string);
const htmlText = (value: string) => value.replaceAll("&amp;", "&");

describe.each(dialects)("booking a call without JavaScript (%s)", (dialect) => {
  const running = runAppForBlock({ NOTIFY_EMAILS: "sales@agency.example", ...withFormSecret }, { dialect });
  let bea: { id: string };
  beforeAll(async () => {
    bea = await staffWhoTakesCalls(running.db);
  });
  const BROWSER = { userAgent: "TestBrowser/1.0" };

  const campaignCookies = [
    "utm_first=utm_source%3Dgoogle%26utm_campaign%3Dspring-sale",
    "visit=%2Fservices%2Fpaid-ads",
  ];
  const request = (path: string, init: RequestInit = {}) =>
    fetch(`${running.app.url}${path}`, {
      redirect: "manual",
      ...init,
      headers: {
        origin: running.app.url,
        "user-agent": BROWSER.userAgent,
        // Each request is a visit of its own, with the token its page set a person's time before.
        cookie: formTokenCookieHeader(agedFormToken(BROWSER), ...campaignCookies),
        ...(init.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  const post = (path: string, fields: Record<string, string>) =>
    request(path, { method: "POST", body: new URLSearchParams({ website_url: "", ...fields }) });
  /** At least `count` times offered by the picker at `path`, read day by day: one day may hold fewer. */
  async function startsOverDays(path: string, count: number) {
    const first = await (await request(path)).text();
    const starts = offeredStarts(first);
    const days = [...new Set([...first.matchAll(/[?&;]day=(\d{4}-\d{2}-\d{2})/g)].map((match) => match[1] as string))];
    for (const day of days) {
      if (starts.length >= count) break;
      for (const start of offeredStarts(await (await request(`${path}&day=${day}`)).text()))
        if (!starts.includes(start)) starts.push(start);
    }
    expect(starts.length).toBeGreaterThanOrEqual(count);
    return starts;
  }
  /** The times /book offers a visitor in UTC. */
  const startsOffered = async () => offeredStarts(await (await request("/book?tz=UTC")).text());
  /** A new visitor books `start` from /book, naming themselves. */
  const bookAs = (start: string, name: string, email: string) => post("/book", { start, timeZone: "UTC", name, email });

  async function mailsOf(bookingId: string) {
    return running.db
      .selectFrom("email_outbox")
      .select(["to_address", "kind", "text_body", "calendar", "subject"])
      .where("booking_id", "=", bookingId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  it("books from a Book Call button: a new lead with its campaign and landing page, the time in the visitor's zone, an .ics", async () => {
    const page = await request("/book?tz=America%2FNew_York");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain('<option value="America/New_York" selected="">');
    const [start] = offeredStarts(html);
    expect(start).toBeDefined();
    const missing = await post("/book", { start: start as string, timeZone: "America/New_York", name: "", email: "" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Please enter your name.");

    const booked = await post("/book", {
      start: start as string,
      timeZone: "America/New_York",
      name: "Nia Newcomer",
      email: "nia@example.com",
    });
    expect(booked.status).toBe(302);
    const confirmation = htmlText(booked.headers.get("location") ?? "");
    expect(confirmation).toMatch(/^\/book\/booking\?token=/);
    const confirmationHtml = await (await request(confirmation)).text();
    const when = new Date(start as string).toLocaleString("en-US", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "America/New_York",
    });
    expect(confirmationHtml).toContain(when);
    expect(confirmationHtml).toContain("America/New York");

    const lead = await leadByEmail(running.db, "nia@example.com");
    expect(lead).toMatchObject({
      source: "Book Call",
      message: "Booked a strategy call",
      utm_campaign: "spring-sale",
      landing_path: "/services/paid-ads",
    });
    const booking = await running.db
      .selectFrom("bookings")
      .selectAll()
      .where("lead_id", "=", lead.id)
      .executeTakeFirstOrThrow();
    expect(booking).toMatchObject({
      utm_campaign: "spring-sale",
      landing_path: "/services/paid-ads",
      visitor_time_zone: "America/New_York",
      status: "booked",
    });
    expect(new Date(booking.starts_at).toISOString()).toBe(start);

    const calendarLink = /href="(\/book\/booking\.ics\?token=[^"]+)"/.exec(confirmationHtml)?.[1];
    const ics = await request(htmlText(calendarLink ?? ""));
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    expect(readInvitation(await ics.text())).toEqual({ method: "REQUEST", sequence: 0, start });
  });

  it("goes from the contact form straight on to the times of that enquiry, books it as one lead, then moves and cancels through the mailed links", async () => {
    const enquiry = await post("/lead", {
      flow: "contact",
      name: "Carl Contact",
      email: "carl@example.com",
      message: "Hi",
    });
    // Without JavaScript the enquiry is answered by the times for its own call (its link names it).
    expect(enquiry.status).toBe(303);
    const picker = htmlText(enquiry.headers.get("location") ?? "");
    expect(picker).toMatch(/^\/book\?lead=/);
    // Answered before the page machinery, with the same security headers a page's answer has.
    expect(enquiry.headers.get("content-security-policy")).toMatch(
      /script-src 'self' 'nonce-[\w+/=]{24}'.*frame-ancestors 'self'/,
    );
    expect(enquiry.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(enquiry.headers.get("x-content-type-options")).toBe("nosniff");
    expect(enquiry.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // A later visit to /book knows the sender too.
    const cookie = /^(booking_lead=[^;]+);.*Path=\/book/.exec(enquiry.headers.get("set-cookie") ?? "")?.[1] ?? "";
    expect(cookie).not.toBe("");
    expect(await (await request("/book", { headers: { cookie } })).text()).toContain("Carl Contact");
    // A day two days ahead is whole in any zone whatever the hour the suite runs, so it offers
    // enough times to book one and move to another; today may have one time left, or none.
    const day = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" });
    const pickerPage = await request(`${picker}&tz=Asia%2FKolkata&day=${day}`);
    expect(pickerPage.headers.get("cache-control")).toContain("no-store");
    const page = await pickerPage.text();
    expect(page).toContain("Thank you, Carl Contact");
    expect(page).toContain("carl@example.com");
    expect(page).not.toContain('name="email"');
    // No time is chosen for the visitor, and one who finds none that suits gets the enquiry's usual reply.
    expect(page).not.toMatch(/name="start"[^>]*checked/);
    const noneSuits = /href="([^"]+)"[^>]*>None of these times suit me</.exec(page)?.[1] ?? "";
    expect(await (await request(htmlText(noneSuits))).text()).toContain("contact you within 24 hours");
    const lead = /name="lead" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const [first] = offeredStarts(page);
    const booked = await post("/book", { start: first as string, timeZone: "Asia/Kolkata", lead: htmlText(lead) });
    expect(booked.status).toBe(302);
    const [booking] = await callsOfOnlyLead(running.db, "carl@example.com");
    if (!booking) throw new Error("no call was booked");

    const visitorMail = (await mailsOf(booking.id)).find(
      (mail) => mail.to_address === "carl@example.com" && mail.kind === "booking_invitation",
    );
    expect(visitorMail?.subject).toContain("GMT+5:30");
    const linkIn = (text: string | undefined, label: string) =>
      new URL(new RegExp(`${label}: (\\S+)`).exec(text ?? "")?.[1] ?? "http://x/").pathname +
      new URL(new RegExp(`${label}: (\\S+)`).exec(text ?? "")?.[1] ?? "http://x/").search;
    const reschedule = linkIn(visitorMail?.text_body, "Pick another time");
    // The visitor turns to the booked day, which has other free times whatever the hour.
    const reschedulePage = await (await request(`${reschedule}&tz=Asia%2FKolkata&day=${day}`)).text();
    expect(reschedulePage).toContain("Pick another time");
    const rescheduleToken = /name="token" value="([^"]+)"/.exec(reschedulePage)?.[1] ?? "";
    // The booked day's other times are offered; the booked one is not.
    const otherTimes = offeredStarts(reschedulePage);
    expect(otherTimes).not.toContain(first);
    expect(otherTimes.length).toBeGreaterThan(1);
    const newTime = otherTimes[1] as string;
    const moved = await post(reschedule, {
      token: htmlText(rescheduleToken),
      start: newTime,
      timeZone: "Asia/Kolkata",
    });
    expect(moved.status).toBe(302);
    let mails = await mailsOf(booking.id);
    const updates = mails.filter((mail) => mail.calendar && readInvitation(mail.calendar).sequence === 1);
    expect(updates.map((mail) => mail.to_address).sort()).toEqual(["bea@agency.example", "carl@example.com"]);
    for (const mail of updates)
      expect(readInvitation(mail.calendar as string)).toEqual({ method: "REQUEST", sequence: 1, start: newTime });
    // The first mail's links named the old time: they say they were replaced, and move or cancel nothing.
    const replaced = await request(reschedule);
    expect(replaced.status).toBe(410);
    expect(replaced.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await replaced.text()).toContain("This link was replaced by a newer one: see the latest e-mail");
    const oldView = await (await request(linkIn(visitorMail?.text_body, "See your booking"))).text();
    expect(oldView).toContain("This link was replaced by a newer one: see the latest e-mail");
    expect(oldView).not.toContain("/book/reschedule?");
    expect(oldView).not.toContain("/book/cancel?");

    const newest = updates.find((mail) => mail.to_address === "carl@example.com");
    const cancel = linkIn(newest?.text_body, "Cancel the call");
    const cancelResponse = await request(cancel);
    expect(cancelResponse.status, cancel).toBe(200);
    const cancelPage = await cancelResponse.text();
    const cancelToken = /name="token" value="([^"]+)"/.exec(cancelPage)?.[1] ?? "";
    // The form posts to its own address, as a browser sends it.
    const cancelled = await post(cancel, { token: htmlText(cancelToken) });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain("Your call is cancelled");
    mails = await mailsOf(booking.id);
    const cancellations = mails.filter((mail) => mail.calendar && readInvitation(mail.calendar).method === "CANCEL");
    expect(cancellations.map((mail) => mail.to_address).sort()).toEqual(["bea@agency.example", "carl@example.com"]);
    for (const mail of cancellations) expect(readInvitation(mail.calendar as string).sequence).toBe(2);
    expect(
      (await running.db.selectFrom("bookings").select("status").where("id", "=", booking.id).executeTakeFirstOrThrow())
        .status,
    ).toBe("cancelled");
  });

  it("books no time for suspected spam on /book: the lead waits for a person, the visitor is not told it is booked", async () => {
    const [start] = await startsOffered();
    const spam = await request("/book", {
      method: "POST",
      body: new URLSearchParams({
        website_url: "https://spam.example",
        start: start as string,
        timeZone: "UTC",
        name: "Sam Spam",
        email: "sam@example.com",
      }),
    });
    expect(spam.status).toBe(202);
    const answer = await spam.text();
    expect(answer).toContain("We will e-mail you to confirm a time.");
    expect(answer).not.toContain("Your call is booked");
    const lead = await running.db
      .selectFrom("leads")
      .select(["id", "is_spam", "message"])
      .where("email", "=", "sam@example.com")
      .executeTakeFirstOrThrow();
    expect(Boolean(lead.is_spam)).toBe(true);
    // Not marked as booked: no call exists.
    expect(lead.message).toBe("Asked for a strategy call on the booking page");
    expect(await running.db.selectFrom("bookings").select("id").where("lead_id", "=", lead.id).execute()).toEqual([]);
    // The time it asked for is still offered.
    expect(await startsOffered()).toContain(start);
  });

  it("keeps one upcoming call per enquiry, links to it when booked again, and limits how often one enquiry books", async () => {
    const enquiry = await post("/lead", { flow: "contact", name: "Lou Limit", email: "lou@example.com" });
    const lead = new URL(htmlText(enquiry.headers.get("location") ?? ""), running.app.url).searchParams.get("lead");
    const starts = await startsOverDays(`/book?tz=UTC&lead=${encodeURIComponent(lead ?? "")}`, 8);
    const book = (start: string) => post("/book", { start, timeZone: "UTC", lead: lead ?? "" });
    expect((await book(starts[0] as string)).status).toBe(302);
    const again = await book(starts[1] as string);
    expect(again.status).toBe(409);
    const answer = await again.text();
    expect(answer).toContain("You already have a call booked for this enquiry.");
    const existing = htmlText(
      /href="(\/book\/booking\?token=[^"]+)"[^>]*>See your booked call/.exec(answer)?.[1] ?? "",
    );
    expect(await (await request(existing)).text()).toContain("Your call is booked");
    const statuses: number[] = [];
    for (const start of starts.slice(2, 8)) statuses.push((await book(start)).status);
    // Six tries a day per enquiry: the seventh is refused before anything is looked at.
    expect(statuses).toEqual([409, 409, 409, 409, 429, 429]);
    const lou = await running.db.selectFrom("leads").select("id").where("email", "=", "lou@example.com").execute();
    expect(lou).toHaveLength(1);
    expect(
      await running.db.selectFrom("bookings").select("id").where("lead_id", "=", lou[0]!.id).execute(),
    ).toHaveLength(1);
  });

  it("never hands the booked call's page to someone who typed a known person's e-mail", async () => {
    const pickerOf = async (name: string, email: string) => {
      const enquiry = await post("/lead", { flow: "contact", name, email });
      return new URL(htmlText(enquiry.headers.get("location") ?? ""), running.app.url).searchParams.get("lead") ?? "";
    };
    const owner = await pickerOf("Rae Real", "rae@example.com");
    const starts = await startsOverDays(`/book?tz=UTC&lead=${encodeURIComponent(owner)}`, 2);
    expect((await post("/book", { start: starts[0] as string, timeZone: "UTC", lead: owner })).status).toBe(302);
    // Another visitor types the same address in another spelling: the enquiry lands on Rae's lead.
    const stranger = await pickerOf("Not Rae", "RAE@Example.com");
    const again = await post("/book", { start: starts[1] as string, timeZone: "UTC", lead: stranger });
    expect(again.status).toBe(409);
    const answer = await again.text();
    expect(answer).toContain("A call is already booked for this e-mail address.");
    expect(answer).not.toContain("/book/booking?token=");
    expect(answer).not.toContain("/book/reschedule?");
    expect(answer).not.toContain("/book/cancel?");
  });

  it("shows the nearest free times to a visitor whose time was taken first", async () => {
    const [start] = await startsOffered();
    const first = await bookAs(start as string, "First", "first@example.com");
    expect(first.status).toBe(302);
    const second = await bookAs(start as string, "Second", "second@example.com");
    expect(second.status).toBe(409);
    const answer = await second.text();
    expect(answer).toContain("that time was just taken");
    const nearest = offeredStarts(answer);
    expect(nearest.length).toBeGreaterThan(0);
    expect(nearest).not.toContain(start);
    // The second visitor's enquiry is kept, and choosing again books it without saving it twice.
    const lead = /name="lead" value="([^"]+)"/.exec(answer)?.[1] ?? "";
    const again = await post("/book", { start: nearest[0] as string, timeZone: "UTC", lead: htmlText(lead) });
    expect(again.status).toBe(302);
    expect(
      await running.db.selectFrom("leads").select("id").where("email", "=", "second@example.com").execute(),
    ).toHaveLength(1);
  });

  it("serves the staff member's personal feed at its secret address as text/calendar, and 404 once revoked", async () => {
    const [start] = await startsOffered();
    const booked = await bookAs(start as string, "Fay Feed", "fay@example.com");
    expect(booked.status).toBe(302);
    const actor = { id: bea.id, email: "bea@agency.example" };
    const feedToken = await createBookingFeed(running.db, bea.id, actor);
    const feed = await fetch(`${running.app.url}${feedPath(feedToken)}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(feed.headers.get("cache-control")).toContain("no-store");
    const events = new ICAL.Component(ICAL.parse(await feed.text()))
      .getAllSubcomponents("vevent")
      .map((event) => new ICAL.Event(event));
    expect(
      events
        .filter((event) => event.summary === "Strategy call: Fay Feed")
        .map((event) => event.startDate.toJSDate().toISOString()),
    ).toEqual([start]);
    await revokeBookingFeed(running.db, bea.id, actor);
    expect((await fetch(`${running.app.url}${feedPath(feedToken)}`)).status).toBe(404);
    expect((await fetch(`${running.app.url}/calendar/bookings/not-a-token.ics`)).status).toBe(404);
  });
});

/** One Book button's way to a booked call, as a visitor takes it in Chromium. */
type BookCase = {
  label: string;
  viewport: { width: number; height: number };
  javaScript: boolean;
  /** The page the visitor starts on, and the Book button they press there (found by the keyboard). */
  start: string;
  button: (focused: Focused) => boolean;
  email: string;
};

const BOOK_CASES: BookCase[] = [
  {
    label: "the hero's Book Free Strategy Call, with JavaScript, at 390×844",
    viewport: { width: 390, height: 844 },
    javaScript: true,
    start: "/",
    button: (f) => f.tag === "A" && f.text === "Book Free Strategy Call",
    email: "kim@example.com",
  },
  {
    label: "the header's Book Call, with JavaScript, at 1280×800",
    viewport: { width: 1280, height: 800 },
    javaScript: true,
    start: "/pricing",
    button: (f) => f.tag === "A" && f.text === "Book Call",
    email: "rui@example.com",
  },
];

describe.each(dialects)("booking a call in Chromium, keyboard only (%s)", (dialect) => {
  const running = runAppForBlock(withFormSecret, { dialect, browser: true });
  beforeAll(async () => {
    await staffWhoTakesCalls(running.db);
  });

  it.each(BOOK_CASES)(
    "goes from $label through the contact form to a booked call, one lead, axe clean",
    async (each) => {
      const context = await running.browser.newContext({
        viewport: each.viewport,
        timezoneId: "America/New_York",
        javaScriptEnabled: each.javaScript,
        bypassCSP: true,
        reducedMotion: "reduce",
      });
      try {
        // A person takes longer than the forms' minimum fill time: the browser holds a token issued that long ago.
        await giveAgedFormToken(context, running.app.url);
        const page = await context.newPage();
        await page.goto(`${running.app.url}${each.start}`);
        if (each.javaScript) await islandsLoaded(page);
        await tabTo(page, each.button, "the Book button");
        await page.keyboard.press("Enter");
        await page.waitForURL(/#contact-section$/);
        if (each.javaScript) await islandsLoaded(page);
        await tabTo(page, (f) => f.field === "name", "the name field");
        await page.keyboard.type("Kim Keyboard");
        await tabTo(page, (f) => f.field === "email", "the e-mail field");
        await page.keyboard.type(each.email);
        await tabTo(page, (f) => f.tag === "BUTTON" && f.text === "Book Free Strategy Call", "the form's button");
        await page.keyboard.press("Enter");
        // Straight on to the times of this enquiry; with JavaScript in the browser's own zone.
        await page.waitForURL((url) => url.pathname === "/book" && url.searchParams.has("lead"));
        if (each.javaScript) await page.waitForURL((url) => url.searchParams.get("tz") === "America/New_York");
        await page.getByText("Thank you, Kim Keyboard! Your strategy call request has been submitted.").waitFor();
        // Name and e-mail are known: not asked again.
        expect(await page.locator('input[name="email"]').count()).toBe(0);
        expect(await seriousViolations(page, "/book")).toEqual([]);

        // No time is chosen for the visitor: Confirm without one asks for it.
        await tabTo(page, (f) => f.tag === "BUTTON" && f.text === "Confirm booking", "Confirm booking");
        await page.keyboard.press("Enter");
        await page.getByText("Choose a time for the call.").first().waitFor();
        await tabTo(page, (f) => f.tag === "INPUT" && f.type === "radio", "the first free time");
        await page.keyboard.press("Space");
        const chosen = await page.locator('input[name="start"]:checked').inputValue();
        const zone = await page.locator("#booking-time-zone").inputValue();
        await tabTo(page, (f) => f.tag === "BUTTON" && f.text === "Confirm booking", "Confirm booking");
        const booked = page.waitForNavigation();
        await page.keyboard.press("Enter");
        await booked;
        expect(new URL(page.url()).pathname, (await page.locator("main").textContent()) ?? "").toBe("/book/booking");
        await page.getByRole("heading", { name: "Your call is booked" }).waitFor();
        expect((await page.locator("main").textContent()) ?? "").toContain(
          new Date(chosen).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: zone }),
        );
        expect(await seriousViolations(page, "/book/booking")).toEqual([]);
        expect(await callsOfOnlyLead(running.db, each.email)).toMatchObject([{ starts_at: chosen, status: "booked" }]);
      } finally {
        await context.close();
      }
    },
  );
});
