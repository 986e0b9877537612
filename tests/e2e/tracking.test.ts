import { afterEach, describe, expect, it } from "vitest";
import { setSetting } from "~/server/settings/settings.server";
import { islandsLoaded } from "../support/browser";
import { runAppForBlock } from "../support/running-app";

const CUSTOM_CODE = `<meta name="site-verification" content="abc123"><script>window.customHeadRan = (window.customHeadRan || 0) + 1;</script>`;

/** The visitor is in a country where consent is not asked (a visitor whose country is unknown is asked). */
const COUNTRY_HEADER = "X-Visitor-Country";
const NOT_ASKED = { [COUNTRY_HEADER]: "US" };

describe("analytics, pixel and custom head code", () => {
  const running = runAppForBlock({ TRUST_PROXY: "loopback", COUNTRY_HEADER }, { browser: true });
  afterEach(async () => {
    await running.db
      .deleteFrom("site_settings")
      .where("key", "in", ["google_analytics_id", "facebook_pixel_id", "custom_head_code"])
      .execute();
  });

  const get = async (path: string) => {
    const response = await fetch(`${running.app.url}${path}`, { headers: NOT_ASKED });
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    return { status: response.status, html: await response.text(), csp, nonce };
  };

  /** The page was rendered whole, under a policy whose nonce its own scripts carry. */
  const expectRenderedPage = ({ html, csp, nonce }: { html: string; csp: string; nonce?: string }, title: string) => {
    expect(nonce).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toContain(`'nonce-${nonce}'`);
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).toMatch(new RegExp(`<title>[^<]*${title}[^<]*</title>`));
  };

  /** The home page, rendered whole, with the analytics tag neither in it nor in its policy. */
  const homeWithoutAnalytics = async () => {
    const page = await get("/");
    expect(page.status).toBe(200);
    expectRenderedPage(page, "ScaleLeap");
    expect(page.html).not.toContain("googletagmanager");
    expect(page.csp).not.toContain("googletagmanager");
    return page;
  };

  it("loads no third-party script while no id is set", async () => {
    const { html, csp } = await homeWithoutAnalytics();
    expect(html).not.toContain("fbevents");
    expect(csp).not.toContain("facebook");
  });

  it("loads the analytics tag and the pixel once their ids are set, allowed by this page's policy", async () => {
    await setSetting(running.db, "google_analytics_id", "G-AB12CD34EF", null);
    await setSetting(running.db, "facebook_pixel_id", "123456789012345", null);
    const { html, csp, nonce } = await get("/pricing");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain(
      `<script async src="https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF" nonce="${nonce}">`,
    );
    expect(head).toContain('gtag("config","G-AB12CD34EF")');
    expect(head).toContain('fbq("init","123456789012345")');
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/connect\.facebook\.net/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
  });

  it("ignores ids in the wrong format instead of printing them into a script", async () => {
    await setSetting(running.db, "google_analytics_id", `G-1");alert(1);//`, null);
    await setSetting(running.db, "facebook_pixel_id", "12345", null);
    const { html } = await homeWithoutAnalytics();
    expect(html).not.toContain("alert(1)");
    expect(html).not.toContain("fbq(");
  });

  it("puts custom head code and tracking on public pages only, never on the admin", async () => {
    await setSetting(running.db, "google_analytics_id", "G-AB12CD34EF", null);
    await setSetting(running.db, "custom_head_code", CUSTOM_CODE, null);
    for (const [path, status] of [
      ["/", 200],
      ["/blog", 200],
      ["/no-such-page", 404],
    ] as const) {
      const page = await get(path);
      expect(page.status, path).toBe(status);
      expect(page.html.slice(0, page.html.indexOf("</head>")), path).toContain('name="site-verification"');
      expect(page.html, path).toContain("googletagmanager.com/gtag/js?id=G-AB12CD34EF");
    }
    // Anonymous visitors of /admin land on the sign-in page.
    for (const [path, title] of [
      ["/admin/login", "Sign in"],
      ["/admin", "Sign in"],
      ["/admin/setup", "Admin Setup"],
    ] as const) {
      const page = await get(path);
      const { html, csp } = page;
      expect(page.status, path).toBe(200);
      expectRenderedPage(page, title);
      expect(html, path).not.toContain("site-verification");
      expect(html, path).not.toContain("googletagmanager");
      expect(csp, path).not.toContain("googletagmanager");
    }
    const robotsResponse = await fetch(`${running.app.url}/robots.txt`);
    expect(robotsResponse.status).toBe(200);
    const robots = await robotsResponse.text();
    expect(robots).toContain("User-agent: *");
    expect(robots).not.toContain("site-verification");
  });

  it("runs the custom head code's scripts exactly once in the browser, without breaking the page", async () => {
    await setSetting(running.db, "custom_head_code", CUSTOM_CODE, null);
    // A visitor who accepted: a choice travels in a cookie, which the pages the browser prerenders
    // carry too (the header a test adds does not reach them).
    const context = await running.browser.newContext();
    await context.addCookies([{ name: "consent", value: "1.a1m1.accepted-visitor", url: running.app.url }]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${running.app.url}/pricing`);
    await islandsLoaded(page);
    expect(await page.evaluate(() => (window as { customHeadRan?: number }).customHeadRan)).toBe(1);
    // The page's own scripts still work beside it, and the next page runs the code once again.
    await page.getByRole("link", { name: "About" }).first().click();
    await page.waitForURL(`${running.app.url}/about`);
    expect(await page.evaluate(() => (window as { customHeadRan?: number }).customHeadRan)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
