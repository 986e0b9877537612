import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { csvLine } from "../csv.server";
import type { Database } from "../db/schema.server";
import { fromBool, fromJson, toJson } from "../db/values.server";
import type { ConnectionSettings } from "./connections.server";
import { externalConversionId } from "./conversions.server";
import type { AdClicks } from "./identifiers.server";
import { googleAdsDateTime } from "./platforms.server";
import type { AdStage } from "./stages.server";
import { type ConversionValue, conversionValueOf, latestEstimates } from "./values.server";

const FILE_DAYS = 90;
const auditAdConnection = auditOf("ad_connection");
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

type FileSettings = ConnectionSettings & { fileTokenHash?: string };

/**
 * Makes (or replaces) the private address of Google's scheduled-import file: a random token of which
 * only the hash is kept, so the address is shown once; a new one revokes the old.
 */
export async function createConversionFileToken(db: Database, actor: AuditActor | null = null) {
  const token = randomBytes(24).toString("base64url");
  await setFileTokenHash(db, hashOf(token), actor, "ad_platform.file_url");
  return token;
}

export async function revokeConversionFileToken(db: Database, actor: AuditActor | null = null) {
  await setFileTokenHash(db, undefined, actor, "ad_platform.file_revoke");
}

async function setFileTokenHash(db: Database, hash: string | undefined, actor: AuditActor | null, action: string) {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("ad_connections")
      .select("settings")
      .where("platform", "=", "google")
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", "Connect Google Ads first.");
    const settings = fromJson<FileSettings>(row.settings, { stages: {}, apiUrl: null, identity: "" });
    await trx
      .updateTable("ad_connections")
      .set({ settings: toJson({ ...settings, fileTokenHash: hash }) })
      .where("platform", "=", "google")
      .execute();
    await auditAdConnection(trx, actor, action, "google");
  });
}

/**
 * Google's offline conversion upload file for the last 90 days: one row per stage a lead with a Google
 * click id reached, its consent columns from the lead's own record; leads whose consent refused
 * advertising, and conversions cancelled (spam, lost, erased), are left out. Null for an unknown token.
 */
export async function googleConversionFile(db: Database, token: string, nowMs = Date.now()) {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const row = await db
    .selectFrom("ad_connections")
    .select("settings")
    .where("platform", "=", "google")
    .executeTakeFirst();
  const settings = row ? fromJson<FileSettings>(row.settings, { stages: {}, apiUrl: null, identity: "" }) : null;
  if (!settings?.fileTokenHash || settings.fileTokenHash !== hashOf(token)) return null;
  const since = new Date(nowMs - FILE_DAYS * 24 * 60 * 60_000).toISOString();
  const rows = await db
    .selectFrom("ad_conversions")
    .innerJoin("lead_ad_signals", "lead_ad_signals.lead_id", "ad_conversions.lead_id")
    .select([
      "ad_conversions.lead_id",
      "ad_conversions.stage",
      "ad_conversions.occurred_at",
      "lead_ad_signals.last_clicks",
      "lead_ad_signals.ad_user_data",
      "lead_ad_signals.ad_personalization",
    ])
    .where("ad_conversions.platform", "=", "google")
    .where("ad_conversions.kind", "=", "conversion")
    .where("ad_conversions.status", "not in", ["cancelled", "not_sent"])
    .where("ad_conversions.occurred_at", ">=", since)
    // A retracted conversion (spam, lost, erased) is not imported again.
    .where(
      sql<boolean>`not exists (select 1 from ad_conversions retracted where retracted.id = ad_conversions.id || '.retraction')`,
    )
    .orderBy("ad_conversions.occurred_at")
    .execute();
  let text = "Parameters:TimeZone=+0000\r\n";
  text += csvLine([
    "Google Click ID",
    "Conversion Name",
    "Conversion Time",
    "Conversion Value",
    "Conversion Currency",
    "Order ID",
    "Ad User Data",
    "Ad Personalization",
  ]);
  const estimates =
    settings.values?.client === "estimate"
      ? await latestEstimates(db, [...new Set(rows.map((row) => row.lead_id))])
      : new Map<string, ConversionValue>();
  for (const conversion of rows) {
    const value = conversionValueOf(settings, conversion.stage as AdStage, estimates.get(conversion.lead_id));
    const gclid = fromJson<AdClicks>(conversion.last_clicks, {}).gclid;
    const name = settings.stages[conversion.stage as AdStage];
    if (!gclid || !name || !fromBool(conversion.ad_user_data)) continue;
    text += csvLine([
      gclid,
      name,
      googleAdsDateTime(conversion.occurred_at).replace("+00:00", ""),
      value ? value.amount.toFixed(2) : "",
      value ? value.currency : "",
      externalConversionId(conversion.lead_id, conversion.stage as AdStage),
      "Granted",
      fromBool(conversion.ad_personalization) ? "Granted" : "Denied",
    ]);
  }
  return text;
}
