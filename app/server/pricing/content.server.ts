import type { PricingContentInput } from "~/lib/schemas/pricing";
import type { PricingContentSection } from "~/lib/types/pricing";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { changedFields } from "../audit/changes.server";
import type { Database, Row } from "../db/schema.server";
import { fromBool, fromJson, now, toJson } from "../db/values.server";

const auditPricingContent = auditOf("pricing_content");

export function toPricingContent(row: Row<"pricing_content">): PricingContentSection {
  return {
    id: row.id,
    sectionKey: row.section_key,
    title: row.title,
    isActive: fromBool(row.is_active),
    content: fromJson<Record<string, unknown>>(row.content, {}),
    updatedAt: row.updated_at,
  };
}

/** Active sections keyed by section_key, as the public pages look them up. */
export async function loadActivePricingContent(db: Database) {
  const rows = await db.selectFrom("pricing_content").selectAll().where("is_active", "=", true).execute();
  return Object.fromEntries(rows.map((row) => [row.section_key, toPricingContent(row)]));
}

/** Every section, as the admin's Content Sections tab lists them. */
export async function listPricingContent(db: Database) {
  const rows = await db.selectFrom("pricing_content").selectAll().orderBy("section_key").execute();
  return rows.map(toPricingContent);
}

export async function updatePricingContent(db: Database, input: PricingContentInput, actor: AuditActor | null) {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("pricing_content")
      .selectAll()
      .where("section_key", "=", input.sectionKey)
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", "This content section no longer exists.");
    const before = toPricingContent(row);
    await trx
      .updateTable("pricing_content")
      .set({ title: input.title, content: toJson(input.content), updated_at: now(), updated_by: actor?.id ?? null })
      .where("id", "=", row.id)
      .execute();
    await auditPricingContent(trx, actor, "pricing_content.update", row.id, {
      sectionKey: input.sectionKey,
      changes: changedFields(before, { title: input.title, content: input.content }),
    });
  });
}
