import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { hydratedOnUse, islandsLoaded } from "./browser";

/**
 * What a first visit to a public page costs on the wire, measured on the production build in Chromium:
 * the bytes of JavaScript the server sends for it, compressed as Chromium asks (Accept-Encoding: br,
 * gzip…), and the CSS that holds up its first paint. Content pages load islands only; the estimator,
 * an application, loads React. Visitors arrive from ads on phones, so these limits are product rules:
 * the suite refuses a build over them and `npm run bench:pages` prints the figures.
 */
export const PAGE_BUDGET_KB = { homeJs: 15, otherJs: 20, estimatorJs: 130, css: 30 };

export function jsBudgetKb(route: string) {
  if (route === "/") return PAGE_BUDGET_KB.homeJs;
  if (route === "/cost-estimator") return PAGE_BUDGET_KB.estimatorJs;
  return PAGE_BUDGET_KB.otherJs;
}

export type PageWeight = {
  /** Each script the page loaded, with its body's bytes as they came over the wire. */
  scripts: { url: string; bytes: number; encoding: string }[];
  /** Kilobytes of JavaScript on the wire. */
  js: number;
  /** Stylesheets fetched before the first paint (none: the CSS is inline). */
  stylesheets: string[];
  /** Whether React Router hydrated the page. */
  hydrated: boolean;
  /** Kilobytes of render-blocking CSS: the inline rules (gzip level 9, as the page travels) and any stylesheet fetched. */
  css: number;
};

/**
 * Loads `url` in a fresh browser context (no cache, default motion so that decoration loads too), uses
 * it once if it hydrates on first use, waits until the network is quiet, and sums what the server sent: every script's encoded body as Chromium
 * received it, and the page's inline CSS.
 */
export async function measurePageWeight(browser: Browser, url: string): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const responses: import("playwright-core").Response[] = [];
    page.on("response", (response) => responses.push(response));
    await page.goto(url, { waitUntil: "load" });
    await islandsLoaded(page);
    // A page that hydrates on its visitor's first use counts what that use loads (React DOM).
    if (await page.locator('[data-hydrate="after-paint"]').count()) await hydratedOnUse(page);
    // Anything the islands load later counts too.
    await page.waitForLoadState("networkidle");
    const scripts: PageWeight["scripts"] = [];
    const stylesheets: string[] = [];
    const printOnly = await page.$$eval("link[rel=stylesheet][media=print]", (links) =>
      links.map((link) => (link as HTMLLinkElement).href),
    );
    let stylesheetBytes = 0;
    for (const response of responses) {
      const type = response.request().resourceType();
      if (type !== "script" && type !== "stylesheet") continue;
      const { responseBodySize } = await response.request().sizes();
      if (type === "script") {
        scripts.push({
          url: response.url(),
          bytes: responseBodySize,
          encoding: response.headers()["content-encoding"] ?? "identity",
        });
      } else if (!printOnly.includes(response.url())) {
        stylesheets.push(response.url());
        stylesheetBytes += responseBodySize;
      }
    }
    // Stylesheets kept for print only do not hold up the first paint, and are not fetched for the screen.
    const inline = await page.$$eval("style", (styles) => styles.map((style) => style.textContent ?? ""));
    const inlineBytes = inline.reduce((sum, css) => sum + gzipSync(css, { level: 9 }).length, 0);
    const hydrated = await page.evaluate(() => "__reactRouterContext" in window);
    return {
      hydrated,
      scripts,
      js: scripts.reduce((sum, script) => sum + script.bytes, 0) / 1024,
      stylesheets,
      css: (inlineBytes + stylesheetBytes) / 1024,
    };
  } finally {
    await context.close();
  }
}
