import { describe, expect, it } from "vitest";
import type { LeadStatus } from "~/lib/schemas/lead-admin";
import { countVisit, recordEvent } from "~/server/analytics/events.server";
import { funnelCsv, loadFunnel } from "~/server/dashboard/funnel.server";
import { bookingRow, leadRow } from "../support/admin-fixtures";
import { databasePerTest, dialects } from "../support/databases";
import { eventServices } from "../support/event-services";

const DAY_MS = 24 * 60 * 60 * 1000;
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const WINTER = { utm_campaign: "winter", utm_source: "google", utm_medium: "cpc" };
const NO_CAMPAIGN = { utm_campaign: null, utm_source: null, utm_medium: null };

describe.each(dialects)("the funnel on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("counts visits, leads, calls booked, qualified and clients by campaign and landing page, bots and spam never", async () => {
    const { db } = await freshDatabase();
    const services = eventServices(db);
    let address = 0;
    const beacon = async (pageUrl: string, userAgent: string, cookie?: string) => {
      const response = await recordEvent(
        services,
        new Request("http://localhost/api/events", {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": userAgent, ...(cookie ? { cookie } : {}) },
          body: JSON.stringify({ event_type: "page_view", page_url: pageUrl }),
        }),
        `203.0.113.${++address}`,
      );
      return response as Response;
    };
    // Three visits today: two from the winter campaign (landing on /pricing and /), one direct on /about.
    const first = await beacon("http://localhost/pricing?utm_campaign=winter&utm_source=google&utm_medium=cpc", CHROME);
    expect(first.headers.get("set-cookie")).toMatch(/^visit=%2Fpricing; Path=\/; HttpOnly/);
    await beacon("http://localhost/?utm_campaign=winter&utm_source=google&utm_medium=cpc", CHROME);
    // The same visit's next page, and a crawler: neither is a visit.
    const next = await beacon("http://localhost/about", CHROME, "visit=%2Fpricing");
    expect(next.headers.get("set-cookie")).toBeNull();
    await beacon("http://localhost/pricing?utm_campaign=winter&utm_source=google&utm_medium=cpc", GOOGLEBOT);
    await beacon("http://localhost/about", CHROME);
    // One more winter visit 40 days ago, inside 90 days but not 30.
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * DAY_MS).toISOString();
    await countVisit(db, daysAgo(40).slice(0, 10), { ...WINTER }, "/pricing");

    let n = 0;
    const lead = async (
      utm: typeof WINTER | typeof NO_CAMPAIGN,
      landing: string,
      status: LeadStatus,
      createdAt: string,
      spam = false,
    ) => {
      n += 1;
      await db
        .insertInto("leads")
        .values({
          ...leadRow({
            name: `Lead ${n}`,
            email: `lead${n}@example.com`,
            status,
            isSpam: spam,
            utmCampaign: utm.utm_campaign,
            utmSource: utm.utm_source,
            utmMedium: utm.utm_medium,
            landingPath: landing,
            createdAt,
          }),
          id: `lead-${n}`,
        })
        .execute();
    };
    await lead(WINTER, "/pricing", "qualified", daysAgo(0));
    await lead(WINTER, "/pricing", "converted", daysAgo(1));
    await lead(WINTER, "/", "converted", daysAgo(0), true);
    await lead(NO_CAMPAIGN, "/about", "new", daysAgo(2));
    await lead(WINTER, "/pricing", "converted", daysAgo(40));
    // Calls booked: lead 1 twice (one cancelled), the spam lead, lead 5 (40 days ago) with a call booked today.
    const booking = (leadId: string, id: string, status: "booked" | "cancelled" = "booked") =>
      db
        .insertInto("bookings")
        .values(bookingRow(leadId, { id, startsAt: daysAgo(-2), status }))
        .execute();
    await booking("lead-1", "call-1", "cancelled");
    await booking("lead-1", "call-2");
    await booking("lead-3", "call-3");
    await booking("lead-5", "call-5");

    const last30 = await loadFunnel(db, new URLSearchParams("range=30"), now);
    expect(last30.error).toBeNull();
    expect(last30.totals).toEqual({ visits: 3, leads: 3, booked: 1, qualified: 2, clients: 1 });
    expect(last30.byCampaign).toEqual([
      { campaign: "winter", source: "google", medium: "cpc", visits: 2, leads: 2, booked: 1, qualified: 2, clients: 1 },
      { campaign: "", source: "", medium: "", visits: 1, leads: 1, booked: 0, qualified: 0, clients: 0 },
    ]);
    expect(last30.byLandingPage).toEqual([
      { landingPath: "/", visits: 1, leads: 0, booked: 0, qualified: 0, clients: 0 },
      { landingPath: "/about", visits: 1, leads: 1, booked: 0, qualified: 0, clients: 0 },
      { landingPath: "/pricing", visits: 1, leads: 2, booked: 1, qualified: 2, clients: 1 },
    ]);
    expect((await loadFunnel(db, new URLSearchParams("range=7"), now)).totals).toEqual(last30.totals);

    const last90 = await loadFunnel(db, new URLSearchParams("range=90"), now);
    expect(last90.totals).toEqual({ visits: 4, leads: 4, booked: 2, qualified: 3, clients: 2 });
    expect(last90.byCampaign[0]).toEqual({
      campaign: "winter",
      source: "google",
      medium: "cpc",
      visits: 3,
      leads: 3,
      booked: 2,
      qualified: 3,
      clients: 2,
    });

    const around40 = `range=custom&from=${daysAgo(41).slice(0, 10)}&to=${daysAgo(39).slice(0, 10)}`;
    const custom = await loadFunnel(db, new URLSearchParams(around40), now);
    expect(custom.totals).toEqual({ visits: 1, leads: 1, booked: 1, qualified: 1, clients: 1 });

    const byLeadsAscending = await loadFunnel(db, new URLSearchParams("range=30&sort=leads&dir=asc"), now);
    expect(byLeadsAscending.byCampaign.map((row) => row.campaign)).toEqual(["", "winter"]);
    const byRate = await loadFunnel(db, new URLSearchParams("range=30&sort=leadToClient&dir=desc"), now);
    expect(byRate.byLandingPage[0]?.landingPath).toBe("/pricing");

    const backwards = await loadFunnel(db, new URLSearchParams("range=custom&from=2026-05-10&to=2026-05-01"), now);
    expect(backwards.error).toBe("The end date is before the start date.");
    expect(backwards.totals).toEqual(last30.totals);

    const csv = funnelCsv(last30);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe(
      '"breakdown","campaign","source","medium","landing page","visits","leads","calls booked","qualified","clients","visit to lead","lead to qualified","qualified to client","visit to client"',
    );
    expect(lines).toContain(
      '"campaign","winter","google","cpc","","2","2","1","2","1","100.0%","100.0%","50.0%","50.0%"',
    );
    expect(lines).toContain('"landing page","","","","/","1","0","0","0","0","0.0%","","","0.0%"');
    expect(lines).toHaveLength(1 + 2 + 3);
  });
});
