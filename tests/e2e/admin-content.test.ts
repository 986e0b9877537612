import type { BrowserContextOptions } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { hydrated, openFromAdminMenu, pickChoice } from "../support/browser";
import { makePng } from "../support/files";
import { expectSlugFollowsTitle } from "../support/post-dialog";
import { runAppForBlock } from "../support/running-app";
import { addStaff, signIn } from "../support/staff";

describe("content administration in Chromium", () => {
  const running = runAppForBlock({}, { browser: true });
  beforeAll(async () => {
    await addStaff(running.db, "editor@example.com", "editor");
    await addStaff(running.db, "admin@example.com", "admin");
    await addStaff(running.db, "sales@example.com", "sales");
  });

  async function signedInPage(email: string, options: BrowserContextOptions = {}) {
    const context = await running.browser.newContext({ viewport: { width: 1400, height: 1000 }, ...options });
    const page = await context.newPage();
    await page.goto(`${running.app.url}/admin/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("staff-pass-2468");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${running.app.url}/admin`);
    return page;
  }

  async function text(path: string) {
    const response = await fetch(`${running.app.url}${path}`);
    return { status: response.status, body: await response.text() };
  }

  it("an editor writes a post with a featured image, publishes it, and it is on /blog/{slug} and in /sitemap.xml", async () => {
    const page = await signedInPage("editor@example.com");
    await openFromAdminMenu(page, "Blog", "Blog Management");
    await hydrated(page);

    await page.getByRole("button", { name: "New Post" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Blog Post" });
    await expectSlugFollowsTitle(dialog, {
      title: "Winter Launch: The 5-Step Checklist!",
      slug: "winter-launch-the-5-step-checklist",
      ownSlug: "winter-launch-checklist",
      nextTitle: "Winter Launch Checklist",
    });

    await dialog.getByLabel("Excerpt").fill("Five steps before the season starts.");
    await dialog.getByLabel("Content").fill("## Step one\n\n**Audit** the account. <script>window.pwned = 1</script>");
    await dialog.getByTestId("post-content-preview").getByRole("heading", { name: "Step one" }).waitFor();
    // A real upload through /admin/uploads: the picture is stored under the blog-images prefix.
    await dialog
      .getByLabel("Upload image")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: makePng(64, 36) });
    await expect
      .poll(() => dialog.getByLabel("Featured Image").inputValue())
      .toMatch(/^\/uploads\/pdfs\/blog-images\/\d{13}-[a-z0-9]{10}\.png$/);
    const featuredImage = await dialog.getByLabel("Featured Image").inputValue();
    // Bytes that are not an image are refused with the server's message, and the field keeps the good one.
    await dialog
      .getByLabel("Upload image")
      .setInputFiles({ name: "cover-2.png", mimeType: "image/png", buffer: Buffer.from("%PDF-1.4 not a picture") });
    await dialog.getByRole("alert").filter({ hasText: /image/i }).first().waitFor();
    await expect(dialog.getByLabel("Featured Image").inputValue()).resolves.toBe(featuredImage);

    await dialog.getByLabel("Category").fill("Seasonal");
    await dialog.getByLabel("Status").selectOption("published");
    await dialog.getByLabel("Tags (comma-separated)").fill("winter, checklist");
    await dialog.getByLabel("Meta Description").fill("A five-step checklist for winter campaigns.");
    await expect(dialog.getByText("43/160").count()).resolves.toBe(1);

    // A slug already in use is refused with a clear message, and what was typed stays.
    await dialog.getByLabel("Slug*").fill("meta-ads-creative-testing");
    await dialog.getByRole("button", { name: "Create Post" }).click();
    await dialog.getByText('Another blog post already uses the slug "meta-ads-creative-testing".').first().waitFor();
    // Said once, under the field: no toast repeats it.
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "already uses the slug" }).count(),
    ).resolves.toBe(0);
    await expect(dialog.getByLabel("Title*").inputValue()).resolves.toBe("Winter Launch Checklist");

    await dialog.getByLabel("Slug*").fill("winter-launch-checklist");
    await dialog.getByRole("button", { name: "Create Post" }).click();
    await page.getByText("Blog post created successfully").first().waitFor();
    await dialog.waitFor({ state: "detached" });
    const card = page.getByTestId("post-winter-launch-checklist");
    await card.getByText("Published", { exact: true }).first().waitFor();
    await expect(card.getByRole("link", { name: "View Winter Launch Checklist" }).getAttribute("href")).resolves.toBe(
      "/blog/winter-launch-checklist",
    );

    // Editing opens the same dialog filled in; a second save in the same visit works too.
    await card.getByRole("button", { name: "Edit Winter Launch Checklist" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Blog Post" });
    await expect(edit.getByLabel("Slug*").inputValue()).resolves.toBe("winter-launch-checklist");
    await expect(edit.getByLabel("Tags (comma-separated)").inputValue()).resolves.toBe("winter, checklist");
    await edit.getByLabel("Excerpt").fill("Five steps to take before the season starts.");
    await edit.getByRole("button", { name: "Update Post" }).click();
    await page.getByText("Blog post updated successfully").first().waitFor();
    await edit.waitFor({ state: "detached" });
    await card.getByText("Five steps to take before the season starts.").waitFor();

    const visitor = await running.browser.newPage();
    const response = await visitor.goto(`${running.app.url}/blog/winter-launch-checklist`);
    expect(response?.status()).toBe(200);
    await visitor.getByRole("heading", { level: 1, name: "Winter Launch Checklist" }).waitFor();
    await visitor.getByRole("heading", { name: "Step one" }).waitFor();
    expect(await visitor.title()).toContain("Winter Launch Checklist");
    expect(await visitor.locator(`main img[src="${featuredImage}"]`).count()).toBe(1);
    const image = await fetch(`${running.app.url}${featuredImage}`);
    expect(image.headers.get("content-type")).toBe("image/png");
    // Raw HTML in the Markdown is shown as text, never run.
    await visitor.getByText("<script>window.pwned = 1</script>").waitFor();
    expect(await visitor.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await visitor.goto(`${running.app.url}/blog`);
    await visitor.getByRole("link", { name: "Winter Launch Checklist", exact: true }).waitFor();
    await visitor.close();

    expect((await text("/sitemap.xml")).body).toContain("/blog/winter-launch-checklist</loc>");

    // Back to draft: gone from the public blog at once, still visible to staff as a preview.
    await pickChoice(card, "Status of Winter Launch Checklist", "Draft");
    await page.getByText("Blog post status updated successfully").first().waitFor();
    expect((await text("/blog/winter-launch-checklist")).status).toBe(404);
    expect((await text("/sitemap.xml")).body).not.toContain("winter-launch-checklist");
    await page.goto(`${running.app.url}/admin/blog/${await postId("winter-launch-checklist")}/preview`);
    await page.getByRole("heading", { level: 1, name: "Winter Launch Checklist" }).waitFor();
    await page.context().close();
  });

  async function postId(slug: string) {
    const row = await running.db
      .selectFrom("blog_posts")
      .select("id")
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it("an editor publishes a page and it is public at /{slug}; built-in addresses are refused", async () => {
    const page = await signedInPage("editor@example.com");
    await openFromAdminMenu(page, "Pages", "Page Management");
    await page.getByText("No pages found matching your criteria").waitFor();
    await hydrated(page);

    await page.getByRole("link", { name: "New Page" }).click();
    await page.getByRole("heading", { name: "New Page" }).waitFor();
    await hydrated(page);
    await page.getByLabel("Title*").fill("Pricing");
    await expect(page.getByLabel("Slug*").inputValue()).resolves.toBe("pricing");
    await page.getByLabel("Meta Description").fill("Join a small team that runs paid ads for growing brands.");
    await page.getByLabel("Content").fill("## Open roles\n\n- Paid social specialist");
    await page.getByRole("button", { name: "Create Page" }).click();
    await page.getByText('"/pricing" is already an address of the site; choose another slug.').first().waitFor();
    await expect(page.getByLabel("Content").inputValue()).resolves.toBe("## Open roles\n\n- Paid social specialist");

    await page.getByLabel("Slug*").fill("careers");
    await page.getByLabel("Title*").fill("Careers");
    await page.getByRole("button", { name: "Create Page" }).click();
    await page.waitForURL(`${running.app.url}/admin/pages`);
    await page.getByText("Page created successfully").first().waitFor();
    const card = page.getByTestId("page-careers");
    await card.getByText("/careers", { exact: true }).waitFor();
    await card.getByText("Draft", { exact: true }).first().waitFor();
    expect((await text("/careers")).status).toBe(404);

    await hydrated(page);
    await pickChoice(card, "Status of Careers", "Published");
    await page.getByText("Page status updated successfully").first().waitFor();
    await card.getByText(/^Published /).waitFor();

    const visitor = await running.browser.newPage();
    const response = await visitor.goto(`${running.app.url}/careers`);
    expect(response?.status()).toBe(200);
    await visitor.getByRole("heading", { level: 1, name: "Careers" }).waitFor();
    await visitor.getByRole("heading", { name: "Open roles" }).waitFor();
    expect(await visitor.title()).toMatch(/^Careers \| /);
    expect(await visitor.locator('meta[name="description"]').getAttribute("content")).toBe(
      "Join a small team that runs paid ads for growing brands.",
    );
    await visitor.goto(`${running.app.url}/sitemap`);
    await visitor.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Careers" }).waitFor();
    await visitor.close();
    expect((await text("/sitemap.xml")).body).toContain("/careers</loc>");
    expect((await text("/no-such-page")).status).toBe(404);

    // Delete asks first, then the address is gone.
    await card.getByRole("button", { name: "Delete Careers" }).click();
    await page.getByRole("dialog", { name: "Delete this page?" }).getByRole("button", { name: "Delete page" }).click();
    await page.getByText("Page deleted successfully").first().waitFor();
    expect((await text("/careers")).status).toBe(404);
    await page.context().close();
  });

  it("an admin changes the Growth plan's price and /pricing shows it; invalid content JSON is refused", async () => {
    const page = await signedInPage("admin@example.com");
    await openFromAdminMenu(page, "Pricing", "Pricing Management");
    await page.getByText("Currency Detection: Auto").waitFor();
    await hydrated(page);

    const growth = page.getByTestId("plan-Growth");
    await growth.getByText("₹", { exact: false }).first().waitFor();
    await growth.getByRole("button", { name: "Edit Growth" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Plan" });
    await dialog.getByLabel("Price (USD)").fill("1777");
    await dialog.getByLabel("Price (INR)").fill("147999");
    await dialog.getByRole("button", { name: "Save Plan" }).click();
    await page.getByText("Pricing plan saved successfully").first().waitFor();
    await dialog.waitFor({ state: "detached" });
    await growth.getByText("$1,777").waitFor();
    await growth.getByText("₹1,47,999").waitFor();

    // Another plan's dialog opens after a save (and is not closed by the earlier answer).
    await page.getByTestId("plan-Starter").getByRole("button", { name: "Edit Starter" }).click();
    const starter = page.getByRole("dialog", { name: "Edit Plan" });
    await expect(starter.getByLabel("Title", { exact: true }).inputValue()).resolves.toBe("Starter");
    await starter.getByLabel("Winter discount (%)").fill("150");
    await starter.getByRole("button", { name: "Save Plan" }).click();
    // The browser holds the form back (the server's same rule is covered by the integration tests).
    const overflow = await starter
      .getByLabel("Winter discount (%)")
      .evaluate((input) => (input as HTMLInputElement).validity.rangeOverflow);
    expect(overflow).toBe(true);
    expect(await starter.isVisible()).toBe(true);
    await starter.getByRole("button", { name: "Cancel" }).click();
    await starter.waitFor({ state: "detached" });

    const pricing = await text("/pricing");
    expect(pricing.status).toBe(200);
    expect(pricing.body).toContain("$1,777");

    await page.getByRole("tab", { name: "Content Sections" }).click();
    await page.getByTestId("section-faq").getByRole("button", { name: /^Edit/ }).click();
    const editor = page.getByRole("dialog", { name: "Edit Content" });
    await editor.getByLabel("Content (JSON)").fill('{ "title": "FAQ", ');
    await editor.getByText(/^Invalid JSON: /).waitFor();
    expect(await editor.getByRole("button", { name: "Save Content" }).isDisabled()).toBe(true);

    // The server refuses it too, whatever the browser does, and nothing is saved.
    const cookie = await signIn(running.app, "admin@example.com", "staff-pass-2468");
    const before = await running.db
      .selectFrom("pricing_content")
      .select("content")
      .where("section_key", "=", "faq")
      .executeTakeFirstOrThrow();
    const refused = await fetch(`${running.app.url}/admin/pricing`, {
      method: "POST",
      headers: { cookie, origin: running.app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save-content", sectionKey: "faq", title: "FAQ", content: "{ nope" }),
    });
    expect(refused.status).toBe(400);
    const after = await running.db
      .selectFrom("pricing_content")
      .select("content")
      .where("section_key", "=", "faq")
      .executeTakeFirstOrThrow();
    expect(after.content).toEqual(before.content);
    await page.context().close();
  });

  it("sales cannot reach pages, blog or pricing; an editor cannot reach pricing", async () => {
    const sales = await signIn(running.app, "sales@example.com", "staff-pass-2468");
    const editor = await signIn(running.app, "editor@example.com", "staff-pass-2468");
    const get = (path: string, cookie: string) =>
      fetch(`${running.app.url}${path}`, { headers: { cookie }, redirect: "manual" });
    const refusedTo = async (cookie: string, path: string) => {
      const screen = await get(path, cookie);
      expect(screen.status, path).toBe(302);
      expect(screen.headers.get("location")).toBe("/admin/unauthorized");
      expect((await get(`${path}.data`, cookie)).status, `${path}.data`).toBe(403);
      const action = await fetch(`${running.app.url}${path}`, {
        method: "POST",
        headers: { cookie, origin: running.app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "delete", id: "x" }),
        redirect: "manual",
      });
      expect(action.status, `POST ${path}`).toBe(403);
    };
    for (const path of ["/admin/pages", "/admin/pages/new", "/admin/blog", "/admin/pricing"]) {
      await refusedTo(sales, path);
    }
    await refusedTo(editor, "/admin/pricing");
    expect((await get("/admin/pages", editor)).status).toBe(200);
    expect((await get("/admin/blog", editor)).status).toBe(200);

    const page = await signedInPage("sales@example.com");
    await page.goto(`${running.app.url}/admin/blog`);
    await page.waitForURL(`${running.app.url}/admin/unauthorized`);
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await page.context().close();
  });

  it("has no serious or critical accessibility violations on the content screens and their dialogs", async () => {
    // axe is injected through the DevTools protocol, so the page's own CSP stays as it is for the app.
    const page = await signedInPage("admin@example.com", { bypassCSP: true, reducedMotion: "reduce" });
    const found: string[] = [];
    async function audit(label: string) {
      // The sidebar belongs to the admin shell, audited with it; this test is about the content screens.
      found.push(...(await seriousViolations(page, label, { exclude: [["aside"]] })));
    }
    for (const screen of ["/admin/pages", "/admin/pages/new", "/admin/blog", "/admin/pricing"]) {
      await page.goto(`${running.app.url}${screen}`);
      await hydrated(page);
      await audit(screen);
    }
    await page.goto(`${running.app.url}/admin/blog`);
    await hydrated(page);
    await page.getByRole("button", { name: "New Post" }).click();
    await page.getByRole("dialog", { name: "Create New Blog Post" }).waitFor();
    await audit("blog post dialog");
    await page.goto(`${running.app.url}/admin/pricing`);
    await hydrated(page);
    await page.getByRole("button", { name: "Add Plan" }).click();
    await page.getByRole("dialog", { name: "Add Plan" }).waitFor();
    await audit("plan dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("tab", { name: "Content Sections" }).click();
    await page.getByTestId("section-faq").getByRole("button", { name: /^Edit/ }).click();
    await page.getByRole("dialog", { name: "Edit Content" }).waitFor();
    await audit("content dialog");
    await page.context().close();
    expect(found).toEqual([]);
  });
});
