import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { insertLead } from "../support/admin-fixtures";
import { seriousViolations } from "../support/axe";
import { pickChoice, signInOnPage } from "../support/browser";
import { dialects } from "../support/databases";
import { contactFormId } from "../support/load";
import { runAppForBlock } from "../support/running-app";
import { addStaff, signIn } from "../support/staff";

describe.each(dialects)("CRM screens in Chromium: dashboard, clients, forms (%s)", (dialect) => {
  const running = runAppForBlock({}, { dialect, browser: true });
  let admin: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    await addStaff(running.db, "boss@example.com", "admin");
    await addStaff(running.db, "seller@example.com", "sales");
    admin = await running.browser.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ["clipboard-read", "clipboard-write"],
    });
    page = await admin.newPage();
    await signInAs(page, "boss@example.com");
  });

  const signInAs = (target: Page, email: string) => signInOnPage(target, running.app.url, email, "staff-pass-2468");

  async function addLead(fields: {
    name: string;
    email: string;
    campaign?: string;
    status?: "new" | "qualified" | "converted";
    phone?: string;
    company?: string;
    source?: string;
  }) {
    return insertLead(running.db, {
      ...fields,
      utmSource: fields.campaign ? "google" : null,
      utmMedium: fields.campaign ? "cpc" : null,
      utmCampaign: fields.campaign ?? null,
    });
  }

  const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();

  it("creates a form, counts a public submission from its embed code, shows submissions and leads, copies the id, deletes it keeping the lead", async () => {
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Forms", exact: true }).click();
    await page.getByRole("heading", { name: "Forms Management" }).waitFor();
    // The four seeded forms the site files its leads under cannot be deleted.
    await expect(page.getByRole("button", { name: /Delete Contact Form/ }).isDisabled()).resolves.toBe(true);

    // A name the site's own forms use is refused, and what was typed stays.
    await page.getByRole("button", { name: "Create Form" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Form Name").fill("Contact Form");
    await dialog.getByLabel("Description").fill("Autumn webinar sign-ups");
    await dialog.getByRole("button", { name: "Create Form" }).click();
    await page
      .getByText(/is the name the website's own forms use/)
      .first()
      .waitFor();
    await expect(dialog.getByLabel("Description").inputValue()).resolves.toBe("Autumn webinar sign-ups");

    await dialog.getByLabel("Form Name").fill("Webinar Signup");
    await dialog.getByLabel("Form Type").selectOption({ label: "Lead Capture" });
    await dialog.getByRole("button", { name: "Create Form" }).click();
    await toast("Form created successfully");
    const card = page.getByTestId("form-Webinar Signup");
    await card.waitFor();
    await card.getByText("Lead Capture").waitFor();
    await card.getByText("Autumn webinar sign-ups").waitFor();
    await expect(card.getByTestId("Submissions-Webinar Signup").textContent()).resolves.toBe("0");

    await card.getByRole("button", { name: "Copy ID of Webinar Signup" }).click();
    await toast("Copied!");
    await toast("Form ID copied to clipboard");
    const formId = await page.evaluate(() => navigator.clipboard.readText());
    expect(formId).toMatch(/^[0-9a-f-]{36}$/);

    await card.getByRole("button", { name: "Embed Webinar Signup" }).click();
    const shown = (await page.getByTestId("embed-snippet").textContent()) ?? "";
    const port = new URL(running.app.url).port;
    expect(shown).toContain(`action="http://localhost:${port}/api/forms/${formId}/submissions"`);
    // BASE_URL defaults to localhost; the test server listens on 127.0.0.1 only.
    const snippet = shown.replaceAll(`http://localhost:${port}`, running.app.url);
    await page.keyboard.press("Escape");

    // A visitor on another site fills in the embedded form; it posts cross-origin to the public endpoint.
    const visitor = await running.browser.newContext();
    const outside = await visitor.newPage();
    await outside.setContent(`<!doctype html><html><body>${snippet}</body></html>`);
    await outside.getByLabel("Name *").fill("Robin Webinar");
    await outside.getByLabel("Email *").fill("robin@example.com");
    await outside.getByLabel("Company").fill("Robin Co");
    await outside.getByLabel("Message").fill("Please save me a seat");
    await outside.getByRole("button", { name: "Send" }).click();
    await outside.getByText("Thank you! We will be in touch soon.").waitFor();
    await visitor.close();

    await page.reload();
    await expect(card.getByTestId("Submissions-Webinar Signup").textContent()).resolves.toBe("1");
    await expect(card.getByTestId("Leads-Webinar Signup").textContent()).resolves.toBe("1");
    await expect(card.getByTestId("Conversion-Webinar Signup").textContent()).resolves.toBe("0%");

    await card.getByRole("link", { name: "View Submissions of Webinar Signup" }).click();
    await page.getByRole("heading", { name: "Submissions for Webinar Signup" }).waitFor();
    const submission = page.locator('[data-testid^="submission-"]');
    await expect(submission.count()).resolves.toBe(1);
    const json = (await submission.locator("pre").textContent()) ?? "";
    expect(JSON.parse(json)).toMatchObject({ name: "Robin Webinar", email: "robin@example.com" });
    expect(json).toContain('\n  "email": "robin@example.com"');
    expect((await submission.getByRole("heading").textContent())?.replace("Submission ", "")).toHaveLength(8);
    await page.getByRole("link", { name: "Back to Forms" }).click();

    await card.getByRole("link", { name: "View Leads of Webinar Signup" }).click();
    await page.getByRole("heading", { name: "Leads from Webinar Signup" }).waitFor();
    const lead = page.getByTestId("lead-robin@example.com");
    await lead.getByText("Robin Co").waitFor();
    await lead.getByText("Please save me a seat").waitFor();
    await lead.getByText("Webinar Signup").waitFor(); // the source: the form's name
    await pickChoice(lead, "Status of Robin Webinar", "Converted");
    await toast("Lead status updated");
    await page.getByRole("link", { name: "Back to Forms" }).click();
    await expect(card.getByTestId("Converted-Webinar Signup").textContent()).resolves.toBe("1");
    await expect(card.getByTestId("Conversion-Webinar Signup").textContent()).resolves.toBe("100%");

    // Filters: no match shows the hint for active filters.
    await page.getByLabel("Search").fill("no such form");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByText("Try adjusting your filters").waitFor();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await card.waitFor();

    await card.getByRole("button", { name: "Delete Webinar Signup" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete form" }).click();
    await toast("Form deleted successfully");
    await card.waitFor({ state: "detached" });
    const kept = await running.db
      .selectFrom("leads")
      .select(["form_id", "status"])
      .where("email", "=", "robin@example.com")
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ form_id: null, status: "converted" });
    const audit = await running.db
      .selectFrom("audit_logs")
      .select("action")
      .where("entity_type", "=", "form")
      .execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual(["form.create", "form.delete"]);
  });

  it("converts a lead to a client from /admin/clients?convert=<leadId>, linked both ways", async () => {
    const leadId = await addLead({
      name: "Pat Lee",
      email: "pat@example.com",
      phone: "+1 555 0100",
      company: "Lee & Co",
    });
    await page.goto(`${running.app.url}/admin/clients?convert=${leadId}`);
    const dialog = page.getByRole("dialog", { name: "Convert lead to client" });
    await dialog.waitFor();
    await expect(dialog.getByLabel("Name").inputValue()).resolves.toBe("Pat Lee");
    await expect(dialog.getByLabel("Email").inputValue()).resolves.toBe("pat@example.com");
    await expect(dialog.getByLabel("Phone").inputValue()).resolves.toBe("+1 555 0100");
    await expect(dialog.getByLabel("Company").inputValue()).resolves.toBe("Lee & Co");
    await dialog.getByLabel("Address").fill("1 Market Street");
    await dialog.getByRole("button", { name: "Create client" }).click();
    await page.waitForURL(`${running.app.url}/admin/clients`);
    await toast("Lead converted to client successfully");

    const card = page.getByTestId("client-pat@example.com");
    await card.getByText("Pat Lee").waitFor();
    // The list shows the address only when a person adds its column; it is saved with the client.
    const client = await running.db
      .selectFrom("clients")
      .select("address")
      .where("email", "=", "pat@example.com")
      .executeTakeFirstOrThrow();
    expect(client.address).toBe("1 Market Street");
    await expect(
      card.getByRole("link", { name: "View the lead this client came from" }).getAttribute("href"),
    ).resolves.toBe(`/admin/leads/${leadId}`);
    const stored = await running.db
      .selectFrom("leads")
      .select("status")
      .where("id", "=", leadId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe("converted");

    // Opening the conversion again says it is done instead of making a second client.
    await page.goto(`${running.app.url}/admin/clients?convert=${leadId}`);
    await page.getByText("Already a client").waitFor();
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);

    await card.getByRole("button", { name: "Edit Pat Lee" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Client" });
    // The browser's own check lets "pat@lee" through; the server's rule wants a domain with a dot.
    await edit.getByLabel("Email").fill("pat@lee");
    await edit.getByLabel("Phone").fill("+1 555 0199");
    await edit.getByRole("button", { name: "Save changes" }).click();
    // The server refuses; the dialog keeps what was typed.
    await edit.getByText("Please enter a valid e-mail address.").first().waitFor();
    await expect(edit.getByLabel("Phone").inputValue()).resolves.toBe("+1 555 0199");
    await edit.getByLabel("Email").fill("pat@lee.example");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await toast("Client updated successfully");
    await edit.waitFor({ state: "detached" });
    const updated = page.getByTestId("client-pat@lee.example");
    await updated.getByText("+1 555 0199").waitFor();

    await pickChoice(updated, "Status of Pat Lee", "Suspended");
    await toast("Client status updated successfully");
    await updated.locator('[data-slot="badge"]', { hasText: "Suspended" }).waitFor();

    await page.getByLabel("Search").fill("LEE &");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=LEE/);
    await updated.waitFor();
    await page.getByLabel("Status", { exact: true }).selectOption("suspended");
    await page.waitForURL(/status=suspended/);
    await updated.waitFor();
    // Re-activating it from the card takes it out of this filtered list; the toast still shows, the filters stay.
    await pickChoice(updated, "Status of Pat Lee", "Active");
    await toast("Client status updated successfully");
    await page.getByText("No clients found matching your criteria").waitFor();
    expect(new URL(page.url()).searchParams.get("status")).toBe("suspended");
    const audit = await running.db
      .selectFrom("audit_logs")
      .select("action")
      .where("entity_type", "=", "client")
      .execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      "client.convert_lead",
      "client.set_status",
      "client.set_status",
      "client.update",
    ]);
  });

  it("keeps a sales user out of /admin/forms, page and data request, while clients stay open to them", async () => {
    const cookie = await signIn(running.app, "seller@example.com", "staff-pass-2468");
    const page403 = await fetch(`${running.app.url}/admin/forms`, { redirect: "manual", headers: { cookie } });
    expect(page403.status).toBe(302);
    expect(page403.headers.get("location")).toBe("/admin/unauthorized");
    const data403 = await fetch(`${running.app.url}/admin/forms.data`, { headers: { cookie } });
    expect(data403.status).toBe(403);
    const leads403 = await fetch(`${running.app.url}/admin/forms/anything/leads.data`, { headers: { cookie } });
    expect(leads403.status).toBe(403);

    const context = await running.browser.newContext();
    const sales = await context.newPage();
    await signInAs(sales, "seller@example.com");
    const nav = sales.getByRole("navigation", { name: "Admin" });
    await nav.getByRole("link", { name: "Clients" }).waitFor();
    await expect(nav.getByRole("link", { name: "Forms" }).count()).resolves.toBe(0);
    await sales.goto(`${running.app.url}/admin/forms`);
    await sales.waitForURL(`${running.app.url}/admin/unauthorized`);
    await sales.goto(`${running.app.url}/admin/clients`);
    await sales.getByRole("heading", { name: "Clients" }).waitFor();
    await context.close();
  });

  it("shows the 30-day chart and the campaign table for leads with UTM campaigns", async () => {
    await addLead({ name: "A", email: "a@example.com", campaign: "spring-sale", status: "converted" });
    await addLead({ name: "B", email: "b@example.com", campaign: "spring-sale" });
    await addLead({
      name: "C",
      email: "c@example.com",
      campaign: "retargeting",
      status: "qualified",
      source: "PDF Download - PPC Guide",
    });
    await page.goto(`${running.app.url}/admin`);
    const chart = page.getByRole("img", { name: "New leads per day by source, last 30 days" });
    await chart.waitFor();
    const legend = page.getByRole("list", { name: "Sources" });
    await legend.getByText("PDF Download").waitFor();
    await legend.getByText("Contact Form").waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const todaysTotal = await page.locator(`[data-day="${today}"] text`).first().textContent();
    const expected = await running.db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("created_at", ">=", `${today}T00:00:00.000Z`)
      .where("is_spam", "=", false)
      .executeTakeFirstOrThrow();
    expect(Number(todaysTotal)).toBe(Number(expected.count));

    const table = page.getByTestId("campaign-table");
    const row = (name: string) => table.getByRole("row", { name: new RegExp(`^${name}`) });
    await expect(row("spring-sale").locator("td").allTextContents()).resolves.toEqual(["2", "0", "1 (50%)", "1 (50%)"]);
    await expect(row("retargeting").locator("td").allTextContents()).resolves.toEqual(["1", "0", "1 (100%)", "0 (0%)"]);

    // The numbers are also there as a table, for screen readers and for reading exact values.
    await page.getByText("Show the numbers as a table").click();
    await page.getByRole("table", { name: "New leads per day by source, last 30 days" }).waitFor();
  });

  // Accessibility does not depend on the database: checked once, on SQLite.
  if (dialect === "sqlite") {
    it("has no serious or critical accessibility violations on the dashboard, clients and forms screens", async () => {
      const context = await running.browser.newContext({ bypassCSP: true, reducedMotion: "reduce" });
      const audited = await context.newPage();
      await signInAs(audited, "boss@example.com");
      const formId = await contactFormId(running.db);
      await addLead({ name: "Axe Lead", email: "axe@example.com" });
      await running.db.updateTable("leads").set({ form_id: formId }).where("email", "=", "axe@example.com").execute();
      const found: string[] = [];
      for (const route of [
        "/admin",
        "/admin/clients",
        "/admin/clients?q=nobody",
        "/admin/forms",
        `/admin/forms/${formId}/leads`,
        `/admin/forms/${formId}/submissions`,
      ]) {
        await audited.goto(`${running.app.url}${route}`);
        // The screen itself; the shared admin shell around it is not this test's subject.
        found.push(...(await seriousViolations(audited, route, { include: [["#main"]] })));
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
