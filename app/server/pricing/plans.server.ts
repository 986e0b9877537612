import type { PricingPlanInput } from "~/lib/schemas/pricing";
import type { PricingPlan } from "~/lib/types/pricing";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { changedFields } from "../audit/changes.server";
import type { Database, Row } from "../db/schema.server";
import { fromBool, fromJson, newId, now, toJson } from "../db/values.server";

const auditPricingPlan = auditOf("pricing_plan");

export function toPricingPlan(row: Row<"pricing_plans">): PricingPlan {
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

async function requirePlan(db: Database, id: string) {
  const row = await db.selectFrom("pricing_plans").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "This pricing plan no longer exists.");
  return toPricingPlan(row);
}

function planColumns(input: PricingPlanInput) {
  return {
    plan_type: input.planType,
    title: input.title,
    subtitle: input.subtitle,
    description: input.description,
    price_usd: input.priceUsd,
    price_inr: input.priceInr,
    original_price_usd: input.originalPriceUsd,
    original_price_inr: input.originalPriceInr,
    features: toJson(input.features),
    winter_discount: input.winterDiscount,
    is_popular: input.isPopular,
    is_active: input.isActive,
    cta_text: input.ctaText,
    display_order: input.displayOrder,
  };
}

export async function createPlan(db: Database, input: PricingPlanInput, actor: AuditActor | null) {
  const id = newId();
  const at = now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("pricing_plans")
      .values({ id, ...planColumns(input), created_at: at, updated_at: at, updated_by: actor?.id ?? null })
      .execute();
    await auditPricingPlan(trx, actor, "pricing_plan.create", id, {
      title: input.title,
      planType: input.planType,
      priceUsd: input.priceUsd,
      priceInr: input.priceInr,
    });
  });
  return id;
}

export async function updatePlan(db: Database, id: string, input: PricingPlanInput, actor: AuditActor | null) {
  await db.transaction().execute(async (trx) => {
    const before = await requirePlan(trx, id);
    await trx
      .updateTable("pricing_plans")
      .set({ ...planColumns(input), updated_at: now(), updated_by: actor?.id ?? null })
      .where("id", "=", id)
      .execute();
    await auditPricingPlan(trx, actor, "pricing_plan.update", id, {
      title: input.title,
      changes: changedFields(before, input),
    });
  });
}

export async function setPlanActive(db: Database, id: string, isActive: boolean, actor: AuditActor | null) {
  await db.transaction().execute(async (trx) => {
    const before = await requirePlan(trx, id);
    await trx
      .updateTable("pricing_plans")
      .set({ is_active: isActive, updated_at: now(), updated_by: actor?.id ?? null })
      .where("id", "=", id)
      .execute();
    await auditPricingPlan(trx, actor, "pricing_plan.set_active", id, {
      title: before.title,
      changes: changedFields(before, { isActive }),
    });
  });
}

export async function deletePlan(db: Database, id: string, actor: AuditActor | null) {
  await db.transaction().execute(async (trx) => {
    const plan = await requirePlan(trx, id);
    await trx.deleteFrom("pricing_plans").where("id", "=", id).execute();
    await auditPricingPlan(trx, actor, "pricing_plan.delete", id, {
      title: plan.title,
      planType: plan.planType,
      priceUsd: plan.priceUsd,
      priceInr: plan.priceInr,
    });
  });
}
