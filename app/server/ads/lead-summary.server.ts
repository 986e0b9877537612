import type { LeadAdSummary } from "~/lib/types/ads";
import type { Database } from "../db/schema.server";
import { fromBool, fromJson } from "../db/values.server";

/** What the lead page shows of a lead's ad signals and conversions. */
export async function leadAdSummary(db: Database, leadId: string): Promise<LeadAdSummary> {
  const [signals, conversions] = await Promise.all([
    db.selectFrom("lead_ad_signals").selectAll().where("lead_id", "=", leadId).executeTakeFirst(),
    db
      .selectFrom("ad_conversions")
      .select(["id", "platform", "stage", "kind", "status", "last_error", "updated_at"])
      .where("lead_id", "=", leadId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  ]);
  const clicks = (value: unknown) => {
    const { at: _at, ...rest } = fromJson<Record<string, string>>(value, {});
    return rest;
  };
  return {
    consent: signals
      ? { adUserData: fromBool(signals.ad_user_data), adPersonalization: fromBool(signals.ad_personalization) }
      : null,
    firstClicks: signals ? clicks(signals.first_clicks) : {},
    lastClicks: signals ? clicks(signals.last_clicks) : {},
    conversions: conversions.map((row) => ({
      id: row.id,
      platform: row.platform,
      stage: row.stage,
      kind: row.kind,
      status: row.status,
      lastError: row.last_error,
      updatedAt: row.updated_at,
    })),
  };
}
