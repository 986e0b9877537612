import type { Database, Row } from "../db/schema.server";
import { fromBool, fromJson } from "../db/values.server";

export type PricingPlan = ReturnType<typeof toPricingPlan>;

export function toPricingPlan(row: Row<"pricing_plans">) {
  return {
    id: row.id,
    planType: row.plan_type,
    title: row.title,
    priceUsd: row.price_usd,
    priceInr: row.price_inr,
    originalPriceUsd: row.original_price_usd,
    originalPriceInr: row.original_price_inr,
    subtitle: row.subtitle,
    description: row.description,
    features: fromJson<string[]>(row.features, []),
    winterDiscount: row.winter_discount,
    isPopular: fromBool(row.is_popular),
    isActive: fromBool(row.is_active),
    ctaText: row.cta_text,
    displayOrder: row.display_order,
    updatedAt: row.updated_at,
  };
}

export async function listActivePlans(db: Database) {
  const rows = await db
    .selectFrom("pricing_plans")
    .selectAll()
    .where("is_active", "=", true)
    .orderBy("display_order")
    .orderBy("created_at")
    .execute();
  return rows.map(toPricingPlan);
}

export async function listAllPlans(db: Database) {
  const rows = await db
    .selectFrom("pricing_plans")
    .selectAll()
    .orderBy("display_order")
    .orderBy("created_at")
    .execute();
  return rows.map(toPricingPlan);
}
