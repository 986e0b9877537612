import { describe, expect, it } from "vitest";
import { recordEvent, recordPageViewPixel } from "~/server/analytics/events.server";
import { campaignTable, dashboardCounts, leadsPerDayBySource } from "~/server/dashboard/dashboard.server";
import { loadFunnel } from "~/server/dashboard/funnel.server";
import { attributionOf, firstTouchCookie } from "~/server/leads/attribution.server";
import { applyBulkChange } from "~/server/leads/bulk.server";
import { captureLead } from "~/server/leads/capture.server";
import { bookingRow } from "../support/admin-fixtures";
import { databasePerTest, dialects } from "../support/databases";
import { eventServices } from "../support/event-services";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const HOST = "agency.example";
const mail = { baseUrl: `https://${HOST}`, notifyEmails: ["team@agency.example"] };

type Visitor = { script: boolean; bot: boolean; landing: string; sendsLead: boolean };

/** A mix of visitors with and without JavaScript, and crawlers, landing from campaigns or directly. */
function traffic(): Visitor[] {
  const landings = [
    "/pricing?utm_campaign=winter&utm_source=google&utm_medium=cpc",
    "/?utm_campaign=brand&utm_source=google&utm_medium=cpc",
    "/contact",
    "/blog/ppc-guide?utm_campaign=newsletter&utm_source=newsletter&utm_medium=email",
  ];
  return Array.from({ length: 24 }, (_, i) => ({
    script: i % 3 !== 0,
    bot: i % 8 === 7,
    landing: landings[i % landings.length]!,
    // Most visitors without JavaScript send a form: exactly the case that once showed more leads than visits.
    sendsLead: i % 3 === 0 || i % 2 === 0,
  }));
}

describe.each(dialects)("the dashboard's figures on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("count one lead and one visit the same way in the counts, the chart, the campaign table and the funnel: never more leads than visits", async () => {
    const { db } = await freshDatabase();
    const services = eventServices(db);
    let visitorNumber = 0;
    const humans = { visits: 0, leads: 0 };
    for (const visitor of traffic()) {
      visitorNumber++;
      const ip = `198.51.100.${visitorNumber}`;
      const userAgent = visitor.bot ? GOOGLEBOT : CHROME;
      const pageUrl = `https://${HOST}${visitor.landing}`;
      // What the page cache sets on the landing page, with or without JavaScript.
      const cookies = [firstTouchCookie(null, pageUrl, false)?.split(";")[0]].filter(Boolean) as string[];
      const view = async (url: string) => {
        const setCookie = visitor.script
          ? (
              await recordEvent(
                services,
                new Request(`https://${HOST}/api/events`, {
                  method: "POST",
                  headers: { "content-type": "application/json", "user-agent": userAgent, cookie: cookies.join("; ") },
                  body: JSON.stringify({ event_type: "page_view", page_url: url }),
                }),
                ip,
              )
            ).headers.get("set-cookie")
          : (
              await recordPageViewPixel(
                services,
                { host: HOST, referer: url, cookie: cookies.join("; "), "user-agent": userAgent },
                ip,
              )
            ).headers["Set-Cookie"];
        if (setCookie) cookies.push(setCookie.split(";")[0]!);
      };
      // Two pages each: the landing page, then the contact page where the form is.
      await view(pageUrl);
      await view(`https://${HOST}/contact`);
      if (!visitor.bot) humans.visits++;
      if (!visitor.sendsLead) continue;
      const request = new Request(`https://${HOST}/lead`, {
        method: "POST",
        headers: { cookie: cookies.join("; "), referer: `https://${HOST}/contact`, "user-agent": userAgent },
      });
      const form = new FormData();
      if (visitor.script) form.set("pageUrl", `https://${HOST}/contact`);
      await captureLead(db, {
        flow: "newsletter",
        input: { email: `visitor${visitorNumber}@example.com`, name: "" } as never,
        attribution: attributionOf(request, form),
        mail,
        // Crawlers that fill forms are caught as spam, and kept.
        spamReason: visitor.bot ? "honeypot" : null,
      });
      if (!visitor.bot) humans.leads++;
    }
    // A page on another site showing the image counts nothing.
    await recordPageViewPixel(
      services,
      { host: HOST, referer: "https://elsewhere.example/", "user-agent": CHROME },
      "198.51.100.200",
    );

    const now = Date.now();
    const [counts, series, campaigns, funnel] = await Promise.all([
      dashboardCounts(db, now),
      leadsPerDayBySource(db, now, 30, "UTC"),
      campaignTable(db, now, 30, "UTC"),
      loadFunnel(db, new URLSearchParams("range=30"), now),
    ]);
    expect(humans.leads).toBeGreaterThan(0);
    // One definition of a lead (spam left out) everywhere.
    expect(counts.leads).toBe(humans.leads);
    expect(series.total).toBe(humans.leads);
    expect(campaigns.reduce((sum, row) => sum + row.leads, 0)).toBe(humans.leads);
    expect(funnel.totals.leads).toBe(humans.leads);
    // One definition of a visit: visitors with and without JavaScript, crawlers never, each once.
    expect(funnel.totals.visits).toBe(humans.visits);
    // The funnel's steps narrow at every row: no campaign or landing page has more leads than visits.
    for (const row of [funnel.totals, ...funnel.byCampaign, ...funnel.byLandingPage]) {
      expect(row.leads).toBeLessThanOrEqual(row.visits);
      expect(row.booked).toBeLessThanOrEqual(row.leads);
    }
    expect(funnel.byLandingPage.map((row) => row.landingPath).sort()).toEqual([
      "/",
      "/blog/ppc-guide",
      "/contact",
      "/pricing",
    ]);

    // Every later write keeps the funnel's lead counts equal to the leads themselves: one by one, in
    // bulk, spam both ways, deletes and edits of the attribution.
    const humanLeads = await db.selectFrom("leads").select("id").where("is_spam", "=", false).execute();
    const [a, b, c, d, e] = humanLeads.map((row) => row.id);
    // Calls booked: a twice, b (deleted below), c, d (spam and back), e (spam); one of c's is withdrawn.
    const soon = new Date(now + 2 * 24 * 60 * 60 * 1000).toISOString();
    const calls = [a, a, b, c, c, d, e].map((leadId, i) => bookingRow(leadId!, { id: `call-${i}`, startsAt: soon }));
    await db.insertInto("bookings").values(calls).execute();
    await db.deleteFrom("bookings").where("id", "=", "call-3").execute();
    await db.updateTable("leads").set({ status: "converted" }).where("id", "=", a!).execute();
    const actor = { id: null, email: "test" };
    await applyBulkChange(db, { ids: [b!, c!] }, { action: "set-status", status: "qualified" }, { actor, mail });
    await applyBulkChange(db, { ids: [d!] }, { action: "spam" }, { actor, mail });
    await applyBulkChange(db, { ids: [d!] }, { action: "not-spam" }, { actor, mail });
    await applyBulkChange(db, { ids: [e!] }, { action: "spam" }, { actor, mail });
    await db.updateTable("leads").set({ landing_path: "/about", utm_campaign: "moved" }).where("id", "=", c!).execute();
    await applyBulkChange(db, { ids: [b!] }, { action: "delete" }, { actor, mail });
    const after = await loadFunnel(db, new URLSearchParams("range=30"), now);
    const stored = await db.selectFrom("leads").select("status").where("is_spam", "=", false).execute();
    const withCalls = await db
      .selectFrom("leads")
      .select("id")
      .where("is_spam", "=", false)
      .where("id", "in", db.selectFrom("bookings").select("lead_id"))
      .execute();
    expect(after.totals).toMatchObject({
      leads: stored.length,
      booked: withCalls.length,
      qualified: stored.filter((row) => row.status === "qualified" || row.status === "converted").length,
      clients: stored.filter((row) => row.status === "converted").length,
    });
    expect(after.totals).toMatchObject({ leads: humans.leads - 2, booked: 3, qualified: 2, clients: 1 });
    // Calls booked never exceed leads, in total or in any row.
    for (const row of [after.totals, ...after.byCampaign, ...after.byLandingPage]) {
      expect(row.booked).toBeLessThanOrEqual(row.leads);
    }
    expect(after.byLandingPage.find((row) => row.landingPath === "/about")).toMatchObject({ leads: 1, qualified: 1 });
    expect(after.byCampaign.find((row) => row.campaign === "moved")).toMatchObject({
      leads: 1,
      booked: 1,
      qualified: 1,
    });
    expect((await dashboardCounts(db, now)).leads).toBe(stored.length);
  });
});
