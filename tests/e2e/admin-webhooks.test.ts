import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextWithCookies, hydrated, openHydrated } from "../support/browser";
import { runAppForBlock } from "../support/running-app";
import { addStaff, signIn } from "../support/staff";
import { startWebhookReceiver, verifyStandardWebhook } from "../support/webhook-receiver";

describe("webhooks in Chromium", () => {
  const running = runAppForBlock({ WEBHOOK_ALLOW_PRIVATE: "true" }, { browser: true });
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const cookies: Record<"admin" | "sales", string> = { admin: "", sales: "" };

  beforeAll(async () => {
    hooks = await startWebhookReceiver();
    for (const role of ["admin", "sales"] as const) {
      const user = await addStaff(running.db, `${role}@example.com`, role);
      cookies[role] = await signIn(running.app, user.email, user.password);
    }
  });
  afterAll(async () => {
    await hooks?.close();
  });

  const signedInContext = (role: keyof typeof cookies) =>
    contextWithCookies(running.browser, running.app.url, cookies[role]);

  it("an admin adds an endpoint, sends a test event, sees it in the log and redelivers it", async () => {
    const context = await signedInContext("admin");
    const page = await openHydrated(context, `${running.app.url}/admin/settings`);
    await page.getByRole("heading", { name: "Integrations" }).waitFor();
    await page.getByRole("link", { name: "Manage webhooks" }).click();
    await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();

    // A refused address is explained on the field, and nothing is saved.
    await page.getByLabel("Endpoint URL").fill("ftp://hooks.example.com/x");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByText("The URL must start with https://").first().waitFor();
    expect(await running.db.selectFrom("webhook_endpoints").select("id").execute()).toEqual([]);

    await page.getByLabel("Endpoint URL").fill(hooks.url);
    await page.getByLabel("Description").fill("Our CRM");
    await page.getByLabel(/lead\.status_changed/).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByText("Webhook endpoint added").first().waitFor();
    const secret = (await page.getByTestId("webhook-secret-value").textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole("link", { name: "Open the new endpoint" }).click();
    await page.getByRole("heading", { name: "Our CRM" }).waitFor();
    await hydrated(page);

    await page.getByRole("button", { name: "Send test event" }).click();
    await page.getByText("Test event queued").first().waitFor();
    await hooks.waitFor(1);
    expect(verifyStandardWebhook(secret, hooks.received[0]!.headers, hooks.received[0]!.body)).toBe(true);
    expect(JSON.parse(hooks.received[0]!.body).type).toBe("webhook.test");

    // The log shows the delivery once the worker has recorded it.
    const delivery = page.getByTestId("webhook-delivery").first();
    await expect
      .poll(
        async () => {
          await page.reload();
          return delivery.textContent();
        },
        { timeout: 15_000 },
      )
      .toContain("Delivered");
    expect(await delivery.textContent()).toContain("webhook.test");
    await delivery.getByText("Attempts").click();
    expect(await delivery.getByTestId("webhook-attempt").first().textContent()).toContain("200");

    await hydrated(page);
    await delivery.getByRole("button", { name: /^Redeliver webhook\.test/ }).click();
    await page.getByText("Delivery queued to be sent again").first().waitFor();
    await hooks.waitFor(2);
    expect(hooks.received[1]!.headers["webhook-id"]).toBe(hooks.received[0]!.headers["webhook-id"]);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId("webhook-delivery").first().textContent();
        },
        { timeout: 15_000 },
      )
      .toContain("2 attempts");

    // Filtering by outcome: nothing has failed.
    await page.getByLabel("Outcome").selectOption("failed");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByText("No deliveries match.").waitFor();
    expect(page.url()).toContain("outcome=failed");

    const audit = await running.db
      .selectFrom("audit_logs")
      .select("action")
      .where("entity_type", "=", "webhook_endpoint")
      .execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual(["webhook.create", "webhook.redeliver", "webhook.test"]);
    await context.close();
  });

  it("keeps webhooks from sales staff: no link in their settings, and the screen and its actions are refused", async () => {
    const context = await signedInContext("sales");
    const page = await openHydrated(context, `${running.app.url}/admin/settings`);
    await page.getByRole("heading", { name: "Profile" }).waitFor();
    expect(await page.getByRole("link", { name: "Manage webhooks" }).count()).toBe(0);
    await page.goto(`${running.app.url}/admin/webhooks`);
    expect(new URL(page.url()).pathname).toBe("/admin/unauthorized");
    const response = await fetch(`${running.app.url}/admin/webhooks`, {
      method: "POST",
      headers: { cookie: cookies.sales, origin: running.app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create", url: "https://hooks.example.com/x", events: "lead.created" }),
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    expect(
      await running.db
        .selectFrom("webhook_endpoints")
        .select("url")
        .where("url", "like", "%hooks.example.com%")
        .execute(),
    ).toEqual([]);
    await context.close();
  });
});
