import { createPublicKey, generateKeyPairSync } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickIdsOf } from "~/server/ads/identifiers.server";
import { captureLead } from "~/server/leads/capture.server";
import { startAdPlatformReceiver } from "../support/ad-platform-receiver";
import { seriousViolations } from "../support/axe";
import { contextWithCookies, hydrated, openHydrated } from "../support/browser";
import { runAppForBlock } from "../support/running-app";
import { addStaff, signIn } from "../support/staff";
import { makeLoopbackCertificate } from "../support/tls";

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const clientEmail = "conversions@agency-project.iam.gserviceaccount.com";
// Made before the app starts, so that it trusts the stand-in platforms as it would the real ones.
const certificate = makeLoopbackCertificate();

/** Connects `platform` from the keyboard: picks it, types its connection JSON, tabs to Connect and presses it. */
async function connectByKeyboard(page: Page, platform: string, connection: unknown) {
  await page.getByLabel("Platform", { exact: true }).first().focus();
  await page.getByLabel("Platform", { exact: true }).first().selectOption(platform);
  await page.getByLabel("Connection (JSON)").focus();
  await page.keyboard.insertText(JSON.stringify(connection));
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await page.getByText("Connected; the credentials are stored encrypted").first().waitFor();
}

describe("the Ad platforms screen in Chromium", () => {
  const running = runAppForBlock(
    {
      WEBHOOK_ALLOW_PRIVATE: "true",
      ADS_CREDENTIALS_KEY: "a-browser-test-key-for-ad-credentials-01",
      NODE_EXTRA_CA_CERTS: certificate.certFile,
    },
    { browser: true },
  );
  let receiver: Awaited<ReturnType<typeof startAdPlatformReceiver>>;
  let cookie = "";

  beforeAll(async () => {
    receiver = await startAdPlatformReceiver({
      publicKey: createPublicKey(privateKey).export({ type: "spki", format: "pem" }).toString(),
      clientEmail,
      certificate,
    });
    const admin = await addStaff(running.db, "owner@example.com", "admin");
    cookie = await signIn(running.app, admin.email, admin.password);
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it.each(VIEWPORTS)(
    "an admin connects Meta with the keyboard, sees a lead's conversion in the log and resends it at $width×$height",
    async (viewport) => {
      const context = await contextWithCookies(running.browser, running.app.url, cookie, { viewport });
      const page = await openHydrated(context, `${running.app.url}/admin/ad-platforms`);
      await page.getByRole("heading", { name: "Ad platforms", level: 1 }).waitFor();
      expect(await seriousViolations(page, `ad platforms at ${viewport.width}`)).toEqual([]);

      await connectByKeyboard(page, "meta", {
        datasetId: "555000111",
        accessToken: "meta-system-user-token",
        stages: { lead: "Lead" },
        apiUrl: receiver.url,
      });
      expect(await page.content()).not.toContain("meta-system-user-token");

      const email = `visitor-${viewport.width}@example.com`;
      await captureLead(running.db, {
        flow: "contact",
        input: { name: "Vera Visitor", email, company: "Acme", message: "Call me" } as never,
        attribution: {
          pageUrl: "https://agency.example/?fbclid=IwAR-browser",
          referrer: null,
          userAgent: "UA",
          browserInfo: null,
          ads: {
            clicks: clickIdsOf("https://agency.example/?fbclid=IwAR-browser", "", Date.now()),
            adUserData: true,
            adPersonalization: true,
          },
        },
        mail: { baseUrl: running.app.url, notifyEmails: [] },
      });
      const delivery = page.getByTestId("ad-delivery").first();
      await expect
        .poll(
          async () => {
            await page.reload();
            return (await delivery.count()) > 0 ? delivery.textContent() : "";
          },
          { timeout: 20_000 },
        )
        .toContain("sent");
      const sentBefore = receiver.received.filter((request) => request.route === "meta").length;
      await hydrated(page);
      await delivery.getByRole("button", { name: /^Resend meta lead/ }).focus();
      await page.keyboard.press("Enter");
      await page.getByText("Queued to be sent again with the same id").first().waitFor();
      await expect
        .poll(() => receiver.received.filter((request) => request.route === "meta").length, { timeout: 20_000 })
        .toBe(sentBefore + 1);
      expect(await seriousViolations(page, `ad platforms log at ${viewport.width}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await context.close();
    },
  );

  it.each(VIEWPORTS)(
    "an admin makes, copies, replaces and revokes Google's import file address with the keyboard at $width×$height",
    async (viewport) => {
      const context = await contextWithCookies(running.browser, running.app.url, cookie, { viewport });
      const page = await openHydrated(context, `${running.app.url}/admin/ad-platforms`);
      await connectByKeyboard(page, "google", {
        serviceAccountKey: {
          type: "service_account",
          client_email: clientEmail,
          private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
          token_uri: `${receiver.url}/token`,
        },
        customerId: "1234567890",
        stages: { lead: "1001" },
        apiUrl: receiver.url,
      });

      const file = page.getByTestId("ad-import-file");
      await file.getByText("No address is active").waitFor();
      const fetchFile = (url: string) => fetch(`${running.app.url}${new URL(url).pathname}`);
      const makeAddress = async (name: string, before = "") => {
        await hydrated(page);
        await file.getByRole("button", { name }).focus();
        await page.keyboard.press("Enter");
        const shown = page.getByTestId("ad-import-file-url").locator("code");
        // The address shown before stays until the page has the new one.
        await expect
          .poll(async () => ((await shown.count()) > 0 ? await shown.textContent() : before), { timeout: 20_000 })
          .not.toBe(before);
        return (await shown.textContent()) ?? "";
      };
      const first = await makeAddress("Make an address");
      expect(first).toMatch(/\/ads\/google\/[A-Za-z0-9_-]{20,64}\.csv$/);
      const served = await fetchFile(first);
      expect(served.status).toBe(200);
      expect(await served.text()).toMatch(/^Parameters:TimeZone=\+0000\r\n/);
      expect(await seriousViolations(page, `ad platforms import file at ${viewport.width}`)).toEqual([]);

      // The copy button puts the address on the clipboard.
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByRole("button", { name: "Copy the import file's address" }).focus();
      await page.keyboard.press("Enter");
      await page.getByText("The import file's address is on the clipboard.").first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

      // A new address turns the old one off.
      const second = await makeAddress("Make a new address", first);
      expect(second).not.toBe(first);
      expect((await fetchFile(first)).status).toBe(404);
      expect((await fetchFile(second)).status).toBe(200);

      await hydrated(page);
      await file.getByRole("button", { name: "Revoke the address" }).focus();
      await page.keyboard.press("Enter");
      await page.getByText("The import file's address is revoked").first().waitFor();
      await file.getByText("No address is active").waitFor();
      expect((await fetchFile(second)).status).toBe(404);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await context.close();
    },
  );
});
