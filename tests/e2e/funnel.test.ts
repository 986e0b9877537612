import { beforeAll, describe, expect, it } from "vitest";
import { leadRow } from "../support/admin-fixtures";
import { runAppForBlock } from "../support/running-app";
import { addStaff, signIn } from "../support/staff";

// Headless Chromium names itself HeadlessChrome, which counts as a bot: visitors here are ordinary browsers.
const userAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

describe("the funnel on the dashboard", () => {
  const running = runAppForBlock({}, { browser: true });
  beforeAll(async () => {
    await addStaff(running.db, "boss@example.com", "admin");
  });

  it("counts a browser's visit once, with its campaign and landing page, and shows it with its leads", async () => {
    // One visitor: lands from a campaign, reads two more pages. A second visitor comes direct.
    const context = await running.browser.newContext({ userAgent });
    const page = await context.newPage();
    await page.goto(`${running.app.url}/pricing?utm_campaign=spring&utm_source=google&utm_medium=cpc`);
    await expect
      .poll(async () => (await context.cookies()).some((cookie) => cookie.name === "visit"), { timeout: 15_000 })
      .toBe(true);
    const pageViews = async () => (await running.db.selectFrom("analytics_events").select("id").execute()).length;
    for (const [index, path] of ["/about", "/contact"].entries()) {
      await page.goto(`${running.app.url}${path}`);
      await expect.poll(pageViews, { timeout: 15_000 }).toBe(index + 2);
    }
    await context.close();
    const direct = await running.browser.newContext({ userAgent });
    await (await direct.newPage()).goto(`${running.app.url}/blog`);
    await expect
      .poll(async () => (await direct.cookies()).some((cookie) => cookie.name === "visit"), { timeout: 15_000 })
      .toBe(true);
    await direct.close();

    const at = new Date().toISOString();
    const lead = (id: string, status: "new" | "qualified" | "converted", spam = false) => ({
      ...leadRow({
        name: id,
        email: `${id}@example.com`,
        status,
        isSpam: spam,
        utmCampaign: "spring",
        utmSource: "google",
        utmMedium: "cpc",
        landingPath: "/pricing",
        createdAt: at,
      }),
      id,
    });
    await running.db
      .insertInto("leads")
      .values([lead("lead-a", "converted"), lead("lead-b", "new"), lead("lead-spam", "qualified", true)])
      .execute();

    // A crawler's page view is kept as an event but never starts a visit.
    await fetch(`${running.app.url}/api/events`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      body: JSON.stringify({ event_type: "page_view", page_url: `${running.app.url}/pricing?utm_campaign=spring` }),
    });
    const cookie = await signIn(running.app, "boss@example.com", "staff-pass-2468");
    const html = await (
      await fetch(`${running.app.url}/admin?range=7&sort=leads&dir=desc`, { headers: { cookie } })
    ).text();
    expect(html).toContain('data-testid="funnel-chart"');
    expect(html).toContain("Funnel: Visits 2, Leads 2, Calls booked 0, Qualified 1, Clients 1");

    const csv = await fetch(`${running.app.url}/admin/dashboard/funnel.csv?range=7`, { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).replace("\uFEFF", "").trim().split("\r\n");
    expect(lines).toContain(
      '"campaign","spring","google","cpc","","1","2","0","1","1","200.0%","50.0%","100.0%","100.0%"',
    );
    expect(lines).toContain('"campaign","","","","","1","0","0","0","0","0.0%","","","0.0%"');
    expect(lines).toContain(
      '"landing page","","","","/pricing","1","2","0","1","1","200.0%","50.0%","100.0%","100.0%"',
    );
    expect(lines).toContain('"landing page","","","","/blog","1","0","0","0","0","0.0%","","","0.0%"');

    const bad = await fetch(
      `${running.app.url}/admin/dashboard/funnel.csv?range=custom&from=2026-02-30&to=2026-03-01`,
      {
        headers: { cookie },
      },
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe("Enter a start date.");
    const anonymous = await fetch(`${running.app.url}/admin/dashboard/funnel.csv?range=7`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
  });
});
