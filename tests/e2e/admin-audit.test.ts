import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { toJson } from "~/server/db/values.server";
import { insertLead } from "../support/admin-fixtures";
import { seriousViolations } from "../support/axe";
import { hydrated, pickChoice, signInOnPage } from "../support/browser";
import { dialects } from "../support/databases";
import { tabTo } from "../support/keyboard";
import { runAppForBlock } from "../support/running-app";
import { addStaff, signIn } from "../support/staff";

describe.each(dialects)("the audit log screen in Chromium (%s)", (dialect) => {
  const running = runAppForBlock({}, { dialect, browser: true });
  beforeAll(async () => {
    await addStaff(running.db, "owner@example.com", "admin", "owner-password");
    const seller = await addStaff(running.db, "seller@example.com", "sales", "seller-password");
    await running.db.updateTable("user").set({ name: "Sam Seller" }).where("id", "=", seller.id).execute();
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
    // People and records by name, not by id.
    await newest.getByText("Sam Seller").waitFor();
    expect(await newest.textContent()).not.toContain(leadId);
    expect(await newest.locator("dt").allTextContents()).toEqual(["status"]);
    expect(await newest.locator("del").textContent()).toBe("new");
    expect(await newest.locator("ins").textContent()).toBe("qualified");
    const deleted = page.getByTestId("audit-entry").filter({ hasText: "lead.delete" });
    await deleted.getByText("Deleted lead").waitFor();
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
    await newest.getByRole("link", { name: "Audited Lead" }).click();
    await page.waitForURL(`${running.app.url}/admin/leads/${leadId}`);
    await context.close();
  });

  it("fits long names, addresses and changes at 1280 and 390: no sideways scroll, keyboard reachable, axe clean", async () => {
    // A 100-character address, 200-character names and a 600-character value with no space to break at.
    const longEmail = `${"e".repeat(88)}@example.com`;
    const longName = "N".repeat(200);
    const longLead = "L".repeat(200);
    const staff = await addStaff(running.db, longEmail, "admin", "long-password-2468");
    await running.db.updateTable("user").set({ name: longName }).where("id", "=", staff.id).execute();
    const leadId = await insertLead(running.db, { email: "long@example.com", name: longLead });
    await running.db
      .insertInto("audit_logs")
      .values({
        id: "zzzz-long",
        actor_id: staff.id,
        actor_email: longEmail,
        action: "lead.update",
        entity_type: "lead",
        entity_id: leadId,
        summary: toJson({
          message: { from: "m".repeat(600), to: { nested: "j".repeat(300), list: ["k".repeat(200)] } },
          [`field_${"f".repeat(80)}`]: "v",
        }),
        created_at: new Date().toISOString(),
      })
      .execute();

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await signedIn("owner@example.com", "owner-password", viewport);
      await page.goto(`${running.app.url}/admin/audit`);
      await hydrated(page);
      const entry = page
        .getByTestId(viewport.width >= 768 ? "audit-entry" : "audit-card")
        .filter({ hasText: longLead });
      await entry.waitFor();
      // Everything is there in full, wrapped inside the entry's box.
      const text = await entry.textContent();
      for (const whole of [longName, longLead, "m".repeat(600)]) expect(text).toContain(whole);
      expect(await seriousViolations(page, `audit at ${viewport.width}`)).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `sideways scroll at ${viewport.width}`,
      ).toBeLessThanOrEqual(0);
      const box = await entry.boundingBox();
      expect(box!.x + box!.width, `entry inside the window at ${viewport.width}`).toBeLessThanOrEqual(viewport.width);
      // The long-named lead opens by keyboard alone, and its link is on screen when focused.
      await tabTo(page, (focused) => focused.tag === "A" && focused.name === longLead, "the long-named lead");
      const link = await page.evaluate(() => {
        const rect = document.activeElement!.getBoundingClientRect();
        return { left: rect.left, right: rect.right };
      });
      expect(link.left).toBeGreaterThanOrEqual(0);
      expect(link.right).toBeLessThanOrEqual(viewport.width);
      await page.keyboard.press("Enter");
      await page.waitForURL(`${running.app.url}/admin/leads/${leadId}`);
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
