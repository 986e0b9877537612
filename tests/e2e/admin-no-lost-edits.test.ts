import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { insertLead } from "../support/admin-fixtures";
import { signInOnPage } from "../support/browser";
import { dialects } from "../support/databases";
import { runAppForBlock } from "../support/running-app";
import { addStaff } from "../support/staff";

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The three moments a person may pick a status on a page that has just loaded. */
const MOMENTS = ["before its scripts ran", "at once after load", "without JavaScript"] as const;

describe.each(dialects)("a status picked at once after load is saved (%s)", (dialect) => {
  const running = runAppForBlock({}, { dialect, browser: true });
  beforeAll(async () => {
    await addStaff(running.db, "seller@example.com", "sales", "seller-password");
  });

  async function storedStatus(leadId: string) {
    const row = await running.db.selectFrom("leads").select("status").where("id", "=", leadId).executeTakeFirst();
    return row?.status;
  }

  /** Opens the leads list and picks `label` from the lead's status menu without waiting for hydration. */
  async function pickStatus(
    page: Page,
    shows: "table" | "cards",
    { moment, leadName, label }: { moment: (typeof MOMENTS)[number]; leadName: string; label: string },
  ) {
    let releaseScripts = () => {};
    if (moment === "before its scripts ran") {
      const held = new Promise<void>((resolve) => {
        releaseScripts = resolve;
      });
      await page.route("**/assets/**/*.js", async (route) => {
        await held;
        await route.continue();
      });
    }
    await page.goto(`${running.app.url}/admin/leads`, { waitUntil: "commit" });
    // The list renders both its table and its cards, and CSS shows one: the table from 768 px, the
    // cards below. Aim at the one this width shows by its place (table first), once both are parsed,
    // not by what is visible: before the stylesheet has loaded both are laid out, and one is hidden after.
    const triggers = page.locator(`button[aria-label^="Status of ${leadName}: "]`);
    // Parsed means in the document, not shown: the HTML may take a while to stream on a busy machine.
    await triggers.nth(1).waitFor({ state: "attached" });
    expect(await triggers.count()).toBe(2);
    const trigger = shows === "cards" ? triggers.last() : triggers.first();
    await trigger.click();
    await page
      .getByRole("form", { name: `Status of ${leadName}` })
      .getByRole("button", { name: label, exact: true })
      .click();
    releaseScripts();
  }

  it.each(VIEWPORTS)("three times in a row, at $width×$height", async (viewport) => {
    const name = `Quick Pick ${viewport.width}`;
    const leadId = await insertLead(running.db, { email: `quick-${viewport.width}@example.com`, name });
    const signedIn = await running.browser.newContext({ viewport });
    await signInOnPage(await signedIn.newPage(), running.app.url, "seller@example.com", "seller-password");
    const cookies = await signedIn.cookies();
    await signedIn.close();

    const picks = [
      { moment: MOMENTS[0], label: "Contacted", status: "contacted" },
      { moment: MOMENTS[1], label: "Qualified", status: "qualified" },
      { moment: MOMENTS[2], label: "Converted", status: "converted" },
    ];
    for (const pick of picks) {
      const context = await running.browser.newContext({ viewport, javaScriptEnabled: pick.moment !== MOMENTS[2] });
      await context.addCookies(cookies);
      const page = await context.newPage();
      await pickStatus(page, viewport.width < 768 ? "cards" : "table", {
        moment: pick.moment,
        leadName: name,
        label: pick.label,
      });
      await expect.poll(() => storedStatus(leadId), { message: pick.moment }).toBe(pick.status);
      // The page says what was saved: the badge shows the new status once the answer is in.
      await page
        .getByRole("button", { name: `Status of ${name}: ${pick.label}` })
        .first()
        .waitFor();
      if (pick.moment !== MOMENTS[2]) await page.getByText("Lead status updated successfully").first().waitFor();
      await context.close();
    }
  });
});
