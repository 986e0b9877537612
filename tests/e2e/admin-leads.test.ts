import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { choiceTrigger, hydrated, islandsLoaded, pickChoice, signInOnPage } from "../support/browser";
import { dialects } from "../support/databases";
import { giveAgedFormToken, withFormSecret } from "../support/form-token";
import { runAppForBlock } from "../support/running-app";
import { addStaff, signIn } from "../support/staff";

describe.each(dialects)("leads in the admin, in Chromium (%s)", (dialect) => {
  const running = runAppForBlock(withFormSecret, { dialect, browser: true });
  beforeAll(async () => {
    // Without NOTIFY_EMAILS, new leads are mailed to the admins.
    await addStaff(running.db, "owner@example.com", "admin", "owner-password");
    await addStaff(running.db, "seller@example.com", "sales", "seller-password");
    await addStaff(running.db, "writer@example.com", "editor", "writer-password");
  });

  async function signedInContext(email: string, password: string): Promise<BrowserContext> {
    const context = await running.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInOnPage(page, running.app.url, email, password);
    await page.close();
    return context;
  }

  it("a visitor's contact form reaches sales: search, status, note, CSV export", async () => {
    const visitor = await running.browser.newPage();
    await visitor.goto(`${running.app.url}/contact?utm_source=linkedin&utm_campaign=autumn`);
    // The contact page ships no React: its form is enhanced by the lead-form island.
    await islandsLoaded(visitor);
    const form = visitor.locator("#contact-section form");
    await form.getByLabel("Name").fill("Priya Raman");
    await form.getByLabel("Email").fill("priya@raman-foods.example");
    await form.getByLabel("Phone").fill("+91 98765 43210");
    await form.getByLabel("Company").fill('=HYPERLINK("http://evil.example")');
    await form.getByLabel("Message").fill("We sell spices online.");
    // A form sent faster than a person can type is flagged as spam: the page was opened a person's time ago.
    await giveAgedFormToken(visitor.context(), running.app.url);
    await form.getByRole("button", { name: "Book Free Strategy Call" }).click();
    await visitor.getByText("Your strategy call request has been submitted.").waitFor();
    await visitor.close();

    const context = await signedInContext("seller@example.com", "seller-password");
    const page = await context.newPage();
    await page.goto(`${running.app.url}/admin`);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Leads" }).click();
    await page.getByRole("heading", { name: "Leads", exact: true }).waitFor();
    await hydrated(page);

    await page.getByLabel("Search").fill("RAMAN-FOODS");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/q=RAMAN-FOODS/);
    // Wide screens get the table: one row per lead.
    const table = page.getByRole("table", { name: "Leads" });
    const rows = page.getByTestId("lead-row");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getByRole("link").first().textContent()).toBe("Priya Raman");

    await pickChoice(table, "Status of Priya Raman", "Qualified");
    await page.getByText("Lead status updated successfully").first().waitFor();
    await page.reload();
    await choiceTrigger(table, "Status of Priya Raman", "Qualified").waitFor();

    await table.getByRole("link", { name: "Priya Raman" }).click();
    await page.getByRole("heading", { name: "Priya Raman", level: 1 }).waitFor();
    await hydrated(page);
    expect(await page.getByText("linkedin", { exact: true }).count()).toBeGreaterThan(0);
    await page.getByTestId("status-history").getByText("Qualified").waitFor();
    await page.getByLabel("Add a note").fill("Called her: wants a quote for Google Ads.");
    await page.getByRole("button", { name: "Add note" }).click();
    await page.getByTestId("notes").getByText("Called her: wants a quote for Google Ads.").waitFor();
    expect(await page.getByLabel("Add a note").inputValue()).toBe("");
    // No mail server in this test: the notification to the admin waits in the outbox, and can be resent.
    const mail = page.getByTestId("mail-row").filter({ hasText: "owner@example.com" });
    await mail.getByText("Queued", { exact: true }).waitFor();
    await mail.getByRole("button", { name: "Resend" }).click();
    await page.getByText("Mail queued to be sent again").first().waitFor();

    await page.goto(`${running.app.url}/admin/leads?q=raman`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await new Response((await download.createReadStream()) as unknown as ReadableStream<Uint8Array>).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain('"name","email"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Priya Raman","priya@raman-foods.example"');
    expect(lines[1]).toContain('"qualified"');
    // Cells a spreadsheet would run as formulas are neutralised with a leading apostrophe.
    expect(lines[1]).toContain(`"'+91 98765 43210","'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[1]).not.toMatch(/,"[=+\-@]/);
    await context.close();
  });

  it("keeps editors away from leads: page, data request and export", async () => {
    const context = await signedInContext("writer@example.com", "writer-password");
    const page = await context.newPage();
    await page.goto(`${running.app.url}/admin/leads`);
    await page.waitForURL(`${running.app.url}/admin/unauthorized`);
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await context.close();

    const cookie = await signIn(running.app, "writer@example.com", "writer-password");
    const get = (path: string) => fetch(`${running.app.url}${path}`, { redirect: "manual", headers: { cookie } });
    const dataRequest = await get("/admin/leads.data");
    expect(dataRequest.status).toBe(403);
    expect(await dataRequest.text()).not.toContain("raman");
    const exported = await get("/admin/leads/export");
    expect(exported.status).toBe(302);
    expect(exported.headers.get("location")).toBe("/admin/unauthorized");
    const detail = await get("/admin/leads/gdpr");
    expect(detail.status).toBe(302);
  });
});
