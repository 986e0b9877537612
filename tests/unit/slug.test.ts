import { describe, expect, it } from "vitest";
import { isReservedPageSlug, SLUG_PATTERN, slugify } from "~/lib/slug";

describe("slugify", () => {
  it.each([
    ["Hello World", "hello-world"],
    ["  Google Ads: 2026 Bidding Strategies!  ", "google-ads-2026-bidding-strategies"],
    ["Meta  Ads --- Creative   Testing", "meta-ads-creative-testing"],
    ["-Leading and trailing-", "leading-and-trailing"],
    ["Café & Crème", "caf-crme"],
    ["tabs\tand\nnewlines", "tabs-and-newlines"],
    ["!!!", ""],
  ])("%j → %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
    if (slug) expect(slug).toMatch(SLUG_PATTERN);
  });
});

type RouteEntry = { path?: string; children?: RouteEntry[] };

/** First path segments of the route table: top-level paths, and the paths inside path-less layouts. */
function firstSegments(entries: RouteEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.path === undefined ? firstSegments(entry.children ?? []) : [entry.path.split("/")[0]!],
  );
}

describe("reserved page slugs", () => {
  it("cover every first path segment of the route table", async () => {
    const { default: routes } = await import("~/routes");
    const segments = new Set(firstSegments(routes as RouteEntry[]).filter((segment) => segment && segment !== "*"));
    expect(segments.size).toBeGreaterThan(10);
    for (const segment of segments) expect(isReservedPageSlug(segment), segment).toBe(true);
  });

  it("cover the server's own endpoints and static folders", () => {
    for (const segment of ["healthz", "readyz", "assets", "uploads", "images", "favicon.ico", "robots.txt"]) {
      expect(isReservedPageSlug(segment), segment).toBe(true);
    }
  });
});
