import type { Database, Row } from "../db/schema.server";
import { fromBool, fromJson } from "../db/values.server";

export type PricingContentSection = ReturnType<typeof toPricingContent>;

export function toPricingContent(row: Row<"pricing_content">) {
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
