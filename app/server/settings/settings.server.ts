import type { Database } from "../db/schema.server";
import { fromJson, now, toJson } from "../db/values.server";

/** Reads the given keys; values are stored as JSON text and come back parsed. Missing keys are absent. */
export async function getSettings(db: Database, keys: readonly string[]) {
  if (keys.length === 0) return {};
  const rows = await db.selectFrom("site_settings").select(["key", "value"]).where("key", "in", keys).execute();
  return Object.fromEntries(rows.map((row) => [row.key, fromJson<unknown>(row.value, null)])) as Record<
    string,
    unknown
  >;
}

export async function getSettingText(db: Database, key: string) {
  const value = (await getSettings(db, [key]))[key];
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

export async function setSetting(db: Database, key: string, value: unknown, updatedBy: string | null) {
  const at = now();
  await db
    .insertInto("site_settings")
    .values({ key, value: toJson(value), updated_by: updatedBy, updated_at: at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: toJson(value), updated_by: updatedBy, updated_at: at }))
    .execute();
}
