import { describe, expect, it } from "vitest";
import { insertLead } from "../support/admin-fixtures";
import { openHydrated } from "../support/browser";
import { runAppForBlock } from "../support/running-app";
import { signedInStaff } from "../support/signed-in-staff";

describe("API keys in Settings, in Chromium", () => {
  const running = runAppForBlock({}, { browser: true });
  const { contextAs } = signedInStaff(running, ["admin", "sales"]);

  const api = (key: string, path: string, init: RequestInit = {}) =>
    fetch(`${running.app.url}/api/v1${path}`, {
      ...init,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    });

  it("a person creates a read-only leads key, sees it once, uses it; an admin revokes it and it stops", async () => {
    const context = await contextAs("sales");
    const page = await openHydrated(context, `${running.app.url}/admin/settings`);
    await page.getByRole("heading", { name: "API keys" }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Reporting sheet");
    await page.getByLabel("Leads").check();
    await page.getByLabel("Read-only").check();
    await page.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByTestId("new-api-key");
    await shown.waitFor();
    const key = (await shown.textContent())?.trim() ?? "";
    expect(key).toMatch(/^agk_/);
    const row = page.getByTestId("api-key-row").filter({ hasText: "Reporting sheet" });
    await row.waitFor();
    expect(await row.textContent()).toContain("Read-only · Leads");

    expect((await api(key, "/leads")).status).toBe(200);
    expect((await api(key, "/pages")).status).toBe(403);
    const leadId = await insertLead(running.db, { email: "pat@visitor.example" });
    const write = await api(key, `/leads/${leadId}/notes`, { method: "POST", body: JSON.stringify({ body: "x" }) });
    expect(write.status).toBe(403);

    // Shown once: a fresh page lists the key by name and prefix only.
    await page.reload();
    await row.waitFor();
    expect(await page.getByTestId("new-api-key").count()).toBe(0);
    expect(await page.content()).not.toContain(key);
    await context.close();

    const adminContext = await contextAs("admin");
    const adminPage = await openHydrated(adminContext, `${running.app.url}/admin/settings`);
    const others = adminPage.getByRole("region", { name: "Everyone else's API keys" });
    await others.getByRole("button", { name: "Revoke Reporting sheet" }).click();
    await adminPage.getByRole("button", { name: "Revoke key" }).click();
    await adminPage.getByText("API key revoked").first().waitFor();
    expect((await api(key, "/leads")).status).toBe(401);

    // The reference page renders the API's own document.
    const reference = await adminContext.newPage();
    await reference.goto(`${running.app.url}/admin/api`);
    await reference.getByText("/leads/{leadId}/notes").first().waitFor();
    await adminContext.close();
  });
});
