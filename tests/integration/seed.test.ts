import { describe, expect, it } from "vitest";
import { seedDatabase } from "~/server/db/seed.server";
import { listActivePlans } from "~/server/pricing/plans.server";
import { getSettings } from "~/server/settings/settings.server";
import { databasePerTest, dialects, type TestDatabase } from "../support/databases";

async function countRows(database: TestDatabase) {
  const counts: Record<string, number> = {};
  for (const table of ["forms", "pricing_plans", "pricing_content", "blog_posts", "site_settings"] as const) {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

describe.each(dialects)("seed on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("creates the content the public flows need", async () => {
    const database = await freshDatabase({ seeded: true });

    const forms = await database.db.selectFrom("forms").select("name").orderBy("name").execute();
    expect(forms.map((form) => form.name)).toEqual([
      "Contact Form",
      "Cost Estimator",
      "Newsletter Signup",
      "PDF Download Form",
    ]);

    const plans = await listActivePlans(database.db);
    expect(plans.map((plan) => [plan.title, plan.priceUsd, plan.originalPriceUsd, plan.isPopular])).toEqual([
      ["Starter", 199, null, false],
      ["Growth", 699, null, true],
      ["Scale", 1549, null, false],
      ["Conversion Tracking Setup", 974, 1299, false],
      ["Marketing Automation Setup", 1274, 1699, false],
    ]);
    expect(plans[0]?.features).toContain("Up to 3 campaigns");
    expect(plans[1]?.features).toContain("Up to 10 campaigns");
    expect(plans[2]?.features).toContain("Up to 30 campaigns");

    const posts = await database.db.selectFrom("blog_posts").select(["status", "published_at"]).execute();
    expect(posts).toHaveLength(4);
    expect(posts.every((post) => post.status === "published" && post.published_at)).toBe(true);

    expect(await getSettings(database.db, ["site_title"])).toEqual({ site_title: "ScaleLeap" });
  });

  it("is idempotent and never overwrites what staff edited or deleted", async () => {
    const database = await freshDatabase();
    expect(await seedDatabase(database.db)).toHaveLength(5);
    const before = await countRows(database);

    await database.db.updateTable("pricing_plans").set({ price_usd: 749 }).where("title", "=", "Growth").execute();
    await database.db.deleteFrom("blog_posts").where("slug", "=", "meta-ads-creative-testing").execute();

    expect(await seedDatabase(database.db)).toEqual([]);
    const after = await countRows(database);
    expect(after).toEqual({ ...before, blog_posts: before.blog_posts! - 1 });
    const growth = (await listActivePlans(database.db)).find((plan) => plan.title === "Growth");
    expect(growth?.priceUsd).toBe(749);
  });
});
