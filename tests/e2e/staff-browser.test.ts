import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { runAppForBlock } from "../support/running-app";
import { addStaff, setupCodeFrom } from "../support/staff";
import { totp } from "../support/totp";

describe("staff access in Chromium", () => {
  const running = runAppForBlock({}, { browser: true });

  async function signInWithPassword(page: Page, email: string, password: string) {
    if (!page.url().endsWith("/admin/login")) await page.goto(`${running.app.url}/admin/login`);
    await page.getByRole("heading", { name: "Admin Sign In" }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
  }

  async function signOut(page: Page) {
    await page.getByRole("button", { name: /account menu$/ }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL(`${running.app.url}/admin/login`);
    await page.getByText("Signed Out").first().waitFor();
  }

  async function sidebarLinks(page: Page) {
    const nav = page.getByRole("navigation", { name: "Admin" });
    await nav.getByRole("link", { name: "Dashboard" }).waitFor();
    return nav.getByRole("link").allTextContents();
  }

  it("first-run setup → admin signs in → creates a sales user → sales sees only their menu", async () => {
    const context = await running.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();

    await page.goto(`${running.app.url}/admin`);
    await page.waitForURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
    await page.getByRole("link", { name: "Create the first admin" }).click();
    await page.getByRole("heading", { name: "Admin Setup" }).waitFor();
    await page.getByLabel("Email").fill("owner@example.com");
    await page.getByLabel("Password").fill("owner-password");
    await page.getByLabel("Setup code").fill(setupCodeFrom(running.app));
    await page.getByRole("button", { name: "Make Admin" }).click();
    await page.waitForURL(`${running.app.url}/admin/login`);
    await page.getByText("Success!").first().waitFor();

    await page.getByLabel("Password").fill("wrong-password");
    await page.getByLabel("Email").fill("owner@example.com");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Sign In Failed").first().waitFor();

    await page.getByLabel("Password").fill("owner-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${running.app.url}/admin`);
    await page.getByText("Welcome back!").first().waitFor();
    expect(await sidebarLinks(page)).toEqual([
      "Dashboard",
      "Leads",
      "Clients",
      "Bookings",
      "Pages",
      "Blog",
      "Forms",
      "Pricing",
      "Users",
      "Audit log",
      "Ad platforms",
      "Settings",
    ]);

    await page.getByRole("link", { name: "Users" }).click();
    await page.getByRole("heading", { name: "Users" }).waitFor();
    await page.getByLabel("Email").fill("seller@example.com");
    await page.getByLabel("Initial password").fill("seller-password");
    await page.getByLabel("Role", { exact: true }).selectOption("sales");
    await page.getByRole("button", { name: "Add user" }).click();
    await page.getByTestId("user-seller@example.com").waitFor();

    await signOut(page);
    await signInWithPassword(page, "seller@example.com", "seller-password");
    await page.waitForURL(`${running.app.url}/admin`);
    expect(await sidebarLinks(page)).toEqual(["Dashboard", "Leads", "Clients", "Bookings"]);

    await page.goto(`${running.app.url}/admin/users`);
    await page.waitForURL(`${running.app.url}/admin/unauthorized`);
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.waitForURL(`${running.app.url}/admin`);
    await context.close();
  });

  it("enrols TOTP with a QR code and backup codes, then signs in with a code once", async () => {
    // A user of its own: this test does not lean on the one the first test created.
    await addStaff(running.db, "enrolling@example.com", "sales", "enrolling-password");
    const context = await running.browser.newContext();
    const page = await context.newPage();
    await signInWithPassword(page, "enrolling@example.com", "enrolling-password");
    await page.waitForURL(`${running.app.url}/admin`);

    await page.getByRole("button", { name: /account menu$/ }).click();
    await page.getByRole("menuitem", { name: /Profile/ }).click();
    await page.waitForURL(`${running.app.url}/admin/settings`);
    await page.getByRole("heading", { name: "Settings" }).waitFor();
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe("enrolling@example.com");

    await page.locator("#enable-password").fill("enrolling-password");
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
    const backupCodes = await page.getByTestId("backup-codes").locator("li").allTextContents();
    expect(backupCodes).toHaveLength(10);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download codes" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("backup-codes.txt");
    const saved = await new Response(
      (await download.createReadStream()) as unknown as ReadableStream<Uint8Array>,
    ).text();
    expect(saved.trim().split("\n")).toEqual(backupCodes);
    await page.getByRole("button", { name: "Copy codes" }).waitFor();
    // The two columns of codes do not touch.
    const columnGap = await page.getByTestId("backup-codes").evaluate((list) => {
      const [first, second] = [...list.querySelectorAll("li")].map((item) => item.getBoundingClientRect());
      return second!.left - first!.right;
    });
    expect(columnGap).toBeGreaterThanOrEqual(16);

    await page.getByLabel("Code from the app").fill(totp(secret));
    await page.getByRole("button", { name: "Confirm and turn on" }).click();
    await page.getByText("Two-factor authentication is on").first().waitFor();
    await page.getByRole("button", { name: "Turn off two-factor authentication" }).waitFor();
    await signOut(page);

    // The password alone is no longer enough.
    await signInWithPassword(page, "enrolling@example.com", "enrolling-password");
    await page.getByRole("heading", { name: "Two-factor authentication" }).waitFor();
    await page.getByLabel("Authentication code").fill("000000" === totp(secret) ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("That code is not valid").first().waitFor();

    // Use the next step's code so it cannot be the one already spent during enrolment.
    const code = totp(secret, Date.now(), 1);
    await page.getByLabel("Authentication code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${running.app.url}/admin`);
    await signOut(page);

    // The same code a second time is refused; a backup code works, once.
    await signInWithPassword(page, "enrolling@example.com", "enrolling-password");
    await page.getByLabel("Authentication code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("That code has already been used").first().waitFor();
    await signInWithPassword(page, "enrolling@example.com", "enrolling-password");
    await page.getByLabel("Authentication code").fill(backupCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${running.app.url}/admin`);
    await context.close();
  });
});
