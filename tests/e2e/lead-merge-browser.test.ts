import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { normalizeEmail } from "~/server/leads/identity.server";
import { leadRow } from "../support/admin-fixtures";
import { seriousViolations } from "../support/axe";
import { hydrated, signInOnPage } from "../support/browser";
import { tabTo, tabToNamed } from "../support/keyboard";
import { runAppForBlock } from "../support/running-app";
import { addStaff } from "../support/staff";

const viewports = [
  { label: "wide", width: 1280, height: 800 },
  { label: "narrow", width: 390, height: 844 },
];

describe("merging and unmerging leads by keyboard in Chromium", () => {
  // Each sign-in comes from an address of its own, as separate people's would.
  const running = runAppForBlock({ TRUST_PROXY: "loopback" }, { browser: true });
  let admin: { email: string; password: string };
  beforeAll(async () => {
    admin = await addStaff(running.db, "merger@agency.example", "admin", "merger-password");
  });

  let signIns = 0;
  async function signedIn(viewport: { width: number; height: number }) {
    signIns += 1;
    const context = await running.browser.newContext({
      viewport,
      bypassCSP: true,
      reducedMotion: "reduce",
      extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${40 + signIns}` },
    });
    const page = await context.newPage();
    await signInOnPage(page, running.app.url, admin.email, admin.password);
    return page;
  }

  async function addLead(name: string, email: string, source: string, minutesAgo: number, phone?: string) {
    const row = leadRow({
      name,
      email,
      source,
      phone,
      createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    });
    await running.db
      .insertInto("leads")
      .values({ ...row, email_normalized: normalizeEmail(email) })
      .execute();
    return row.id;
  }

  const exists = async (id: string) =>
    (await running.db.selectFrom("leads").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;

  async function start(page: Page, path: string) {
    await page.goto(`${running.app.url}${path}`);
    await hydrated(page);
  }

  for (const viewport of viewports) {
    it(`merges from the possible duplicates panel and from the table, then unmerges, at ${viewport.width}x${viewport.height}`, async () => {
      const source = `Merge Form ${viewport.label}`;
      const kept = await addLead(
        `Ada Lovelace ${viewport.label}`,
        `ada.lovelace.${viewport.label}@gmail.com`,
        source,
        30,
      );
      const twin = await addLead(
        `Ada L ${viewport.label}`,
        `AdaLovelace.${viewport.label}+ads@gmail.com`,
        source,
        20,
        "+91 98765 43210",
      );
      const page = await signedIn(viewport);
      const violations: string[] = [];

      // From the panel: the other spelling of her address is offered; her name is taken from it.
      await start(page, `/admin/leads/${kept}`);
      await tabToNamed(page, `Merge Ada L ${viewport.label} into this lead`);
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", {
        name: `Merge Ada L ${viewport.label} into Ada Lovelace ${viewport.label}`,
      });
      await dialog.waitFor();
      violations.push(...(await seriousViolations(page, `${viewport.label} panel dialog`)));
      await tabTo(page, (focused) => focused.name.startsWith("Name from this lead"), "the name choice");
      await page.keyboard.press("ArrowRight");
      await tabToNamed(page, "Merge");
      await page.keyboard.press("Enter");
      await page.getByText("2 leads merged into one").first().waitFor();
      expect(await exists(twin)).toBe(false);
      const merged = await running.db
        .selectFrom("leads")
        .select(["name", "phone"])
        .where("id", "=", kept)
        .executeTakeFirstOrThrow();
      // The name chosen; the phone the kept lead lacked taken from the other.
      expect(merged).toEqual({ name: `Ada L ${viewport.label}`, phone: "+91 98765 43210" });

      await tabToNamed(page, `Unmerge Ada L ${viewport.label}`);
      violations.push(...(await seriousViolations(page, `${viewport.label} lead page after the merge`)));
      await page.keyboard.press("Enter");
      await page.getByText("Merge undone: both leads are back").first().waitFor();
      expect(await exists(twin)).toBe(true);
      const restored = await running.db
        .selectFrom("leads")
        .select("name")
        .where("id", "=", kept)
        .executeTakeFirstOrThrow();
      expect(restored.name).toBe(`Ada Lovelace ${viewport.label}`);

      // From the table (cards on a narrow screen): both ticked, Merge opens the same per-field dialog.
      await start(page, `/admin/leads?source=${encodeURIComponent(source)}`);
      for (const name of [`Ada L ${viewport.label}`, `Ada Lovelace ${viewport.label}`]) {
        await tabTo(
          page,
          (focused) => focused.type === "checkbox" && focused.name === `Select ${name}`,
          `${name}'s box`,
        );
        await page.keyboard.press("Space");
      }
      await page.getByRole("region", { name: "Bulk actions" }).getByText("2 selected").waitFor();
      await tabToNamed(page, "Merge");
      await page.keyboard.press("Enter");
      const bulkDialog = page.getByRole("dialog", { name: `Merge 2 leads into Ada Lovelace ${viewport.label}` });
      await bulkDialog.waitFor();
      expect(await bulkDialog.getByRole("radio").count()).toBe(14);
      violations.push(...(await seriousViolations(page, `${viewport.label} bulk merge dialog`)));
      await tabTo(page, (focused) => focused.name.startsWith("Phone from"), "the phone choice");
      await tabToNamed(page, "Merge");
      await page.keyboard.press("Enter");
      await page.getByText("2 leads merged into the oldest of them").first().waitFor();
      expect([await exists(kept), await exists(twin)]).toEqual([true, false]);

      // Undone from the kept lead's page.
      await start(page, `/admin/leads/${kept}`);
      await tabToNamed(page, `Unmerge Ada L ${viewport.label}`);
      await page.keyboard.press("Enter");
      await page.getByText("Merge undone: both leads are back").first().waitFor();
      expect([await exists(kept), await exists(twin)]).toEqual([true, true]);
      expect(violations).toEqual([]);
      await page.context().close();
    });
  }
});
