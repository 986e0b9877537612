import { beforeAll, describe, expect, it } from "vitest";
import { dialects } from "../support/databases";
import { runAppForBlock } from "../support/running-app";
import { addStaff, signIn } from "../support/staff";

const SLUG = "racing-title-post";
const ROUNDS = 30;
const titleOf = (round: number) => `Racing Title Round ${round} Of Thirty`;

describe.each(dialects)("the page cache and edits saved while pages render (%s)", (dialect) => {
  const running = runAppForBlock({}, { dialect });
  let editor = "";

  beforeAll(async () => {
    const user = await addStaff(running.db, "racing.editor@example.com", "editor");
    editor = await signIn(running.app, user.email, user.password);
  });

  /** Visitors whose copies of the page differ (currency, consent choice): each is a render of its own. */
  const variants = ["", "currency=INR", "consent=1.a1m1.abcdefghijkl", "consent=1.a0m0.abcdefghijkl"];

  const blogPage = async (cookie = "") => {
    const response = await fetch(`${running.app.url}/blog`, { headers: cookie ? { cookie } : {} });
    return { html: await response.text(), cache: response.headers.get("x-cache") };
  };

  /** Saves the post through the blog screen, as an editor would; resolves with the answer's status. */
  const savePost = async (round: number, id = "") => {
    const response = await fetch(`${running.app.url}/admin/blog`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: editor, origin: running.app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "save",
        ...(id ? { id } : {}),
        title: titleOf(round),
        slug: SLUG,
        content: "Words about racing.",
        status: "published",
      }),
    });
    await response.body?.cancel();
    return response.status;
  };

  it("never brings back a title from before an edit once the edit is saved, whatever was rendering", async () => {
    expect(await savePost(0)).toBe(200);
    const { id } = await running.db
      .selectFrom("blog_posts")
      .select("id")
      .where("slug", "=", SLUG)
      .executeTakeFirstOrThrow();
    const stale: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Renders of the old title begin (the last edit emptied the cache), one per variant...
      const inFlight = variants.map((cookie) => blogPage(cookie));
      await new Promise((resolve) => setTimeout(resolve, round % 5));
      // ...and the edit is saved while they, and others asking meanwhile, are under way.
      const saved = savePost(round, id);
      inFlight.push(...variants.map((cookie) => blogPage(cookie)));
      expect(await saved).toBe(200);
      const afterEdit = [];
      for (const cookie of variants) afterEdit.push(await blogPage(cookie));
      // The renders that began before the edit finish, and must not have been kept.
      await Promise.all(inFlight);
      for (const cookie of variants) afterEdit.push(await blogPage(cookie));
      for (const [index, page] of afterEdit.entries()) {
        expect(page.html, `round ${round}, request ${index}`).toContain("Racing Title Round");
        if (!page.html.includes(titleOf(round))) stale.push(`round ${round}, request ${index} (${page.cache})`);
      }
    }
    expect(stale).toEqual([]);
    // The cache still works: the last title is served from it.
    expect((await blogPage()).cache).toBe("HIT");
  }, 180_000);
});
