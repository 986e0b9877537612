import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { insertLead } from "../support/admin-fixtures";
import { seriousViolations } from "../support/axe";
import { hydrated, pickChoice, signInOnPage } from "../support/browser";
import { dialects } from "../support/databases";
import { runAppForBlock } from "../support/running-app";
import { addStaff, signIn } from "../support/staff";

describe.each(dialects)("the audit log screen in Chromium (%s)", (dialect) => {
  const running = runAppForBlock({}, { dialect, browser: true });
  beforeAll(async () => {
    await addStaff(running.db, "owner@example.com", "admin", "owner-password");
    await addStaff(running.db, "seller@example.com", "sales", "seller-password");
  });

  async function signedIn(email: string, password: string, viewport = { width: 1280, height: 800 }) {
    const context: BrowserContext = await running.browser.newContext({
      viewport,
      bypassCSP: true,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await signInOnPage(page, running.app.url, email, password);
    return { context, page };
  }

  it("shows a change field by field, links to the record, filters, and exports what it shows", async () => {
    const leadId = await insertLead(running.db, { email: "audited@example.com", name: "Audited Lead" });
    const gone = await insertLead(running.db, { email: "gone@example.com", name: "Gone Lead" });
    const seller = await signedIn("seller@example.com", "seller-password");
    await seller.page.goto(`${running.app.url}/admin/leads/${leadId}`);
    await hydrated(seller.page);
    await pickChoice(seller.page, "Status of Audited Lead", "Qualified");
    await seller.page.getByText("Lead status updated successfully").first().waitFor();
    await running.db.deleteFrom("leads").where("id", "=", gone).execute();
    await running.db
      .insertInto("audit_logs")
      .values({
        id: "0000-gone",
        actor_id: null,
        actor_email: "owner@example.com",
        action: "lead.delete",
        entity_type: "lead",
        entity_id: gone,
        summary: null,
        created_at: new Date(Date.now() - 60_000).toISOString(),
      })
      .execute();
    // Not the admin's screen: sales is refused.
    await seller.page.goto(`${running.app.url}/admin/audit`);
    await seller.page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await seller.context.close();

    const { context, page } = await signedIn("owner@example.com", "owner-password");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit log" }).click();
    await page.getByRole("heading", { name: "Audit log" }).waitFor();
    // Sign-ins are in the log too; the newest status change is the seller's.
    const newest = page.getByTestId("audit-entry").filter({ hasText: "lead.set_status" }).first();
    await newest.getByText("seller@example.com").waitFor();
    expect(await newest.locator("dt").allTextContents()).toEqual(["status"]);
    expect(await newest.locator("del").textContent()).toBe("new");
    expect(await newest.locator("ins").textContent()).toBe("qualified");
    const deleted = page.getByTestId("audit-entry").filter({ hasText: "lead.delete" });
    await deleted.getByText("(no longer exists)").waitFor();
    expect(await deleted.getByRole("link").count()).toBe(0);

    await page.getByLabel("Action").selectOption("lead.delete");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/action=lead.delete/);
    await expect.poll(() => page.getByTestId("audit-entry").count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const csv = await new Response((await download.createReadStream()) as unknown as ReadableStream<Uint8Array>).text();
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"lead.delete"');

    await page.getByRole("link", { name: "Clear" }).click();
    await page.waitForURL(`${running.app.url}/admin/audit`);
    await newest.getByRole("link", { name: /^Open/ }).click();
    await page.waitForURL(`${running.app.url}/admin/leads/${leadId}`);
    await context.close();
  });

  it("has no serious accessibility faults and no sideways page scroll at 1280 and 390", async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await signedIn("owner@example.com", "owner-password", viewport);
      await page.goto(`${running.app.url}/admin/audit`);
      await hydrated(page);
      expect(await seriousViolations(page, `audit at ${viewport.width}`)).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `sideways scroll at ${viewport.width}`,
      ).toBeLessThanOrEqual(0);
      await context.close();
    }
  });

  it("answers a position that does not parse with the newest page, never an error", async () => {
    const cookie = await signIn(running.app, "owner@example.com", "owner-password");
    const response = await fetch(`${running.app.url}/admin/audit?before=%27%3Bdrop&from=yesterday`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("lead.set_status");
  });
});
