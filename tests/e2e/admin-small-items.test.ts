import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { pageSchema } from "~/lib/schemas/content";
import { createPage } from "~/server/content/pages.server";
import { insertFailedMail, insertLead } from "../support/admin-fixtures";
import { hydrated, signInOnPage } from "../support/browser";
import { dialects } from "../support/databases";
import { makePdf } from "../support/files";
import { runAppForBlock } from "../support/running-app";
import { addStaff, setupCodeFrom, signIn } from "../support/staff";
import { totp } from "../support/totp";

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

describe.each(dialects)("admin details people notice (%s)", (dialect) => {
  const running = runAppForBlock({}, { dialect, browser: true });
  beforeAll(async () => {
    await addStaff(running.db, "boss@example.com", "admin", "boss-password");
  });

  it.each(VIEWPORTS)("the Users role select shows “Administrator” whole at $width×$height", async (viewport) => {
    const context = await running.browser.newContext({ viewport });
    const page = await context.newPage();
    await signInOnPage(page, running.app.url, "boss@example.com", "boss-password");
    await page.goto(`${running.app.url}/admin/users`);
    await hydrated(page);
    const select = page.getByRole("combobox", { name: "Role of boss@example.com" }).first();
    await expect(select.inputValue()).resolves.toBe("admin");
    const room = await select.evaluate((element) => {
      const field = element as HTMLSelectElement;
      const style = getComputedStyle(field);
      const context2d = document.createElement("canvas").getContext("2d")!;
      context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context2d.measureText(field.selectedOptions[0]!.textContent ?? "").width;
      const inner = field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { text: field.selectedOptions[0]!.textContent, fits: text <= inner };
    });
    expect(room).toEqual({ text: "Administrator", fits: true });
    await context.close();
  });

  it.each(VIEWPORTS)(
    "the read-only e-mail field looks unlike the fields one can type in at $width×$height",
    async (viewport) => {
      const context = await running.browser.newContext({ viewport });
      const page = await context.newPage();
      await signInOnPage(page, running.app.url, "boss@example.com", "boss-password");
      await page.goto(`${running.app.url}/admin/settings`);
      await hydrated(page);
      const background = (selector: string) =>
        page.locator(selector).evaluate((field) => getComputedStyle(field).backgroundColor);
      await expect(page.locator("#profile-email").getAttribute("readonly")).resolves.not.toBeNull();
      expect(await background("#profile-email")).not.toBe(await background("#enable-password"));
      await context.close();
    },
  );

  it.each(VIEWPORTS)("a success clears the error toasts of earlier tries at $width×$height", async (viewport) => {
    const helper = `helper-${viewport.width}@example.com`;
    await addStaff(running.db, helper, "sales", "helper-password");
    const context = await running.browser.newContext({ viewport });
    const page = await context.newPage();
    await signInOnPage(page, running.app.url, "boss@example.com", "boss-password");
    await page.goto(`${running.app.url}/admin/users`);
    await hydrated(page);

    const refused = page.getByText("This is the last active admin: make another user an admin first.");
    await page.getByRole("combobox", { name: "Role of boss@example.com" }).first().selectOption("sales");
    await page.getByTestId("user-boss@example.com").first().getByRole("button", { name: "Save" }).click();
    await refused.first().waitFor();

    await page
      .getByRole("combobox", { name: `Role of ${helper}` })
      .first()
      .selectOption("editor");
    await page.getByTestId(`user-${helper}`).first().getByRole("button", { name: "Save" }).click();
    await page.getByText("Role updated successfully").first().waitFor();
    await expect.poll(() => refused.count()).toBe(0);
    await context.close();
  });

  it.each(VIEWPORTS)(
    "a primary button focused from the keyboard has a solid ring set off from it at $width×$height",
    async (viewport) => {
      const context = await running.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${running.app.url}/admin/login`);
      await hydrated(page);
      await page.getByLabel("Password").focus();
      const signIn = page.getByRole("button", { name: "Sign In" });
      for (let presses = 0; presses < 6; presses++) {
        if (await signIn.evaluate((button) => button === document.activeElement)) break;
        await page.keyboard.press("Tab");
      }
      const ring = await signIn.evaluate((button) => {
        const style = getComputedStyle(button);
        return {
          focused: button.matches(":focus-visible"),
          style: style.outlineStyle,
          width: style.outlineWidth,
          offset: style.outlineOffset,
        };
      });
      expect(ring).toEqual({ focused: true, style: "solid", width: "2px", offset: "2px" });
      await context.close();
    },
  );
});

/** Status words as staff read them in badges, menus, filters and the bulk bar: capitalised everywhere. */
describe("status labels in Chromium", () => {
  const running = runAppForBlock({}, { dialect: "sqlite", browser: true });
  const lowerCaseStatuses = [
    ...["new", "contacted", "qualified", "converted", "closed"],
    ...["active", "inactive", "suspended", "draft", "published", "archived"],
    ...["queued", "sending", "sent", "failed", "delivered", "paused"],
  ];
  let leadId = "";
  let formId = "";
  beforeAll(async () => {
    await addStaff(running.db, "labels@example.com", "admin", "labels-password");
    formId = (await running.db.selectFrom("forms").select("id").executeTakeFirstOrThrow()).id;
    leadId = await insertLead(running.db, { email: "labelled@example.com", status: "contacted", formId });
    await insertFailedMail(running.db, leadId);
  });

  it.each(VIEWPORTS)("no status reads in lower case on the admin's screens at $width×$height", async (viewport) => {
    const context = await running.browser.newContext({ viewport });
    const page = await context.newPage();
    await signInOnPage(page, running.app.url, "labels@example.com", "labels-password");
    const screens = [
      "/admin/leads",
      `/admin/leads/${leadId}`,
      "/admin/clients",
      "/admin/pages",
      "/admin/blog",
      "/admin/forms",
      `/admin/forms/${formId}/leads`,
      "/admin/bookings",
      "/admin/users",
    ];
    const found: string[] = [];
    for (const screen of screens) {
      await page.goto(`${running.app.url}${screen}`);
      await hydrated(page);
      // The bulk bar shows once a row is ticked.
      const tick = page.getByRole("checkbox", { name: /^Select / }).first();
      if (await tick.isVisible()) await tick.check();
      const labels = await page.evaluate(() =>
        [
          ...document.querySelectorAll(
            "option, button, [role=menuitem], [role=menuitemradio], [data-slot=badge], label, summary, th",
          ),
        ].map((element) => element.textContent?.trim() ?? ""),
      );
      for (const label of labels) if (lowerCaseStatuses.includes(label)) found.push(`${screen}: ${label}`);
    }
    expect(found).toEqual([]);
    await context.close();
  });
});

/** A refusal is said once: under the field it concerns, not again in a toast. Not a database matter: SQLite only. */
describe("one message per refusal in Chromium", () => {
  const running = runAppForBlock({}, { dialect: "sqlite", browser: true });
  beforeAll(async () => {
    await addStaff(running.db, "once@example.com", "admin", "once-password");
    await createPage(
      running.db,
      pageSchema.parse({ title: "Taken", slug: "taken-page", content: "Here first.", status: "draft" }),
      null,
    );
  });

  const errorToasts = (page: Page) => page.locator("[data-sonner-toast][data-type=error]");

  it.each(VIEWPORTS)(
    "a slug clash, a bad analytics id and a refused file each show one message at $width×$height",
    async (viewport) => {
      const context = await running.browser.newContext({ viewport });
      const page = await context.newPage();
      await signInOnPage(page, running.app.url, "once@example.com", "once-password");

      await page.goto(`${running.app.url}/admin/pages/new`);
      await hydrated(page);
      await page.getByLabel("Title*").fill("Taken again");
      await page.getByLabel("Slug*").fill("taken-page");
      await page.getByRole("button", { name: "Create Page" }).click();
      await page.locator("#page-slug-error").getByText('already uses the slug "taken-page"').waitFor();
      await hydrated(page);
      await expect(errorToasts(page).count()).resolves.toBe(0);

      await page.goto(`${running.app.url}/admin/settings`);
      await hydrated(page);
      await page.getByLabel("Google Analytics ID").fill("GA-12345");
      await page.getByRole("button", { name: "Save analytics code" }).click();
      await page.locator("#google-analytics-id-error").waitFor();
      await expect(errorToasts(page).count()).resolves.toBe(0);

      await page
        .locator("[data-setting='footer_logo'] input[type=file]")
        .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePdf() });
      await page.locator("[data-setting='footer_logo'] [data-slot=field-error]").getByText(/PDF/).waitFor();
      await expect(errorToasts(page).count()).resolves.toBe(0);

      await page.goto(`${running.app.url}/admin/forms`);
      await hydrated(page);
      await page.getByRole("button", { name: "Create Form" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Create Form" });
      await dialog.getByLabel("Form Name *").fill("Contact Form");
      await dialog.getByRole("button", { name: /^(Create|Save)/ }).click();
      await dialog.locator("[data-slot=field-error]").getByText("the website's own forms use").waitFor();
      await expect(errorToasts(page).count()).resolves.toBe(0);

      await context.close();
    },
  );
});

/** The screens before the admin layout: first-admin setup and the second step of signing in. */
describe("one message per refusal on setup and sign-in in Chromium", () => {
  const running = runAppForBlock({}, { dialect: "sqlite", browser: true });
  const errorToasts = (page: Page) => page.locator("[data-sonner-toast][data-type=error]");

  /** Exactly one visible message says `text`: under its field or in a toast, not both. */
  async function saidOnce(page: Page, text: string | RegExp) {
    const fieldErrors = page.locator("[data-slot=field-error]").filter({ hasText: text });
    const toasts = errorToasts(page).filter({ hasText: text });
    await expect
      .poll(async () => (await fieldErrors.count()) + (await toasts.count()), { timeout: 20_000 })
      .toBeGreaterThan(0);
    return {
      underField: await fieldErrors.count(),
      inToasts: await toasts.count(),
      otherToasts: (await errorToasts(page).count()) - (await toasts.count()),
    };
  }

  it.each(VIEWPORTS)(
    "a wrong setup code, a short and a common password each show one message at $width×$height",
    async (viewport) => {
      const context = await running.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${running.app.url}/admin/setup`);
      await hydrated(page);
      const submit = async (password: string, setupCode: string) => {
        await page.getByLabel("Email").fill(`first-${viewport.width}@example.com`);
        await page.getByLabel("Password").fill(password);
        await page.getByLabel("Setup code").fill(setupCode);
        await page.getByRole("button", { name: "Make Admin" }).click();
      };

      await submit("a-strong-enough-pass", "WRONG-CODE-0000000000");
      expect(await saidOnce(page, "That setup code is not right")).toEqual({
        underField: 1,
        inToasts: 0,
        otherToasts: 0,
      });

      await submit("short", setupCodeFrom(running.app));
      expect(await saidOnce(page, "at least 12 characters")).toEqual({ underField: 1, inToasts: 0, otherToasts: 0 });

      await submit("Password2024!", setupCodeFrom(running.app));
      expect(await saidOnce(page, "common and breached passwords")).toEqual({
        underField: 1,
        inToasts: 0,
        otherToasts: 0,
      });
      await expect(page.locator("#password-error").textContent()).resolves.toContain("common and breached");
      await context.close();
    },
  );

  it.each(VIEWPORTS)("a wrong two-factor code shows one message at $width×$height", async (viewport) => {
    const email = `two-factor-${viewport.width}@example.com`;
    await addStaff(running.db, email, "sales", "two-factor-password");
    const totpSecret = await enrolTwoFactor(email, "two-factor-password");
    const context = await running.browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${running.app.url}/admin/login`);
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("two-factor-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Two-factor authentication" }).waitFor();
    const right = totp(totpSecret);
    await page.getByLabel("Authentication code").fill(right === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    const said = await saidOnce(page, "That code is not valid");
    expect(said.underField + said.inToasts).toBe(1);
    expect(said.otherToasts).toBe(0);
    await context.close();
  });

  it("a wrong code while turning two-factor on keeps the same QR code on screen, to try the next code", async () => {
    const email = "enrolling@example.com";
    await addStaff(running.db, email, "sales", "enrolling-password");
    const cookie = await signIn(running.app, email, "enrolling-password");
    const post = (body: Record<string, string>) =>
      fetch(`${running.app.url}/admin/settings`, {
        method: "POST",
        headers: { cookie, origin: running.app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body),
      });
    const totpUriOf = (html: string) => /name="totpUri" value="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    const totpUri = totpUriOf(await (await post({ intent: "enable-2fa", password: "enrolling-password" })).text());
    expect(totpUri).toMatch(/^otpauth:\/\//);
    const right = totp(new URL(totpUri!).searchParams.get("secret") ?? "");
    const wrong = await post({
      intent: "confirm-2fa",
      totpUri: totpUri!,
      code: right === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);
    const page = await wrong.text();
    expect(page).toContain("That code is not valid");
    expect(totpUriOf(page)).toBe(totpUri);
    expect(page).toMatch(/<svg[^>]*>[\s\S]*<\/svg>/);
    const stored = await running.db
      .selectFrom("user")
      .select("two_factor_enabled")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(Boolean(stored.two_factor_enabled)).toBe(false);
  });

  /** Turns two-factor on for a staff member as the Settings screen does; returns the app's secret. */
  async function enrolTwoFactor(email: string, password: string) {
    const cookie = await signIn(running.app, email, password);
    const post = (body: Record<string, string>) =>
      fetch(`${running.app.url}/admin/settings`, {
        method: "POST",
        headers: { cookie, origin: running.app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body),
      });
    const started = await post({ intent: "enable-2fa", password });
    const totpUri = /name="totpUri" value="([^"]+)"/.exec(await started.text())?.[1]?.replaceAll("&amp;", "&");
    if (!totpUri) throw new Error("the enrolment showed no authenticator address");
    const secret = new URL(totpUri).searchParams.get("secret") ?? "";
    const confirmed = await post({ intent: "confirm-2fa", totpUri, code: totp(secret) });
    expect(confirmed.status).toBe(200);
    return secret;
  }
});
