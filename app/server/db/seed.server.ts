import type { Transaction } from "kysely";
import type { Database, DB } from "./schema.server";
import { seedBlogPosts, seedForms, seedPlans, seedPricingContent, seedSettings } from "./seed-content.server";
import { newId, now, toJson } from "./values.server";

type SeedStep = { name: string; run: (trx: Transaction<DB>) => Promise<void> };

/**
 * Each step runs once per database, ever: a re-run, a second process starting at the same time,
 * or a staff member deleting a seeded row never brings seeded content back over their edits.
 */
const steps: SeedStep[] = [
  {
    name: "forms",
    async run(trx) {
      const at = now();
      await trx
        .insertInto("forms")
        .values(seedForms.map((form) => ({ id: newId(), ...form, status: "active", created_at: at, updated_at: at })))
        .execute();
    },
  },
  {
    name: "pricing_plans",
    async run(trx) {
      const at = now();
      await trx
        .insertInto("pricing_plans")
        .values(
          seedPlans.map((plan, index) => ({
            id: newId(),
            ...plan,
            features: toJson(plan.features),
            winter_discount: 0,
            is_active: true,
            display_order: index + 1,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
    },
  },
  {
    name: "pricing_content",
    async run(trx) {
      const at = now();
      await trx
        .insertInto("pricing_content")
        .values(
          seedPricingContent.map((section) => ({
            id: newId(),
            section_key: section.section_key,
            title: section.title,
            content: toJson(section.content),
            is_active: true,
            created_at: at,
            updated_at: at,
          })),
        )
        .onConflict((oc) => oc.column("section_key").doNothing())
        .execute();
    },
  },
  {
    name: "blog_posts",
    async run(trx) {
      await trx
        .insertInto("blog_posts")
        .values(
          seedBlogPosts.map((post) => ({
            id: newId(),
            ...post,
            tags: toJson(post.tags),
            meta_title: post.title.slice(0, 60),
            meta_description: post.excerpt.slice(0, 160),
            status: "published",
            created_at: post.published_at,
            updated_at: post.published_at,
          })),
        )
        .onConflict((oc) => oc.column("slug").doNothing())
        .execute();
    },
  },
  {
    name: "site_settings",
    async run(trx) {
      const at = now();
      await trx
        .insertInto("site_settings")
        .values(Object.entries(seedSettings).map(([key, value]) => ({ key, value: toJson(value), updated_at: at })))
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
    },
  },
];

/** Returns the names of the steps this call ran (empty when everything was seeded before). */
export async function seedDatabase(db: Database) {
  const ran: string[] = [];
  for (const step of steps) {
    const didRun = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto("seed_runs")
        .values({ name: step.name, ran_at: now() })
        .onConflict((oc) => oc.column("name").doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await step.run(trx);
      return true;
    });
    if (didRun) ran.push(step.name);
  }
  return ran;
}
