import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, openHydrated } from "../support/browser";
import { runAppForBlock } from "../support/running-app";
import { signedInStaff } from "../support/signed-in-staff";
import { startWebhookReceiver, verifyStandardWebhook } from "../support/webhook-receiver";

describe("webhooks in Chromium", () => {
  const running = runAppForBlock({ WEBHOOK_ALLOW_PRIVATE: "true" }, { browser: true });
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const { cookies, contextAs: signedInContext } = signedInStaff(running, ["admin", "sales"]);

  beforeAll(async () => {
    hooks = await startWebhookReceiver();
  });
  afterAll(async () => {
    await hooks?.close();
  });

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

  it.each([
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])("shows a new or rotated signing secret in a dialog one must close, at $width×$height", async (viewport) => {
    const context = await signedInContext("admin", { viewport });
    const page = await openHydrated(context, `${running.app.url}/admin/webhooks`);
    const url = `${hooks.url}?dialog=${viewport.width}`;
    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByRole("button", { name: "Add endpoint" }).click();

    const dialog = page.getByRole("dialog", { name: "Signing secret" });
    await dialog.waitFor();
    const secret = await dialog.getByTestId("webhook-secret-value").textContent();
    expect(secret).toMatch(/^whsec_/);
    // On screen whatever the scroll, with focus inside it.
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    // A click beside it does not lose the secret; Escape closes it and focus lands on the new endpoint.
    await page.mouse.click(2, viewport.height - 2);
    // A closing dialog says so at once (data-state), before its closing animation ends.
    await expect(dialog.getAttribute("data-state")).resolves.toBe("open");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    const endpoint = await running.db
      .selectFrom("webhook_endpoints")
      .select("id")
      .where("url", "=", url)
      .executeTakeFirstOrThrow();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("href")))
      .toBe(`/admin/webhooks/${endpoint.id}`);

    // Rotating the secret shows the new one the same way; closing returns focus to Rotate secret.
    await page.goto(`${running.app.url}/admin/webhooks/${endpoint.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Rotate secret" }).click();
    await page
      .getByRole("dialog", { name: "Make a new signing secret?" })
      .getByRole("button", { name: "Rotate secret" })
      .click();
    await dialog.waitFor();
    const rotated = await dialog.getByTestId("webhook-secret-value").textContent();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await dialog.getByRole("button", { name: "I have copied it" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("rotate-secret");
    await context.close();
  });

  it("shows the new secret on the page without JavaScript", async () => {
    const context = await signedInContext("admin", {
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${running.app.url}/admin/webhooks`);
    await page.getByLabel("Endpoint URL").fill(`${hooks.url}?no-script`);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByText("Signing secret").first().waitFor();
    expect(await page.getByTestId("webhook-secret-value").first().textContent()).toMatch(/^whsec_/);
    await expect(page.getByTestId("webhook-secret-value").first().isVisible()).resolves.toBe(true);
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
