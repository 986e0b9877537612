/** The conversions outbox: stages queued in the transaction of the change that reached them. */
import { type Insertable, sql } from "kysely";
import type { LeadStatus } from "~/lib/schemas/lead-admin";
import { idSet } from "../db/id-set.server";
import { preparedQuery } from "../db/prepared-query.server";
import type { Database, DB } from "../db/schema.server";
import { fromJson, toJson } from "../db/values.server";
import type { ConnectionSettings } from "./connections.server";
import { type AdClicks, hasClicks } from "./identifiers.server";
import { type AdPlatform, type AdStage, NEGATIVE_STAGES, type NegativeStage, RETRACTS } from "./stages.server";

export type ConversionKind = "conversion" | "retraction";
export type ConversionStatus = "queued" | "sending" | "sent" | "failed" | "not_sent" | "cancelled";

/**
 * The one id a (platform, lead, stage, kind) ever has: a second queuing of it is a no-op, and the
 * id the platform deduplicates by (`externalConversionId`) never changes between tries.
 */
export function conversionId(
  platform: AdPlatform,
  leadId: string,
  stage: AdStage,
  kind: ConversionKind = "conversion",
) {
  return `${platform}.${stage}.${leadId}${kind === "retraction" ? ".retraction" : ""}`;
}

/** What the platform sees as the conversion's id (Google's transaction id, Meta's and LinkedIn's event id). */
export function externalConversionId(leadId: string, stage: AdStage) {
  return `${leadId}.${stage}`;
}

// Both run for every visitor's lead: compiled once (see preparedQuery).
const connections = preparedQuery((db) => db.selectFrom("ad_connections").select(["platform", "settings"]));
const insertSignals = preparedQuery((db, row: Insertable<DB["lead_ad_signals"]>) =>
  db.insertInto("lead_ad_signals").values(row),
);

async function connectedStages(db: Database) {
  const { rows } = await connections(db, {});
  return rows.map((row) => ({
    platform: row.platform as AdPlatform,
    stages: fromJson<ConnectionSettings>(row.settings, { stages: {}, apiUrl: null, identity: "" }).stages,
  }));
}

function newConversion(
  platform: AdPlatform,
  leadId: string,
  stage: AdStage,
  kind: ConversionKind,
  at: string,
): Insertable<DB["ad_conversions"]> {
  return {
    id: conversionId(platform, leadId, stage, kind),
    lead_id: leadId,
    platform,
    stage,
    kind,
    occurred_at: at,
    status: "queued",
    final_attempt: false,
    next_attempt_at: at,
    locked_until: null,
    last_status_code: null,
    last_error: null,
    last_request: null,
    last_response: null,
    sent_at: null,
    created_at: at,
    updated_at: at,
  };
}

async function insertConversions(db: Database, rows: Insertable<DB["ad_conversions"]>[]) {
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto("ad_conversions")
      .values(rows.slice(start, start + 200))
      .onConflict((conflict) => conflict.column("id").doNothing())
      .execute();
  }
}

/**
 * Queues a stage the leads reached, one conversion per connected platform that sends it; call it in
 * the transaction of the change. A negative stage also takes back what it undoes: unsent conversions
 * of those stages are cancelled, sent ones retracted where the platform can (Google, by the same
 * transaction id), and the negative itself goes where a platform maps it to an event of its own.
 */
export async function queueAdStage(
  db: Database,
  leadIds: readonly string[],
  stage: AdStage,
  at: string,
  { withEvent = true }: { withEvent?: boolean } = {},
) {
  if (leadIds.length === 0) return;
  const connections = await connectedStages(db);
  if (connections.length === 0) return;
  const rows: Insertable<DB["ad_conversions"]>[] = [];
  if ((NEGATIVE_STAGES as readonly string[]).includes(stage)) {
    await takeBack(db, leadIds, stage as NegativeStage, connections, at, rows);
  }
  for (const { platform, stages } of withEvent ? connections : []) {
    if (!stages[stage]) continue;
    for (const leadId of leadIds) rows.push(newConversion(platform, leadId, stage, "conversion", at));
  }
  await insertConversions(db, rows);
}

async function takeBack(
  db: Database,
  leadIds: readonly string[],
  negative: NegativeStage,
  connections: { platform: AdPlatform }[],
  at: string,
  rows: Insertable<DB["ad_conversions"]>[],
) {
  const undone = RETRACTS[negative];
  for (let start = 0; start < leadIds.length; start += 500) {
    const chunk = leadIds.slice(start, start + 500);
    await db
      .updateTable("ad_conversions")
      .set({
        status: "cancelled",
        last_error: `Cancelled: the lead was marked ${negative.replace("_", "-")}.`,
        updated_at: at,
      })
      .where("lead_id", "in", chunk)
      .where("kind", "=", "conversion")
      .where("stage", "in", undone)
      .where("status", "in", ["queued", "failed"])
      .execute();
    if (!connections.some((connection) => connection.platform === "google")) continue;
    const sent = await db
      .selectFrom("ad_conversions")
      .select(["lead_id", "stage"])
      .where("lead_id", "in", chunk)
      .where("platform", "=", "google")
      .where("kind", "=", "conversion")
      .where("stage", "in", undone)
      .where("status", "in", ["sent", "sending"])
      .execute();
    for (const conversion of sent) {
      rows.push(newConversion("google", conversion.lead_id, conversion.stage as AdStage, "retraction", at));
    }
  }
}

/** The stage a change to this status reaches whatever the status it came from (lost depends on it). */
const positiveStageOf = (to: LeadStatus) => (to === "closed" ? null : stageOfStatusChange("new", to));

/** The stage a status change reaches: qualified, client, or lost when a qualified lead is closed. */
export function stageOfStatusChange(from: LeadStatus, to: LeadStatus): AdStage | null {
  if (to === "qualified") return "qualified";
  if (to === "converted") return "client";
  if (to === "closed" && (from === "qualified" || from === "converted")) return "lost";
  return null;
}

/** Queues the stages status changes reach; call it in the changing transaction. */
export async function queueStatusStages(
  db: Database,
  changes: readonly { leadId: string; from: LeadStatus; to: LeadStatus }[],
  at: string,
) {
  const byStage = new Map<AdStage, string[]>();
  for (const change of changes) {
    const stage = stageOfStatusChange(change.from, change.to);
    if (stage) byStage.set(stage, [...(byStage.get(stage) ?? []), change.leadId]);
  }
  for (const [stage, leadIds] of byStage) await queueAdStage(db, leadIds, stage, at);
}

/**
 * The stages a bulk change reaches, read before it is applied: each lead's status change (from its
 * own status), or spam for the leads not yet marked. Call it in the changing transaction.
 */
export async function queueBulkAdStages(
  db: Database,
  ids: readonly string[],
  change: { action: "set-status"; status: LeadStatus } | { action: "spam" | "not-spam" | "delete" },
  at: string,
) {
  if ((change.action !== "spam" && change.action !== "set-status") || ids.length === 0) return;
  const status = change.action === "set-status" ? change.status : null;
  const connections = await connectedStages(db);
  if (connections.length === 0) return;
  const reached = status ? positiveStageOf(status) : null;
  if (status && reached) {
    // Every lead whose status changes reaches the same stage, whatever it came from: one statement
    // per platform queues them all, however many leads the change holds (each id is the platform's
    // and stage's prefix of `conversionId` followed by the lead's id).
    for (const { platform, stages } of connections) {
      if (!stages[reached]) continue;
      await sql`
        insert into ad_conversions (id, lead_id, platform, stage, kind, occurred_at, status, final_attempt,
          next_attempt_at, created_at, updated_at)
        select ${conversionId(platform, "", reached)} || leads.id, leads.id, ${platform}, ${reached}, 'conversion', ${at},
          'queued', ${false}, ${at}, ${at}, ${at}
        from leads where leads.id in (${idSet(db, ids)}) and leads.status <> ${status}
        on conflict (id) do nothing`.execute(db);
    }
    return;
  }
  // Only closing a lead reaches a stage that depends on where it came from (lost, after qualified).
  if (status && status !== "closed") return;
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    if (change.action === "spam") {
      const leads = await db
        .selectFrom("leads")
        .select("id")
        .where("id", "in", chunk)
        .where("is_spam", "=", false)
        .execute();
      await queueAdStage(
        db,
        leads.map((lead) => lead.id),
        "spam",
        at,
      );
      continue;
    }
    const leads = await db
      .selectFrom("leads")
      .select(["id", "status"])
      .where("id", "in", chunk)
      .where("status", "<>", status ?? "new")
      .execute();
    await queueStatusStages(
      db,
      leads.map((lead) => ({ leadId: lead.id, from: lead.status, to: status ?? "new" })),
      at,
    );
  }
}

/** The click ids of a visit that its advertising consent lets us keep, or null (none, or refused). */
export function keptClicks(signals: { clicks: AdClicks; adUserData: boolean } | null | undefined) {
  return signals?.adUserData && hasClicks(signals.clicks) ? signals.clicks : null;
}

/**
 * A visitor's enquiry: keeps the visit's click ids (first touch stays, last touch follows the newest
 * submission) with the advertising consent it came with, and queues the `lead` stage unless it is
 * suspected spam. Call it in the capturing transaction.
 */
export async function recordLeadAdSignals(
  db: Database,
  lead: { id: string; isSpam: boolean; isNew?: boolean },
  signals: { clicks: AdClicks; adUserData: boolean; adPersonalization: boolean } | null | undefined,
  at: string,
  { returning = false }: { returning?: boolean } = {},
) {
  const clicks = keptClicks(signals) ?? {};
  // A returning person's consent only ever narrows (restrictConsent): anyone can type their e-mail,
  // so an enquiry under it moves the last touch but never grants advertising on their behalf.
  const consent = returning
    ? {}
    : { ad_user_data: signals?.adUserData ?? false, ad_personalization: signals?.adPersonalization ?? false };
  const row = { last_clicks: toJson(clicks), ...consent, updated_at: at };
  // A lead made in this transaction has no signals yet: nothing to look up.
  const existing = lead.isNew
    ? undefined
    : await db.selectFrom("lead_ad_signals").select("first_clicks").where("lead_id", "=", lead.id).executeTakeFirst();
  if (existing) {
    const first = fromJson<AdClicks>(existing.first_clicks, {});
    await db
      .updateTable("lead_ad_signals")
      .set({ ...row, ...(hasClicks(first) ? {} : { first_clicks: toJson(clicks) }) })
      .where("lead_id", "=", lead.id)
      .execute();
  } else {
    await insertSignals(db, {
      lead_id: lead.id,
      first_clicks: toJson(clicks),
      ad_user_data: false,
      ad_personalization: false,
      ...row,
      created_at: at,
    });
  }
  if (!lead.isSpam) await queueAdStage(db, [lead.id], "lead", at);
}

/**
 * A person's data is erased: their conversions not yet sent are cancelled (none goes out about them
 * any more), the click ids go with the lead, and Google, which can, retracts what it was sent (a
 * retraction carries the transaction id only, nothing of the person). Call it in the erasing transaction.
 */
export async function eraseAdConversions(db: Database, leadIds: readonly string[], at: string) {
  if (leadIds.length === 0) return;
  await queueAdStage(db, leadIds, "spam", at, { withEvent: false });
  await db
    .updateTable("ad_conversions")
    .set({
      status: "cancelled",
      last_error: "Cancelled: the person's data was erased.",
      last_request: null,
      updated_at: at,
    })
    .where("lead_id", "in", leadIds)
    .where("kind", "=", "conversion")
    .where("status", "in", ["queued", "failed"])
    .execute();
  await db.deleteFrom("lead_ad_signals").where("lead_id", "in", leadIds).execute();
}
