import { describe, expect, it } from "vitest";
import { dialects } from "../support/databases";
import { runAppForBlock } from "../support/running-app";

const SLUG = "conversion-tracking-checklist";
const ROUNDS = 30;

describe.each(dialects)("the page cache and edits made while pages render (%s)", (dialect) => {
  const running = runAppForBlock({}, { dialect });

  const blogPage = async () => {
    const response = await fetch(`${running.app.url}/blog`);
    return { html: await response.text(), cache: response.headers.get("x-cache") };
  };

  it("never brings back a title from before an edit once the edit is saved, whatever was rendering", async () => {
    const titleOf = (round: number) => `Racing Title Round ${round} Of Thirty`;
    await running.db
      .updateTable("blog_posts")
      .set({ title: titleOf(0) })
      .where("slug", "=", SLUG)
      .execute();
    const stale: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Renders of the old title in flight (the cache empty after the last edit, so they render)...
      const inFlight = Array.from({ length: 6 }, () => blogPage());
      // ...while the edit is saved, at a moment that moves from round to round.
      await new Promise((resolve) => setTimeout(resolve, round % 8));
      await running.db
        .updateTable("blog_posts")
        .set({ title: titleOf(round) })
        .where("slug", "=", SLUG)
        .execute();
      const afterEdit = [await blogPage()];
      // The renders that began before the edit finish now, and must not have been kept.
      await Promise.all(inFlight);
      afterEdit.push(await blogPage(), await blogPage());
      for (const [index, page] of afterEdit.entries()) {
        expect(page.html, `round ${round}, request ${index}`).toContain("Racing Title Round");
        if (!page.html.includes(titleOf(round))) stale.push(`round ${round}, request ${index} (${page.cache})`);
      }
    }
    expect(stale).toEqual([]);
    // The cache still works: the last title is now served from it.
    expect((await blogPage()).cache).toBe("HIT");
  }, 120_000);
});
