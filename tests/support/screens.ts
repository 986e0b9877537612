import pixelmatch from "pixelmatch";
import type { Browser } from "playwright-core";
import { PNG } from "pngjs";

/** The two screens every public page is checked at: a laptop and a phone. */
export const SCREEN_SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;

export type Screenshot = { route: string; size: string; javaScript: boolean; png: Buffer };

export const screenshotName = (shot: Pick<Screenshot, "route" | "size" | "javaScript">) =>
  `${shot.route === "/" ? "home" : shot.route.slice(1).replaceAll("/", "_")}.${shot.size}.${shot.javaScript ? "js" : "nojs"}.png`;

/**
 * Whole-page screenshots of each route at each size, as a first visit sees them once it has settled.
 * Reduced motion stops the falling snow, the one thing on the page that is random by design.
 */
/** The country header the screenshots' server is told to read (COUNTRY_HEADER). */
const SCREENS_COUNTRY_HEADER = "cf-ipcountry";
/**
 * How the screenshots' server is started: it reads the visitor's country from SCREENS_COUNTRY_HEADER,
 * which it believes only from a proxy it trusts (the browser, on loopback). Without that every
 * visitor's country is unknown, and unknown countries are asked for consent.
 */
export const SCREENS_SERVER_ENV = { COUNTRY_HEADER: SCREENS_COUNTRY_HEADER, TRUST_PROXY: "loopback" };

export async function captureScreens(
  browser: Browser,
  baseUrl: string,
  routes: readonly string[],
  { javaScript }: { javaScript: boolean },
): Promise<Screenshot[]> {
  const shots: Screenshot[] = [];
  for (const size of SCREEN_SIZES) {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      reducedMotion: "reduce",
      javaScriptEnabled: javaScript,
      // A visitor from a country the consent banner does not ask (the server reads SCREENS_COUNTRY_HEADER).
      extraHTTPHeaders: { [SCREENS_COUNTRY_HEADER]: "US" },
    });
    try {
      for (const route of routes) {
        const page = await context.newPage();
        await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
        await page.evaluate(() => document.fonts.ready.then(() => undefined)).catch(() => undefined);
        const png = await page.screenshot({ fullPage: true, animations: "disabled", caret: "hide" });
        shots.push({ route, size: size.name, javaScript, png });
        await page.close();
      }
    } finally {
      await context.close();
    }
  }
  return shots;
}

/** How many pixels differ between two screenshots; a different page height counts every pixel. */
export function differingPixels(before: Buffer, after: Buffer) {
  const a = PNG.sync.read(before);
  const b = PNG.sync.read(after);
  if (a.width !== b.width || a.height !== b.height) {
    return {
      pixels: Math.max(a.width * a.height, b.width * b.height),
      sizes: `${a.width}×${a.height} → ${b.width}×${b.height}`,
    };
  }
  const pixels = pixelmatch(a.data, b.data, undefined, a.width, a.height, { threshold: 0.1 });
  return { pixels, sizes: `${a.width}×${a.height}` };
}
