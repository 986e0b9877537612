import type { AdLogFilter } from "~/lib/schemas/ads";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import type { Database } from "../db/schema.server";
import { now } from "../db/values.server";

export const AD_LOG_PAGE = 100;

/** The newest conversions, filtered: the request as sent (identifiers masked) and the platform's answer. */
export async function listAdDeliveries(db: Database, filter: AdLogFilter) {
  let query = db
    .selectFrom("ad_conversions")
    .select([
      "id",
      "lead_id",
      "platform",
      "stage",
      "kind",
      "status",
      "attempts",
      "last_status_code",
      "last_error",
      "last_request",
      "last_response",
      "sent_at",
      "updated_at",
    ])
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(AD_LOG_PAGE);
  if (filter.platform) query = query.where("platform", "=", filter.platform);
  if (filter.stage) query = query.where("stage", "=", filter.stage);
  if (filter.status) query = query.where("status", "=", filter.status);
  return (await query.execute()).map((row) => ({
    id: row.id,
    leadId: row.lead_id,
    platform: row.platform,
    stage: row.stage,
    kind: row.kind,
    status: row.status,
    attempts: Number(row.attempts),
    statusCode: row.last_status_code,
    error: row.last_error,
    request: row.last_request,
    response: row.last_response,
    updatedAt: row.updated_at,
  }));
}

/**
 * Sends a conversion again, with the same id (the platform counts it once). Only one that went or
 * failed: one not sent for want of consent, or cancelled (spam, erased), stays as it is.
 */
export async function resendAdConversion(db: Database, conversionId: string, actor: AuditActor | null = null) {
  const at = now();
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("ad_conversions")
      .set({
        status: "queued",
        attempts: 0,
        final_attempt: false,
        next_attempt_at: at,
        locked_until: null,
        updated_at: at,
      })
      .where("id", "=", conversionId)
      .where("status", "in", ["sent", "failed"])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      throw new AppError("CONFLICT", "Only a sent or failed conversion can be sent again.");
    }
    await auditOf("ad_conversion")(trx, actor, "ad_conversion.resend", conversionId);
  });
}
