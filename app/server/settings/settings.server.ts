import { createHash } from "node:crypto";
import { type SiteFileKey, siteFiles } from "~/lib/uploads";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { preparedQuery } from "../db/prepared-query.server";
import type { Database } from "../db/schema.server";
import { fromJson, now, toJson } from "../db/values.server";

const auditSiteSettings = auditOf("site_settings");

/**
 * The settings read, compiled once per number of keys: every visitor's lead reads a few (consent,
 * the agency's country), and Kysely building the query each time cost more than SQLite's read.
 */
const settingsByKeys = preparedQuery((db, keys: Record<string, string>) =>
  db.selectFrom("site_settings").select(["key", "value"]).where("key", "in", Object.values(keys)),
);
const keyArguments = (keys: readonly string[]) => Object.fromEntries(keys.map((key, index) => [`k${index}`, key]));

/** Reads the given keys; values are stored as JSON text and come back parsed. Missing keys are absent. */
export async function getSettings(db: Database, keys: readonly string[]) {
  if (keys.length === 0) return {};
  const { rows } = await settingsByKeys(db, keyArguments(keys));
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

/** The settings screen's sections, by the keys each edits. */
export const SITE_INFORMATION_KEYS = ["site_title", "site_meta_description", "notification_emails"] as const;
export const SITE_FILE_KEYS = Object.keys(siteFiles) as SiteFileKey[];
export const ANALYTICS_KEYS = ["google_analytics_id", "facebook_pixel_id", "custom_head_code"] as const;
export const PRIVACY_KEYS = [
  "consent_banner",
  "consent_scope",
  "consent_policy_version",
  "custom_head_code_category",
  "retention_events_months",
  "retention_consent_months",
  "retention_mails_months",
] as const;

/** Every key the settings screen edits. */
export const SITE_SETTING_KEYS = [
  ...SITE_INFORMATION_KEYS,
  ...SITE_FILE_KEYS,
  ...ANALYTICS_KEYS,
  ...PRIVACY_KEYS,
] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];
export type SiteSettingValues = Record<SiteSettingKey, string | null>;

/** The settings screen's values: text or null when unset. */
export async function loadSiteSettings(db: Database): Promise<SiteSettingValues> {
  const values = await getSettings(db, SITE_SETTING_KEYS);
  return Object.fromEntries(
    SITE_SETTING_KEYS.map((key) => {
      // A list (notification_emails set before the screen had it) shows as the screen writes it.
      const value = Array.isArray(values[key]) ? values[key].join(", ") : values[key];
      return [key, typeof value === "string" && value !== "" ? value : null];
    }),
  ) as SiteSettingValues;
}

/** Large or code-like values are summarised in the audit log instead of copied into it. */
function auditValue(key: string, value: string | null) {
  if (value === null) return null;
  if (key !== "custom_head_code") return value;
  const digest = createHash("sha256").update(value).digest("hex").slice(0, 12);
  return `${value.length} characters (sha256 ${digest}…)`;
}

/**
 * Applies the given changes in one transaction (an empty value or null removes the setting) and writes one
 * audit entry listing each changed key with its old and new value. Returns the previous values of what changed.
 */
export async function updateSettings(
  db: Database,
  changes: Partial<Record<SiteSettingKey, string | null>>,
  actor: AuditActor,
) {
  return db.transaction().execute(async (trx) => {
    const keys = Object.keys(changes) as SiteSettingKey[];
    const current = await getSettings(trx, keys);
    const previous: Partial<Record<SiteSettingKey, string | null>> = {};
    const summary: Record<string, { from: string | null; to: string | null }> = {};
    const at = now();
    for (const key of keys) {
      const before = typeof current[key] === "string" && current[key] !== "" ? (current[key] as string) : null;
      const after = changes[key] === "" ? null : (changes[key] ?? null);
      if (before === after) continue;
      previous[key] = before;
      summary[key] = { from: auditValue(key, before), to: auditValue(key, after) };
      if (after === null) {
        await trx.deleteFrom("site_settings").where("key", "=", key).execute();
      } else {
        await trx
          .insertInto("site_settings")
          .values({ key, value: toJson(after), updated_by: actor.id, updated_at: at })
          .onConflict((oc) =>
            oc.column("key").doUpdateSet({ value: toJson(after), updated_by: actor.id, updated_at: at }),
          )
          .execute();
      }
    }
    const changed = Object.keys(summary) as SiteSettingKey[];
    if (changed.length > 0) {
      await auditSiteSettings(trx, actor, "settings.update", changed.length === 1 ? changed[0] : null, summary);
    }
    return { changed, previous };
  });
}
