import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { hydrated, signInOnPage } from "../support/browser";
import { dialects } from "../support/databases";
import { runAppForBlock } from "../support/running-app";
import { addStaff, signIn } from "../support/staff";

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The sidebar's menu items and role badge, opening the phone's drawer first where the sidebar is one. */
async function sidebar(page: Page, phone: boolean) {
  if (phone) await openDrawer(page);
  const nav = page.getByRole("navigation", { name: "Admin" });
  await nav.waitFor();
  const items = await nav.getByRole("link").allTextContents();
  const role = await nav.locator("..").locator("[data-slot=role-badge]").textContent();
  if (phone) {
    await page.keyboard.press("Escape");
    await nav.waitFor({ state: "hidden" });
  }
  return { items, role };
}

/** The phone's drawer closes (animated) after each click in it: it opens again once it has. */
async function openDrawer(page: Page) {
  await page.getByRole("dialog", { name: "Admin menu" }).waitFor({ state: "detached" });
  await page.getByRole("button", { name: "Open menu" }).click();
}

async function clickSidebarLink(page: Page, phone: boolean, name: string) {
  if (phone) await openDrawer(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name, exact: true }).click();
}

describe.each(dialects)("a role changed while its holder is signed in elsewhere (%s)", (dialect) => {
  const running = runAppForBlock({}, { dialect, browser: true });
  let adminCookie = "";
  beforeAll(async () => {
    await addStaff(running.db, "chief@example.com", "admin", "chief-password");
    adminCookie = await signIn(running.app, "chief@example.com", "chief-password");
  });

  it.each(VIEWPORTS)(
    "the other session's sidebar shows the new role's items at its next move at $width×$height",
    async (viewport) => {
      const phone = viewport.width < 1024;
      const email = `moved-${viewport.width}@example.com`;
      const moved = await addStaff(running.db, email, "sales", "moved-password");
      const context = await running.browser.newContext({ viewport });
      const page = await context.newPage();
      await signInOnPage(page, running.app.url, email, "moved-password");
      await clickSidebarLink(page, phone, "Leads");
      await page.waitForURL(`${running.app.url}/admin/leads`);
      await hydrated(page);
      expect(await sidebar(page, phone)).toEqual({
        items: ["Dashboard", "Leads", "Clients", "Bookings"],
        role: "Sales",
      });

      // An admin, in a session of their own, makes the salesperson an editor.
      const response = await fetch(`${running.app.url}/admin/users`, {
        method: "POST",
        headers: { cookie: adminCookie, origin: running.app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "set-role", userId: moved.id, role: "editor" }),
      });
      expect(response.status).toBe(200);

      await clickSidebarLink(page, phone, "Dashboard");
      await page.waitForURL(`${running.app.url}/admin`);
      await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
      // The sidebar comes with the screen, in the same answer: no waiting beyond the screen's heading.
      expect(await sidebar(page, phone)).toEqual({ items: ["Dashboard", "Pages", "Blog", "Forms"], role: "Editor" });

      // A screen the old role had and the new one lacks is refused inside the layout.
      await page.goBack();
      await page.waitForURL(`${running.app.url}/admin/leads`);
      await page.getByText("You don't have permission to access this resource.", { exact: false }).first().waitFor();
      await context.close();
    },
  );
});
