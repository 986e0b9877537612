import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { insertLead } from "../support/admin-fixtures";
import { type AppServer, startAppServer } from "../support/app-server";
import { hydrated, launchBrowser, pickChoice, signInOnPage } from "../support/browser";
import { freePort } from "../support/free-port";
import { createDatabaseOn } from "../support/postgres-cluster";
import { type ReplicatedPair, startReplicatedPair } from "../support/postgres-replication";
import { addStaff, signIn } from "../support/staff";

// A standby is PostgreSQL's own: SQLite refuses DATABASE_READ_URL at start (tests/unit/config.test.ts).

/** The cookies a response sets, merged into the ones a person already sends (a newer value wins). */
function withCookies(cookie: string, response: Response) {
  const jar = new Map(cookie.split("; ").map((pair) => [pair.split("=")[0], pair] as const));
  for (const set of response.headers.getSetCookie()) {
    const pair = set.split(";")[0] as string;
    jar.set(pair.split("=")[0], pair);
  }
  return [...jar.values()].join("; ");
}

/** The dashboard's "Activity (last 7 days)" figure: audit entries, so a staff change adds one. */
function activity(html: string) {
  const match = /data-testid="stat-Activity \(last 7 days\)"[^>]*>([\d,]+)</.exec(html);
  if (!match?.[1]) throw new Error("the dashboard shows no activity figure");
  return Number(match[1].replace(/,/g, ""));
}

async function onStandby(pair: ReplicatedPair, text: string) {
  const client = new pg.Client({ connectionString: pair.standby().url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe("reports read from a standby (DATABASE_READ_URL)", () => {
  let pair: ReplicatedPair;
  let app: AppServer;
  let db: Database;
  beforeAll(async () => {
    pair = await startReplicatedPair();
    const primaryUrl = await createDatabaseOn(pair.primary().url, "agency");
    const standbyUrl = pair.standby().url.replace(/\/postgres$/, "/agency");
    app = await startAppServer({ DATABASE_URL: primaryUrl, DATABASE_READ_URL: standbyUrl });
    db = openDatabase({ dialect: "postgres", connectionString: primaryUrl });
    await addStaff(db, "ada@agency.example", "admin", "ada-password-1357");
    await addStaff(db, "ben@agency.example", "admin", "ben-password-2468");
  }, 180_000);
  afterAll(async () => {
    await db?.destroy();
    await app?.stop();
    await pair?.stop();
  });

  const get = (path: string, cookie: string) => fetch(`${app.url}${path}`, { headers: { cookie } });
  const page = async (path: string, cookie: string) => {
    const response = await get(path, cookie);
    expect(response.status).toBe(200);
    return response.text();
  };

  it("shows a staff member their own change at once while others see the lagging standby, and everyone once it replays", async () => {
    const leadId = await insertLead(db, { email: "replica-lead@example.com", name: "Replica Lead" });
    let ada = await signIn(app, "ada@agency.example", "ada-password-1357");
    const ben = await signIn(app, "ben@agency.example", "ben-password-2468");
    await pair.waitForStandby();
    const before = activity(await page("/admin", ben));
    expect(await page("/admin/audit", ben)).not.toContain("lead.set_status");

    // The standby keeps receiving WAL but applies none: whatever is written now, it does not show.
    await onStandby(pair, "select pg_wal_replay_pause()");
    const changed = await fetch(`${app.url}/admin/leads/${leadId}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: ada, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "set-status", leadId, status: "qualified" }),
    });
    expect(changed.status).toBeLessThan(400);
    ada = withCookies(ada, changed);
    const stored = await db.selectFrom("leads").select("status").where("id", "=", leadId).executeTakeFirst();
    expect(stored?.status).toBe("qualified");

    // Ada, who made the change, sees it on the dashboard and in the audit log straight away.
    expect(activity(await page("/admin", ada))).toBe(before + 1);
    expect(await page("/admin/audit", ada)).toContain("lead.set_status");
    // Ben reads the standby, which has not replayed it yet.
    expect(activity(await page("/admin", ben))).toBe(before);
    expect(await page("/admin/audit", ben)).not.toContain("lead.set_status");
    const benExport = await page("/admin/audit/export", ben);
    expect(benExport).toContain("ben@agency.example");
    expect(benExport).not.toContain("lead.set_status");

    await onStandby(pair, "select pg_wal_replay_resume()");
    await pair.waitForStandby();
    expect(activity(await page("/admin", ben))).toBe(before + 1);
    expect(await page("/admin/audit", ben)).toContain("lead.set_status");
    expect(await page("/admin/audit/export", ben)).toContain("lead.set_status");
    expect(app.output()).not.toContain("read replica (DATABASE_READ_URL) failed");
  }, 120_000);

  it("in the browser, a change and then the Dashboard link (a data request) show the change to its maker", async () => {
    const leadId = await insertLead(db, { email: "browser-lead@example.com", name: "Browser Lead" });
    const ben = await signIn(app, "ben@agency.example", "ben-password-2468");
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
      const tab = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      await signInOnPage(tab, app.url, "ada@agency.example", "ada-password-1357");
      await pair.waitForStandby();
      const before = activity(await page("/admin", ben));
      await onStandby(pair, "select pg_wal_replay_pause()");
      try {
        await tab.goto(`${app.url}/admin/leads/${leadId}`);
        await hydrated(tab);
        await pickChoice(tab, "Status of Browser Lead", "Contacted");
        await tab.getByText("Lead status updated successfully").first().waitFor();
        await tab.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
        await expect.poll(() => tab.getByTestId("stat-Activity (last 7 days)").textContent()).toBe(String(before + 1));
        expect(activity(await page("/admin", ben))).toBe(before);
      } finally {
        await onStandby(pair, "select pg_wal_replay_resume()");
      }
    } finally {
      await browser?.close();
    }
  }, 120_000);
});

const SCREENS = ["/admin", "/admin/audit", "/admin/dashboard/funnel.csv"];
const EXPORTS = ["/admin/audit/export", "/admin/leads/export", "/admin/clients/export"];

// After a failure the standby is left alone for a while, so which kind of report meets it first decides
// which path falls back: a screen's reads, or an export's check before its stream starts.
describe.each([
  ["a screen", [...SCREENS, ...EXPORTS]],
  ["an export", [...EXPORTS, ...SCREENS]],
])("a standby that cannot be reached, met first by %s (DATABASE_READ_URL)", (_first, paths) => {
  let app: AppServer;
  let db: Database;
  beforeAll(async () => {
    // Nothing listens there: every connection is refused.
    app = await startAppServer(
      { DATABASE_READ_URL: `postgres://postgres@127.0.0.1:${await freePort()}/agency` },
      { dialect: "postgres" },
    );
    db = openDatabase(app.database);
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await app?.stop();
  });

  it("leaves the reports to the primary: every screen and export answers 200 in full, and the log says why", async () => {
    await addStaff(db, "cleo@agency.example", "admin", "cleo-password-1357");
    await insertLead(db, { email: "primary-only@example.com", name: "Primary Only" });
    const cookie = await signIn(app, "cleo@agency.example", "cleo-password-1357");
    for (const path of paths) {
      const response = await fetch(`${app.url}${path}`, { headers: { cookie } });
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      const body = await response.text();
      if (path === "/admin/leads/export") expect(body).toContain("primary-only@example.com");
      if (path === "/admin/audit/export") expect(body).toContain("cleo@agency.example");
    }
    expect(app.output()).toContain("read replica (DATABASE_READ_URL) failed: reading from the primary instead");
  });
});
