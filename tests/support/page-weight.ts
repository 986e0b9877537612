import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * What a first visit to a public page costs, measured on the production build: the gzip bytes of the
 * JavaScript it loads (entry and preloaded chunks) and of the CSS that holds up its first paint.
 * Visitors arrive from ads on phones, so these limits are product rules: the suite refuses a build
 * over them and `npm run bench:pages` prints the figures.
 */
export const PAGE_BUDGET_KB = { homeJs: 120, otherJs: 130, css: 30 };

export function jsBudgetKb(route: string) {
  return route === "/" ? PAGE_BUDGET_KB.homeJs : PAGE_BUDGET_KB.otherJs;
}

const root = path.resolve(import.meta.dirname, "../..");
const sizes = new Map<string, number>();

/** Gzip kilobytes (level 9, as a CDN or `gzip_static` would serve) of one built asset. */
export function assetGzipKb(assetPath: string) {
  let size = sizes.get(assetPath);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(root, "build/client", assetPath)), { level: 9 }).length / 1024;
    sizes.set(assetPath, size);
  }
  return size;
}

/** The JavaScript and render-blocking CSS a page's HTML makes the browser load, in gzip kilobytes. */
export function pageWeight(html: string) {
  const scripts = new Set([
    ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/import \* as \w+ from "([^"]+)"/g)].map((m) => m[1]!),
  ]);
  // A print-only stylesheet (kept for hydration) does not hold up the first paint.
  const styles = new Set(
    [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)]
      .filter((m) => !m[0].includes('media="print"'))
      .map((m) => m[1]!),
  );
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce(
    (sum, match) => sum + gzipSync(match[1]!, { level: 9 }).length / 1024,
    0,
  );
  return {
    scripts: [...scripts],
    js: [...scripts].reduce((sum, asset) => sum + assetGzipKb(asset), 0),
    css: [...styles].reduce((sum, asset) => sum + assetGzipKb(asset), 0) + inlineCss,
  };
}
