import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "~/server/db/values.server";
import { setAgencyTimeZone } from "~/server/settings/time-zone.server";
import { setStaffRole } from "~/server/users/staff-users.server";
import { leadRow } from "../support/admin-fixtures";
import { seriousViolations } from "../support/axe";
import { hydrated, signInOnPage } from "../support/browser";
import { runAppForBlock } from "../support/running-app";
import { addStaff } from "../support/staff";

describe("the sales workspace in Chromium", () => {
  // Each sign-in comes from an address of its own, as separate people's would: the file signs in
  // more often than one address may in a minute.
  const running = runAppForBlock({ TRUST_PROXY: "loopback" }, { browser: true });
  const staff: Record<string, { id: string; email: string; password: string }> = {};

  beforeAll(async () => {
    staff.admin = await addStaff(running.db, "boss@agency.example", "admin", "boss-password");
    staff.sales = await addStaff(running.db, "sam@agency.example", "sales", "sam-password");
    staff.editor = await addStaff(running.db, "ed@agency.example", "editor", "ed-editor-password");
    staff.mover = await addStaff(running.db, "mo@agency.example", "sales", "mo-mover-password");
  });

  let signIns = 0;
  async function signedIn(who: keyof typeof staff, viewport = { width: 1280, height: 800 }) {
    signIns += 1;
    const context: BrowserContext = await running.browser.newContext({
      viewport,
      extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${signIns}` },
    });
    const page = await context.newPage();
    await signInOnPage(page, running.app.url, staff[who]!.email, staff[who]!.password);
    await hydrated(page);
    return page;
  }

  async function addLeads(prefix: string, count: number, source = "Contact Form") {
    const base = Date.now() - 60 * 60 * 1000;
    const rows = Array.from({ length: count }, (_, i) =>
      leadRow({
        name: `${prefix} ${String(i).padStart(2, "0")}`,
        email: `${prefix.toLowerCase().replaceAll(" ", "")}${i}@example.com`,
        source,
        createdAt: new Date(base + i * 1000).toISOString(),
      }),
    );
    await running.db.insertInto("leads").values(rows).execute();
    return rows.map((row) => row.id);
  }

  it("a sales person selects three leads by keyboard and qualifies them at once", async () => {
    await addLeads("Keyboard Lead", 5, "Keyboard Form");
    const page = await signedIn("sales");
    await page.goto(`${running.app.url}/admin/leads?source=Keyboard+Form`);
    await hydrated(page);
    await page.getByRole("table", { name: "Leads" }).waitFor();
    // The newest first: j moves down, x selects.
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    for (const key of ["j", "x", "j", "x", "ArrowDown", "x"]) await page.keyboard.press(key);
    const bulk = page.getByRole("region", { name: "Bulk actions" });
    await bulk.getByText("3 selected").waitFor();
    await bulk.getByLabel("New status").selectOption("qualified");
    await bulk.getByRole("button", { name: "Set status" }).click();
    await page.getByText("Status changed on 3 leads").first().waitFor();
    const rows = await running.db
      .selectFrom("leads")
      .select(["name", "status"])
      .where("source", "=", "Keyboard Form")
      .orderBy("name")
      .execute();
    expect(rows.map((row) => row.status)).toEqual(["new", "new", "qualified", "qualified", "qualified"]);
    const history = await running.db
      .selectFrom("lead_status_changes")
      .innerJoin("leads", "leads.id", "lead_status_changes.lead_id")
      .select(["leads.name", "lead_status_changes.actor_email"])
      .where("leads.source", "=", "Keyboard Form")
      .execute();
    expect(history).toHaveLength(3);
    expect(history.every((row) => row.actor_email === "sam@agency.example")).toBe(true);
    // Enter opens the lead under the cursor; going back keeps the filter.
    await page.keyboard.press("j");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/admin\/leads\/[^?]+$/);
    await page.getByRole("link", { name: "All leads" }).click();
    await page.waitForURL(`${running.app.url}/admin/leads?source=Keyboard+Form`);
    await page.context().close();
  });

  it("assigns every lead matching a filter, across pages, after confirming the count", async () => {
    await addLeads("Filter Lead", 30, "Filter Form");
    const page = await signedIn("admin");
    await page.goto(`${running.app.url}/admin/leads?source=Filter+Form`);
    await hydrated(page);
    await page.getByRole("button", { name: "Select all 30 leads matching the filter" }).click();
    const bulk = page.getByRole("region", { name: "Bulk actions" });
    await bulk.getByText("All 30 leads matching the filter").waitFor();
    await bulk.getByLabel("New owner").selectOption({ label: "sam@agency.example" });
    await bulk.getByRole("button", { name: "Assign" }).click();
    const confirm = page.getByRole("dialog", { name: "Give 30 leads to sam@agency.example?" });
    await confirm.getByRole("button", { name: "Assign" }).click();
    await page.getByText("Owner changed on 30 leads").first().waitFor();
    const owned = await running.db.selectFrom("leads").select("owner_id").where("source", "=", "Filter Form").execute();
    expect(owned.every((row) => row.owner_id === staff.sales!.id)).toBe(true);
    const told = await running.db
      .selectFrom("email_outbox")
      .select("subject")
      .where("to_address", "=", "sam@agency.example")
      .where("kind", "=", "lead_assigned")
      .execute();
    expect(told.map((mail) => mail.subject)).toContain("30 leads assigned to you");
    // Sales may not delete in bulk: no button, and the server refuses the request.
    const sales = await signedIn("sales");
    await sales.goto(`${running.app.url}/admin/leads?source=Filter+Form`);
    await hydrated(sales);
    await sales.getByRole("checkbox", { name: "Select all leads on this page" }).check();
    await sales.getByRole("region", { name: "Bulk actions" }).waitFor();
    expect(
      await sales.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Delete" }).count(),
    ).toBe(0);
    const refused = await sales.evaluate(async () => {
      const body = new FormData();
      body.set("intent", "bulk-delete");
      body.set("scope", "filter");
      body.set("filter", "source=Filter+Form");
      return (await fetch("/admin/leads", { method: "POST", body })).status;
    });
    expect(refused).toBe(403);
    expect(
      await running.db.selectFrom("leads").select("id").where("source", "=", "Filter Form").execute(),
    ).toHaveLength(30);
    await page.context().close();
    await sales.context().close();
  });

  it("a follow-up set on a lead shows on its owner's dashboard", async () => {
    const [leadId] = await addLeads("Callback Lead", 1, "Callback Form");
    await running.db.updateTable("leads").set({ owner_id: staff.sales!.id }).where("id", "=", leadId!).execute();
    const page = await signedIn("sales");
    await page.goto(`${running.app.url}/admin/leads/${leadId}`);
    await hydrated(page);
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel(/Next follow-up/).fill(`${today}T00:05`);
    await page.getByLabel("Follow-up note").fill("Send the proposal");
    await page.getByRole("button", { name: "Save follow-up" }).click();
    await page.getByText("Follow-up saved").first().waitFor();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
    const card = page.getByTestId("due-follow-ups");
    await card.getByRole("link", { name: "Callback Lead 00" }).waitFor();
    await card.getByText("Send the proposal").waitFor();
    await page.context().close();
  });

  it("a role changed while signed in meets Access Denied inside the layout on the next click", async () => {
    const page = await signedIn("mover");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).waitFor();
    await setStaffRole(running.db, staff.mover!.id, "editor", { id: staff.admin!.id, email: staff.admin!.email });
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Clients" }).click();
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    expect(await page.title()).toBe("Access Denied | Admin");
    // Still inside the layout: the sidebar and the account menu are there.
    await page.getByRole("button", { name: /account menu$/ }).waitFor();
    expect(await page.getByText("Something went wrong").count()).toBe(0);
    await page.context().close();
  });

  it("every admin screen passes axe for each role, and unknown addresses are titled 404s inside the layout", async () => {
    const [leadId] = await addLeads("Axe Lead", 1, "Axe Form");
    const screens: Record<string, string[]> = {
      admin: [
        "/admin",
        "/admin/leads",
        "/admin/leads?view=spam",
        `/admin/leads/${leadId}`,
        "/admin/leads/gdpr",
        "/admin/clients",
        "/admin/pages",
        "/admin/pages/new",
        "/admin/blog",
        "/admin/forms",
        "/admin/pricing",
        "/admin/users",
        "/admin/settings",
        "/admin/no-such-screen",
      ],
      sales: ["/admin", "/admin/leads", `/admin/leads/${leadId}`, "/admin/clients", "/admin/settings", "/admin/nope"],
      editor: ["/admin", "/admin/pages", "/admin/pages/new", "/admin/blog", "/admin/forms", "/admin/settings"],
    };
    const found: string[] = [];
    for (const [role, paths] of Object.entries(screens)) {
      const page = await signedIn(role as keyof typeof staff);
      for (const route of paths) {
        await page.goto(`${running.app.url}${route}`);
        await hydrated(page);
        found.push(...(await seriousViolations(page, `${role} ${route}`)));
      }
      if (role !== "editor") {
        await page.goto(`${running.app.url}/admin/no-such-screen`);
        await page.getByRole("heading", { name: "Page not found" }).waitFor();
        expect(await page.title()).toBe("Page not found | Admin");
        await page.getByRole("navigation", { name: "Admin" }).waitFor();
      }
      await page.context().close();
    }
    expect(found).toEqual([]);
  }, 300_000);

  it("on a phone the first lead shows without scrolling past the filters", async () => {
    await addLeads("Phone Lead", 2, "Phone Form");
    const page = await signedIn("sales", { width: 390, height: 844 });
    await page.goto(`${running.app.url}/admin/leads`);
    await hydrated(page);
    const firstCard = page.getByTestId("lead-card").first();
    const box = await firstCard.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeLessThan(844);
    // The filters are one tap away.
    await page.getByText("Filters", { exact: false }).first().click();
    await page.getByLabel("Owner", { exact: true }).waitFor();
    await page.context().close();
  });

  it("the clients table: a hidden column stays hidden, headers sort, and a sales person suspends three clients by keyboard", async () => {
    const at = new Date().toISOString();
    const names = ["Kbd Client D", "Kbd Client B", "Kbd Client A", "Kbd Client C"];
    await running.db
      .insertInto("clients")
      .values(
        names.map((name) => ({
          id: newId(),
          name,
          email: null,
          phone: "+1 555 0100",
          company: null,
          address: null,
          status: "active" as const,
          lead_id: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const page = await signedIn("sales");
    await page.goto(`${running.app.url}/admin/clients?q=Kbd+Client`);
    await hydrated(page);
    const table = page.getByRole("table", { name: "Clients" });
    await table.getByRole("columnheader", { name: "Phone" }).waitFor();
    await page.getByRole("button", { name: "Columns" }).click();
    // The table hides the column at once; the choice is saved by a request of its own, which a reload
    // right away would cancel: the next visit is made once it has been answered.
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/admin/clients"),
    );
    await page.getByRole("menuitemcheckbox", { name: "Phone" }).click();
    await page.keyboard.press("Escape");
    await expect.poll(() => table.getByRole("columnheader", { name: "Phone" }).count()).toBe(0);
    await saved;
    // Remembered for the person: still hidden on the next visit.
    await page.reload();
    await hydrated(page);
    await table.getByRole("columnheader", { name: "Name" }).waitFor();
    expect(await table.getByRole("columnheader", { name: "Phone" }).count()).toBe(0);

    await table.getByRole("link", { name: "Name" }).click();
    await page.waitForURL(/sort=name/);
    const rowNames = () => table.locator("tbody th[scope=row] button[data-row-link]").allTextContents();
    await expect.poll(rowNames).toEqual(["Kbd Client A", "Kbd Client B", "Kbd Client C", "Kbd Client D"]);
    expect(await table.getByRole("columnheader", { name: "Name" }).getAttribute("aria-sort")).toBe("ascending");

    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("j");
      await page.keyboard.press("x");
    }
    const bar = page.getByTestId("bulk-actions");
    await bar.getByText("3 selected").waitFor();
    // Deleting clients is for admins: sales get no Delete button.
    expect(await bar.getByRole("button", { name: "Delete" }).count()).toBe(0);
    await bar.getByLabel("New status").selectOption("suspended");
    await bar.getByRole("button", { name: "Set status" }).click();
    await page.getByText("Status changed on 3 clients").first().waitFor();
    const statuses = await running.db
      .selectFrom("clients")
      .select(["name", "status"])
      .where("name", "like", "Kbd Client%")
      .orderBy("name")
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(["suspended", "suspended", "suspended", "active"]);

    // Enter opens the active client.
    await page.keyboard.press("Escape");
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("j");
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Edit Client" }).waitFor();
    await page.context().close();
  });

  it("the dashboard chart and the Users screen use the agency's time zone", async () => {
    await setAgencyTimeZone(running.db, "Europe/Berlin", { id: staff.admin!.id, email: staff.admin!.email });
    try {
      const page = await signedIn("admin");
      await page.getByText("Days in Europe/Berlin").waitFor();
      await page.goto(`${running.app.url}/admin/users`);
      const row = page.getByTestId("user-boss@agency.example");
      const signedInAt = await row.locator("time").first().textContent();
      expect(signedInAt).toMatch(/GMT\+[12]|CES?T/);
      expect(signedInAt).not.toContain("UTC");
      await page.context().close();
    } finally {
      await setAgencyTimeZone(running.db, "UTC", { id: staff.admin!.id, email: staff.admin!.email });
    }
  });

  it("a saved view keeps the filters and sort and opens from the leads screen", async () => {
    const page = await signedIn("sales");
    await page.goto(`${running.app.url}/admin/leads?owner=me&sort=follow_up`);
    await hydrated(page);
    await page.getByText("Save this view").click();
    await page.getByLabel("View name").fill("My callbacks");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText('View "My callbacks" saved').first().waitFor();
    await page.goto(`${running.app.url}/admin/leads`);
    await page.getByRole("navigation", { name: "Saved views" }).getByRole("link", { name: "My callbacks" }).click();
    await page.waitForURL(`${running.app.url}/admin/leads?owner=me&sort=follow_up`);
    await page.context().close();
  });
});
