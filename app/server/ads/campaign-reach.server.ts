import { sql } from "kysely";
import type { Database } from "../db/schema.server";
import { AD_PLATFORMS, type AdPlatform, POSITIVE_STAGES } from "./stages.server";

type Stage = (typeof POSITIVE_STAGES)[number];

/** Per stage: conversions sent to the platform (tried at least once) and those it accepted. */
export type StageReach = Record<Stage, { sent: number; accepted: number }>;

export type CampaignReachRow = {
  campaign: string;
  source: string;
  medium: string;
  platform: AdPlatform;
  stages: StageReach;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How many of each stage reached each ad platform, by the campaign the lead came from: the leads of
 * the funnel's range (dated by when they came in, UTC days, spam left out, as the funnel counts them).
 * "Sent" counts conversions tried at least once, "accepted" those the platform answered with success;
 * conversions never sent (no consent, cancelled) count in neither.
 */
export async function campaignAdReach(db: Database, range: { from: string; to: string }) {
  const from = `${range.from}T00:00:00.000Z`;
  const to = new Date(Date.parse(`${range.to}T00:00:00.000Z`) + DAY_MS).toISOString();
  const rows = await db
    .selectFrom("ad_conversions")
    .innerJoin("leads", "leads.id", "ad_conversions.lead_id")
    .where("ad_conversions.kind", "=", "conversion")
    .where("ad_conversions.stage", "in", [...POSITIVE_STAGES])
    // Claimed at least once and not closed unsent: a claim counts an attempt even when consent then stops it.
    .where("ad_conversions.attempts", ">", 0)
    .where("ad_conversions.status", "not in", ["not_sent", "cancelled"])
    .where("leads.is_spam", "=", false)
    .where("leads.created_at", ">=", from)
    .where("leads.created_at", "<", to)
    .select([
      sql<string>`coalesce(leads.utm_campaign, '')`.as("campaign"),
      sql<string>`coalesce(leads.utm_source, '')`.as("source"),
      sql<string>`coalesce(leads.utm_medium, '')`.as("medium"),
      "ad_conversions.platform",
      "ad_conversions.stage",
      sql<number>`count(*)`.as("sent"),
      sql<number>`sum(case when ad_conversions.status = 'sent' then 1 else 0 end)`.as("accepted"),
    ])
    .groupBy([
      sql`coalesce(leads.utm_campaign, '')`,
      sql`coalesce(leads.utm_source, '')`,
      sql`coalesce(leads.utm_medium, '')`,
      "ad_conversions.platform",
      "ad_conversions.stage",
    ])
    .execute();
  const byKey = new Map<string, CampaignReachRow>();
  for (const row of rows) {
    if (!(AD_PLATFORMS as readonly string[]).includes(row.platform)) continue;
    const key = [row.campaign, row.source, row.medium, row.platform].join("\u0000");
    const entry =
      byKey.get(key) ??
      ({
        campaign: row.campaign,
        source: row.source,
        medium: row.medium,
        platform: row.platform as AdPlatform,
        stages: Object.fromEntries(POSITIVE_STAGES.map((stage) => [stage, { sent: 0, accepted: 0 }])) as StageReach,
      } satisfies CampaignReachRow);
    byKey.set(key, entry);
    entry.stages[row.stage as Stage] = { sent: Number(row.sent), accepted: Number(row.accepted) };
  }
  // Campaigns by name (no campaign last), then the platforms in their usual order.
  return [...byKey.values()].sort(
    (a, b) =>
      Number(a.campaign === "") - Number(b.campaign === "") ||
      a.campaign.localeCompare(b.campaign) ||
      a.source.localeCompare(b.source) ||
      a.medium.localeCompare(b.medium) ||
      AD_PLATFORMS.indexOf(a.platform) - AD_PLATFORMS.indexOf(b.platform),
  );
}
