import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/lib/roles";
import { blogPostSchema } from "~/lib/schemas/content";
import { createPost } from "~/server/content/blog.server";
import { newId, now } from "~/server/db/values.server";
import { insertForm, insertLead } from "../support/admin-fixtures";
import { seriousViolations } from "../support/axe";
import { hydrated, signInOnPage } from "../support/browser";
import { expectSlugFollowsTitle } from "../support/post-dialog";
import { runAppForBlock } from "../support/running-app";
import { addStaff, signIn } from "../support/staff";
import { type MatrixContext, screenRows } from "./staff-access-matrix";

/** How the admin list screens behave when their data cannot be read, and the editors' small comforts. */
describe("admin list screens and editors in Chromium", () => {
  const running = runAppForBlock({}, { browser: true });
  let adminCookie: string;
  beforeAll(async () => {
    await addStaff(running.db, "admin@example.com", "admin");
    await addStaff(running.db, "editor@example.com", "editor");
    adminCookie = await signIn(running.app, "admin@example.com", "staff-pass-2468");
  });

  async function signedInPage(email: string) {
    const page = await (await running.browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    await signInOnPage(page, running.app.url, email, "staff-pass-2468");
    return page;
  }

  /** Runs `check` while `table` cannot be read (renamed away), then puts it back. */
  async function withTableGone(table: string, check: () => Promise<void>) {
    await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(running.db);
    try {
      await check();
    } finally {
      await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(running.db);
    }
  }

  async function adminGet(path: string) {
    const response = await fetch(`${running.app.url}${path}`, { headers: { cookie: adminCookie } });
    return { status: response.status, body: await response.text() };
  }

  const formId = newId();
  const listScreens = [
    { path: "/admin/pages", table: "pages", heading: "Page Management", toast: "Failed to fetch pages" },
    { path: "/admin/blog", table: "blog_posts", heading: "Blog Management", toast: "Failed to fetch blog posts" },
    { path: "/admin/clients", table: "clients", heading: "Clients", toast: "Failed to fetch clients" },
    { path: "/admin/forms", table: "forms", heading: "Forms Management", toast: "Failed to fetch forms" },
    {
      path: `/admin/forms/${formId}/submissions`,
      table: "form_submissions",
      heading: "Submissions for Screens form",
      toast: "Failed to fetch form submissions",
    },
    {
      path: "/admin/pricing",
      table: "pricing_plans",
      heading: "Pricing Management",
      toast: "Failed to fetch pricing plans",
    },
    {
      path: "/admin/pricing",
      table: "pricing_content",
      heading: "Pricing Management",
      toast: "Failed to fetch pricing content",
    },
  ];

  it.each(listScreens)(
    "$path shows its screen with the toast '$toast' and an empty list when $table cannot be read",
    async ({ path, table, heading, toast }) => {
      if (
        path.includes(formId) &&
        !(await running.db.selectFrom("forms").select("id").where("id", "=", formId).executeTakeFirst())
      ) {
        await insertForm(running.db, { id: formId, name: "Screens form", formType: "contact" });
      }
      const before = await adminGet(path);
      expect(before.status).toBe(200);
      expect(before.body).not.toContain(toast);
      await withTableGone(table, async () => {
        const during = await adminGet(path);
        expect(during.status).toBe(200);
        expect(during.body).toContain(heading);
        expect(during.body).toContain(toast);
      });
    },
  );

  it("/admin/settings keeps the profile and says Failed to fetch site settings when the site's settings cannot be read", async () => {
    // Every admin page reads the agency's time zone from the settings table, so only the other rows
    // are made unreadable: a view in the table's place that fails on any row but the time zone.
    await running.db
      .insertInto("site_settings")
      .values({ key: "site_title", value: JSON.stringify("Screens Agency"), updated_by: null, updated_at: now() })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    await sql`alter table site_settings rename to site_settings_away`.execute(running.db);
    await sql`create view site_settings as select key, case when key = 'agency_time_zone' then value else json('{') end as value, updated_by, updated_at from site_settings_away`.execute(
      running.db,
    );
    try {
      const { status, body } = await adminGet("/admin/settings");
      expect(status).toBe(200);
      expect(body).toContain("Change password");
      expect(body).toContain("Failed to fetch site settings");
      expect(body).not.toContain("Analytics Code");
    } finally {
      await sql`drop view site_settings`.execute(running.db);
      await sql`alter table site_settings_away rename to site_settings`.execute(running.db);
    }
    expect((await adminGet("/admin/settings")).body).not.toContain("Failed to fetch site settings");
  });

  it("shows the failure as a toast over the usable screen in the browser", async () => {
    const page = await signedInPage("editor@example.com");
    await withTableGone("blog_posts", async () => {
      await page.goto(`${running.app.url}/admin/blog`);
      await page.getByText("Failed to fetch blog posts").first().waitFor();
      await page.getByRole("heading", { name: "Blog Management" }).waitFor();
      await page.getByText("No blog posts found matching your criteria").waitFor();
      await expect(page.getByRole("button", { name: "New Post" }).isEnabled()).resolves.toBe(true);
    });
    await page.context().close();
  });

  it("offers the page and blog status filters as All Status, Published, Draft, Archived", async () => {
    for (const path of ["/admin/pages", "/admin/blog"]) {
      const { body } = await adminGet(path);
      const select = /<select[^>]*name="status"[^>]*>([\s\S]*?)<\/select>/.exec(body)?.[1] ?? "";
      const labels = [...select.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((match) => match[1]);
      expect(labels, path).toEqual(["All Status", "Published", "Draft", "Archived"]);
    }
  });

  it("lets the slug and meta title of an existing post follow its title until they are edited", async () => {
    const actor = { id: null, email: "editor@example.com" };
    await createPost(
      running.db,
      blogPostSchema.parse({ title: "Spring Audit", slug: "spring-audit", metaTitle: "Spring Audit", status: "draft" }),
      actor,
    );
    await createPost(
      running.db,
      blogPostSchema.parse({
        title: "Summer Sale",
        slug: "summer-offers",
        metaTitle: "Our summer offers",
        status: "draft",
      }),
      actor,
    );
    const page = await signedInPage("editor@example.com");
    await page.goto(`${running.app.url}/admin/blog`);
    await hydrated(page);

    await page.getByRole("button", { name: "Edit Spring Audit" }).click();
    let dialog = page.getByRole("dialog", { name: "Edit Blog Post" });
    await expectSlugFollowsTitle(dialog, {
      title: "Autumn Audit: 7 Checks",
      slug: "autumn-audit-7-checks",
      ownSlug: "autumn-audit",
      nextTitle: "Autumn Audit: 8 Checks",
    });
    await dialog.getByRole("button", { name: "Update Post" }).click();
    await page.getByText("Blog post updated successfully").first().waitFor();
    const saved = await running.db
      .selectFrom("blog_posts")
      .select(["slug", "meta_title"])
      .where("title", "=", "Autumn Audit: 8 Checks")
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ slug: "autumn-audit", meta_title: "Autumn Audit: 8 Checks" });

    // A post whose slug and meta title were chosen apart from its title keeps them when it is renamed.
    await page.getByRole("button", { name: "Edit Summer Sale" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Blog Post" });
    await dialog.getByLabel("Title*").fill("Summer Sale 2027");
    await expect(dialog.getByLabel("Slug*").inputValue()).resolves.toBe("summer-offers");
    await expect(dialog.getByLabel("Meta Title").inputValue()).resolves.toBe("Our summer offers");
    await page.context().close();
  });
});

/**
 * Every admin screen, for every role that may open it, on a laptop and on a phone: nothing wider than
 * the window, nothing axe calls serious, and the leads list showing a working screenful of leads.
 * Layout does not depend on the database, so this runs on SQLite only.
 */
describe("admin screens fit the window in Chromium", () => {
  const running = runAppForBlock(
    // The screen fixtures sign many people in from this one machine: a later sign-in comes as a
    // visitor of its own, through the proxy setting, rather than past a switched-off limit.
    { WEBHOOK_ALLOW_PRIVATE: "true", TRUST_PROXY: "loopback" },
    { dialect: "sqlite", browser: true },
  );
  const roles: Role[] = ["admin", "sales", "editor"];
  let adminCookie = "";
  const screens: { path: string; allowed: readonly Role[] }[] = [];

  beforeAll(async () => {
    for (const role of roles) await addStaff(running.db, `${role}-fit@example.com`, role);
    adminCookie = await signIn(running.app, "admin-fit@example.com", "staff-pass-2468");
    for (let index = 0; index < 30; index++) {
      await insertLead(running.db, {
        name: `Roberta Longname-Fitzgerald ${index}`,
        email: `roberta.longname-fitzgerald.${index}@really-long-company-domain.example`,
        company: "Northwind Performance Marketing International",
        source: "Google Ads search campaign landing page",
        utmCampaign: "winter-sale-retargeting-2026",
        utmSource: "google",
        utmMedium: "cpc",
      });
    }
    await running.db
      .insertInto("clients")
      .values(
        Array.from({ length: 12 }, (_, index) => ({
          id: newId(),
          name: `Bartholomew Featherstonehaugh-Montgomery ${index}`,
          email: `bartholomew.featherstonehaugh.${index}@a-rather-long-client-domain.example`,
          phone: "+44 20 7946 0958",
          company: "Featherstonehaugh Holdings and Associated Ventures",
          status: "active",
          address: null,
          lead_id: null,
          created_at: now(),
          updated_at: now(),
        })),
      )
      .execute();
    const context = (unique: string): MatrixContext => ({
      db: running.db,
      unique,
      adminPost: (path, fields) =>
        fetch(`${running.app.url}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: {
            cookie: adminCookie,
            origin: running.app.url,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams(fields),
        }),
      signIn: (email, password) => signIn(running.app, email, password),
      actorPost: () => Promise.reject(new Error("no actor in this test")),
      actorEmail: "",
    });
    for (const [index, row] of screenRows.entries()) {
      if (row.resource || row.status) continue;
      const fixture = row.setup ? await row.setup(context(`fit${index}`)) : {};
      const path = typeof row.path === "string" ? row.path : row.path(fixture);
      if (!screens.some((screen) => screen.path === path)) screens.push({ path, allowed: row.allowed });
    }
  });

  const sizes = [
    { name: "1280x800", width: 1280, height: 800 },
    { name: "390x844", width: 390, height: 844 },
  ];

  const cases = sizes.flatMap((size) => roles.map((role) => ({ ...size, role })));

  it.each(cases)(
    "no screen scrolls sideways or has a serious axe finding at $name for $role",
    async ({ width, height, role }) => {
      const context = await running.browser.newContext({ viewport: { width, height }, bypassCSP: true });
      const page = await context.newPage();
      await signInOnPage(page, running.app.url, `${role}-fit@example.com`, "staff-pass-2468");
      const found: string[] = [];
      for (const { path, allowed } of screens) {
        if (!allowed.includes(role)) continue;
        await page.goto(`${running.app.url}${path}`);
        await hydrated(page);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        if (scrollWidth > innerWidth) found.push(`${path}: ${scrollWidth - innerWidth}px wider than the window`);
        found.push(...(await seriousViolations(page, path)));
      }
      await context.close();
      expect(found).toEqual([]);
    },
    180_000,
  );

  it.each(["admin", "sales"] as const)(
    "shows at least 12 whole lead rows and every default column on a 1280x800 screen (%s)",
    async (role) => {
      const context = await running.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await signInOnPage(page, running.app.url, `${role}-fit@example.com`, "staff-pass-2468");
      await page.goto(`${running.app.url}/admin/leads`);
      await hydrated(page);
      const table = page.getByRole("table").first();
      const { wholeRows, headers } = await table.evaluate((element) => {
        const rows = [...element.querySelectorAll("tbody tr")].map((row) => row.getBoundingClientRect());
        const cells = [...element.querySelectorAll("thead th")].map((cell) => {
          const box = cell.getBoundingClientRect();
          return { text: cell.textContent?.trim() ?? "", visible: box.left >= 0 && box.right <= window.innerWidth };
        });
        return {
          wholeRows: rows.filter((box) => box.top >= 0 && box.bottom <= window.innerHeight).length,
          headers: cells,
        };
      });
      expect(wholeRows).toBeGreaterThanOrEqual(12);
      expect(headers.filter((header) => !header.visible)).toEqual([]);
      expect(headers.map((header) => header.text)).toEqual(
        expect.arrayContaining(["Name", "Status", "Source", "Campaign", "Owner", "Next follow-up", "Age"]),
      );
      await context.close();
    },
  );

  it("shows every default clients column without cutting them off, a name per line, at 1280x800", async () => {
    const context = await running.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInOnPage(page, running.app.url, "sales-fit@example.com", "staff-pass-2468");
    await page.goto(`${running.app.url}/admin/clients`);
    await hydrated(page);
    const { hidden, headers, tallestName } = await page.getByRole("table", { name: "Clients" }).evaluate((table) => {
      const outside = (box: DOMRect) => box.left < 0 || box.right > window.innerWidth;
      return {
        hidden: [...table.querySelectorAll("thead th, tbody td")].filter((cell) =>
          outside(cell.getBoundingClientRect()),
        ).length,
        headers: [...table.querySelectorAll("thead th")].map((cell) => cell.textContent?.trim()),
        tallestName: Math.max(
          ...[...table.querySelectorAll("tbody th button[data-row-link]")].map(
            (name) => name.getBoundingClientRect().height,
          ),
        ),
      };
    });
    expect(hidden).toBe(0);
    expect(headers).toEqual(expect.arrayContaining(["Status", "Name", "E-mail", "Phone", "Company", "Owner", "Added"]));
    // One line of text: a name wrapping onto a second line would double it.
    expect(tallestName).toBeLessThan(30);
    await context.close();
  });

  it("folds the rarer lead filters under More filters, open by itself while one of them is set, without JavaScript", async () => {
    const context = await running.browser.newContext({
      viewport: { width: 1280, height: 800 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const cookie = await signIn(running.app, "sales-fit@example.com", "staff-pass-2468", {
      "x-forwarded-for": "198.51.100.60",
    });
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name = "", ...value] = pair.split("=");
        return { name, value: value.join("="), url: running.app.url };
      }),
    );
    await page.goto(`${running.app.url}/admin/leads`);
    const more = page.locator("details[data-slot=more-filters]");
    await expect(more.evaluate((details: HTMLDetailsElement) => details.open)).resolves.toBe(false);
    await expect(page.getByLabel("Source").isVisible()).resolves.toBe(false);
    await page.getByText("More filters").click();
    await page.getByLabel("Source").selectOption("Google Ads search campaign landing page");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/source=Google/);
    await expect(more.evaluate((details: HTMLDetailsElement) => details.open)).resolves.toBe(true);
    await expect(page.getByText("More filters (1 active)").isVisible()).resolves.toBe(true);
    await expect(page.getByTestId("lead-row").count()).resolves.toBe(25);
    await expect(page.getByText("Lena Lead").count()).resolves.toBe(0);
    await context.close();
  });
});
