import { describe, expect, it } from "vitest";
import { blogPostSchema, pageSchema } from "~/lib/schemas/content";
import { pricingContentSchema, pricingPlanSchema } from "~/lib/schemas/pricing";
import { AppError } from "~/server/app-error.server";
import { listAuditEntries } from "~/server/audit/audit.server";
import {
  createPost,
  findPost,
  findPublishedPost,
  listPostCategories,
  listPosts,
  setPostStatus,
  updatePost,
} from "~/server/content/blog.server";
import {
  createPage,
  deletePage,
  findPage,
  findPublishedPage,
  listPages,
  listPublishedPages,
  setPageStatus,
  updatePage,
} from "~/server/content/pages.server";
import { listPricingContent, updatePricingContent } from "~/server/pricing/content.server";
import { createPlan, deletePlan, listAllPlans, setPlanActive, updatePlan } from "~/server/pricing/plans.server";
import { loadPublicPricing } from "~/server/pricing/public-pricing.server";
import { databasePerTest, dialects } from "../support/databases";

const actor = { id: null, email: "editor@example.com" };

function pageInput(fields: Record<string, string>) {
  return pageSchema.parse({ status: "draft", content: "", ...fields });
}

function postInput(fields: Record<string, string>) {
  return blogPostSchema.parse({ status: "draft", ...fields });
}

function planForm(fields: Record<string, string> = {}) {
  return {
    planType: "paid_ads",
    title: "Scale",
    priceUsd: "999.50",
    priceInr: "82999",
    features: "One\n\n  Two  \n",
    winterDiscount: "10",
    displayOrder: "4",
    isActive: "on",
    ...fields,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("content validation (shared by forms and actions)", () => {
  it("refuses slugs outside the slug rules and slugs of built-in routes, with a clear message", () => {
    for (const slug of ["Has Caps", "trailing-", "two--hyphens", "ünicode", "a/b", ""]) {
      const result = pageSchema.safeParse({ title: "T", slug });
      expect(result.success, slug).toBe(false);
    }
    for (const slug of ["admin", "blog", "pricing", "cost-estimator", "sitemap", "uploads", "api"]) {
      const result = pageSchema.safeParse({ title: "T", slug });
      expect(result.success, slug).toBe(false);
      expect(result.error?.issues[0]?.message).toContain(`"/${slug}" is already an address of the site`);
    }
    expect(pageSchema.safeParse({ title: "T", slug: "careers-2026" }).success).toBe(true);
    // A blog post may be called "pricing": it lives under /blog/.
    expect(blogPostSchema.safeParse({ title: "T", slug: "pricing" }).success).toBe(true);
  });

  it("limits meta title to 60 and meta description to 160 characters, and splits tags on commas", () => {
    expect(
      blogPostSchema.safeParse({ title: "T", slug: "t", metaTitle: "x".repeat(61) }).error?.issues[0]?.message,
    ).toBe("Meta title must be at most 60 characters.");
    expect(pageSchema.safeParse({ title: "T", slug: "t", metaDescription: "x".repeat(161) }).success).toBe(false);
    expect(postInput({ title: "T", slug: "t", tags: " ads , , tracking,  " }).tags).toEqual(["ads", "tracking"]);
  });

  it("accepts featured images from uploads or https only", () => {
    const image = (featuredImageUrl: string) => blogPostSchema.safeParse({ title: "T", slug: "t", featuredImageUrl });
    expect(image("/uploads/pdfs/blog-images/1700000000000.png").success).toBe(true);
    expect(image("https://cdn.example.com/a.jpg").success).toBe(true);
    expect(image("").data?.featuredImageUrl).toBeNull();
    for (const bad of [
      "http://example.com/a.jpg",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "/admin/x",
      "//evil.example/a.png",
      "/uploads/../secret",
    ]) {
      expect(image(bad).success, bad).toBe(false);
    }
  });

  it("applies the numeric rules to pricing plans", () => {
    const plan = pricingPlanSchema.parse(planForm());
    expect(plan).toMatchObject({
      priceUsd: 999.5,
      priceInr: 82999,
      originalPriceUsd: null,
      originalPriceInr: null,
      features: ["One", "Two"],
      winterDiscount: 10,
      isPopular: false,
      isActive: true,
      ctaText: "Get Started",
      displayOrder: 4,
    });
    expect(pricingPlanSchema.parse(planForm({ priceUsd: "", priceInr: "" }))).toMatchObject({
      priceUsd: 0,
      priceInr: 0,
    });
    const message = (fields: Record<string, string>) =>
      pricingPlanSchema.safeParse(planForm(fields)).error?.issues[0]?.message;
    expect(message({ priceUsd: "12.345" })).toBe("USD price can have at most 2 decimals.");
    expect(message({ priceInr: "10.5" })).toBe("INR price must be a whole number.");
    expect(message({ priceUsd: "abc" })).toBe("USD price must be a number.");
    expect(message({ priceUsd: "-1" })).toMatch(/USD price must be between 0/);
    expect(message({ winterDiscount: "101" })).toBe("Winter discount must be between 0 and 100.");
    expect(message({ winterDiscount: "5.5" })).toBe("Winter discount must be a whole number.");
    expect(message({ displayOrder: "1.5" })).toBe("Display order must be a whole number.");
    expect(message({ planType: "" })).toMatch(/Choose a plan type/);
    expect(message({ planType: "consulting" })).toMatch(/Choose a plan type/);
    expect(message({ title: " " })).toBe("Title is required.");
  });

  it("refuses invalid JSON and content that does not fit a known section", () => {
    const content = (sectionKey: string, text: string) =>
      pricingContentSchema.safeParse({ sectionKey, title: "FAQ", content: text });
    expect(content("faq", "{ not json").error?.issues[0]?.message).toMatch(/^Invalid JSON: /);
    expect(content("faq", "[1, 2]").error?.issues[0]?.message).toBe("Content must be a JSON object ({ … }).");
    expect(content("faq", '{"title": "FAQ", "questions": [{"question": "Why?"}]}').error?.issues[0]?.message).toMatch(
      /^Content does not fit the faq section: questions\.0\.answer: /,
    );
    expect(content("ongoing_management", '{"title": "Ongoing", "percentage": 250}').success).toBe(false);
    expect(content("faq", '{"title": "FAQ", "questions": [{"question": "Why?", "answer": "Because."}]}').success).toBe(
      true,
    );
    // Sections the public pages do not render only need to be a JSON object.
    expect(content("custom_note", '{"anything": [1, 2, 3]}').success).toBe(true);
  });
});

describe.each(dialects)("content administration on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("pages: unique slugs, publish date set on publishing and kept afterwards, public only when published", async () => {
    const { db } = await freshDatabase();
    const id = await createPage(db, pageInput({ title: "Careers", slug: "careers", content: "# Join us" }), actor);
    let page = await findPage(db, id);
    expect(page).toMatchObject({ status: "draft", publishedAt: null, content: "# Join us" });
    expect(await findPublishedPage(db, "careers")).toBeNull();

    const duplicate = createPage(db, pageInput({ title: "Other", slug: "careers" }), actor);
    await expect(duplicate).rejects.toThrow('Another page already uses the slug "careers".');
    await expect(duplicate).rejects.toMatchObject({ status: 409, field: "slug" });

    await setPageStatus(db, id, "published", actor);
    page = await findPage(db, id);
    const firstPublished = page!.publishedAt!;
    expect(firstPublished).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await findPublishedPage(db, "careers"))?.title).toBe("Careers");
    expect(await listPublishedPages(db)).toEqual([
      { title: "Careers", slug: "careers", updatedAt: expect.any(String) },
    ]);

    await tick();
    await updatePage(db, id, pageInput({ title: "Careers at Agency", slug: "careers", status: "published" }), actor);
    expect((await findPage(db, id))?.publishedAt).toBe(firstPublished);

    // Other statuses leave a page's publish date as it was (pages are not dated for readers).
    await setPageStatus(db, id, "archived", actor);
    expect(await findPage(db, id)).toMatchObject({ status: "archived", publishedAt: firstPublished });
    expect(await findPublishedPage(db, "careers")).toBeNull();

    await tick();
    await setPageStatus(db, id, "published", actor);
    expect((await findPage(db, id))?.publishedAt).not.toBe(firstPublished);

    const audit = await listAuditEntries(db, { entityType: "page" });
    expect(audit.map((entry) => entry.action)).toEqual([
      "page.set_status",
      "page.set_status",
      "page.update",
      "page.set_status",
      "page.create",
    ]);
    expect(audit[2]?.summary).toMatchObject({ changes: { title: { from: "Careers", to: "Careers at Agency" } } });
    expect(audit[1]?.summary).toMatchObject({ changes: { status: { from: "published", to: "archived" } } });
  });

  it("pages: search and status filter, newest update first, delete", async () => {
    const { db } = await freshDatabase();
    const first = await createPage(
      db,
      pageInput({ title: "Careers", slug: "careers", metaDescription: "Work WITH us" }),
      actor,
    );
    await tick();
    await createPage(db, pageInput({ title: "Press kit", slug: "press", status: "published" }), actor);
    expect((await listPages(db)).map((page) => page.slug)).toEqual(["press", "careers"]);
    expect((await listPages(db, { search: "with" })).map((page) => page.slug)).toEqual(["careers"]);
    expect((await listPages(db, { search: "100%" })).map((page) => page.slug)).toEqual([]);
    expect((await listPages(db, { status: "published" })).map((page) => page.slug)).toEqual(["press"]);
    await deletePage(db, first, actor);
    expect((await listPages(db)).map((page) => page.slug)).toEqual(["press"]);
    await expect(deletePage(db, first, actor)).rejects.toBeInstanceOf(AppError);
  });

  it("blog posts: publishing sets the date, re-saving keeps it, unpublishing clears it; unique slugs", async () => {
    const { db } = await freshDatabase();
    const fields = { title: "Hello", slug: "hello", category: "Guides", tags: "a, b", content: "Hi" };
    const id = await createPost(db, postInput(fields), actor);
    expect(await findPost(db, id)).toMatchObject({ status: "draft", publishedAt: null, tags: ["a", "b"] });
    expect(await findPublishedPost(db, "hello")).toBeNull();

    await expect(createPost(db, postInput({ title: "Again", slug: "hello" }), actor)).rejects.toThrow(
      'Another blog post already uses the slug "hello".',
    );

    await updatePost(db, id, postInput({ ...fields, status: "published" }), actor);
    const published = (await findPost(db, id))!.publishedAt!;
    expect(published).toBeTruthy();
    expect((await findPublishedPost(db, "hello"))?.title).toBe("Hello");

    await tick();
    await updatePost(db, id, postInput({ ...fields, title: "Hello again", status: "published" }), actor);
    expect(await findPost(db, id)).toMatchObject({ title: "Hello again", publishedAt: published });

    await setPostStatus(db, id, "draft", actor);
    expect(await findPost(db, id)).toMatchObject({ status: "draft", publishedAt: null });
    expect(await findPublishedPost(db, "hello")).toBeNull();

    await setPostStatus(db, id, "published", actor);
    expect((await findPost(db, id))?.publishedAt).toBeTruthy();

    expect(await listPostCategories(db)).toEqual(["Guides"]);
    expect((await listPosts(db, { category: "Guides", status: "published" })).map((post) => post.slug)).toEqual([
      "hello",
    ]);
    expect(await listPosts(db, { search: "nothing like it" })).toEqual([]);

    const audit = await listAuditEntries(db, { entityType: "blog_post" });
    expect(audit.find((entry) => entry.action === "blog_post.update")?.summary).toMatchObject({
      changes: { title: { from: "Hello", to: "Hello again" } },
    });
  });

  it("pricing: plans are created, edited, hidden and deleted, and the public pricing follows at once", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const growth = (await listAllPlans(db)).find((plan) => plan.title === "Growth")!;
    const edited = pricingPlanSchema.parse({
      ...planForm({
        title: "Growth",
        planType: growth.planType,
        priceUsd: "1234.56",
        priceInr: "99999",
        originalPriceUsd: "1500",
        features: growth.features.join("\n"),
        displayOrder: String(growth.displayOrder),
      }),
    });
    await updatePlan(db, growth.id, edited, actor);
    const publicGrowth = (await loadPublicPricing(db)).plans.find((plan) => plan.title === "Growth");
    expect(publicGrowth).toMatchObject({
      priceUsd: 1234.56,
      priceInr: 99999,
      originalPriceUsd: 1500,
      originalPriceInr: null,
    });

    const audit = await listAuditEntries(db, { entityType: "pricing_plan" });
    expect(audit[0]?.summary).toMatchObject({ changes: { priceUsd: { from: growth.priceUsd, to: 1234.56 } } });

    await setPlanActive(db, growth.id, false, actor);
    expect((await loadPublicPricing(db)).plans.some((plan) => plan.title === "Growth")).toBe(false);

    const newId = await createPlan(db, pricingPlanSchema.parse(planForm({ title: "Enterprise" })), actor);
    expect((await listAllPlans(db)).find((plan) => plan.id === newId)).toMatchObject({
      title: "Enterprise",
      features: ["One", "Two"],
      ctaText: "Get Started",
    });
    await deletePlan(db, newId, actor);
    expect((await listAllPlans(db)).some((plan) => plan.id === newId)).toBe(false);
  });

  it("pricing content: saves valid JSON and the public FAQ shows it", async () => {
    const { db } = await freshDatabase({ seeded: true });
    expect((await listPricingContent(db)).map((section) => section.sectionKey)).toEqual(["faq", "ongoing_management"]);
    const input = pricingContentSchema.parse({
      sectionKey: "faq",
      title: "Questions",
      content: JSON.stringify({ title: "FAQ", questions: [{ question: "Contracts?", answer: "Monthly." }] }),
    });
    await updatePricingContent(db, input, actor);
    expect((await loadPublicPricing(db)).faq).toEqual({
      title: "FAQ",
      questions: [{ question: "Contracts?", answer: "Monthly." }],
    });
    await expect(updatePricingContent(db, { ...input, sectionKey: "missing" }, actor)).rejects.toMatchObject({
      status: 404,
    });
    const audit = await listAuditEntries(db, { entityType: "pricing_content" });
    expect(audit[0]?.summary).toMatchObject({ sectionKey: "faq", changes: { title: { to: "Questions" } } });
  });

  it("seeded posts, plans and sections pass the admin's validation unchanged, so re-saving them works", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));
    const issues: unknown[] = [];
    const posts = await listPosts(db);
    const plans = await listAllPlans(db);
    const sections = await listPricingContent(db);
    // The seed's 4 posts, 5 plans and 2 content sections: every one of them is checked.
    expect([posts.length, plans.length, sections.length]).toEqual([4, 5, 2]);
    for (const post of posts) {
      const result = blogPostSchema.safeParse({
        title: post.title,
        slug: post.slug,
        excerpt: text(post.excerpt),
        content: post.content,
        featuredImageUrl: text(post.featuredImageUrl),
        category: text(post.category),
        status: post.status,
        tags: post.tags.join(", "),
        metaTitle: text(post.metaTitle),
        metaDescription: text(post.metaDescription),
        metaKeywords: text(post.metaKeywords),
      });
      if (!result.success) issues.push(post.slug, result.error.issues);
    }
    for (const plan of plans) {
      const result = pricingPlanSchema.safeParse({
        planType: plan.planType,
        title: plan.title,
        subtitle: text(plan.subtitle),
        description: text(plan.description),
        priceUsd: text(plan.priceUsd),
        priceInr: text(plan.priceInr),
        originalPriceUsd: text(plan.originalPriceUsd),
        originalPriceInr: text(plan.originalPriceInr),
        features: plan.features.join("\n"),
        winterDiscount: text(plan.winterDiscount),
        ctaText: plan.ctaText,
        displayOrder: text(plan.displayOrder),
        isPopular: plan.isPopular ? "on" : undefined,
        isActive: plan.isActive ? "on" : undefined,
      });
      if (!result.success) issues.push(plan.title, result.error.issues);
    }
    for (const section of sections) {
      const result = pricingContentSchema.safeParse({
        sectionKey: section.sectionKey,
        title: section.title,
        content: JSON.stringify(section.content, null, 2),
      });
      if (!result.success) issues.push(section.sectionKey, result.error.issues);
    }
    expect(issues).toEqual([]);
  });
});
