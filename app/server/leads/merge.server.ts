import type { Transaction, Updateable } from "kysely";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import type { Database, DB, Row } from "../db/schema.server";
import { fromBool, fromJson, newId, now, toJson } from "../db/values.server";
import { recordWebhookEvent, webhookLead } from "../webhooks/events.server";
import { normalizeEmail } from "./identity.server";

const auditLead = auditOf("lead");

/** An unmerge puts both leads back within this many days of the merge. */
export const UNMERGE_DAYS = 30;

/**
 * Every column that points at a lead, table by table. A merge moves each of their rows to the
 * survivor and an unmerge moves back exactly the rows it moved. A test reads the tables that have a
 * `lead_id` (or a foreign key to leads) from the schema and compares them with this list, so a new
 * table that refers to leads cannot be forgotten here.
 */
export const LEAD_REFERENCES = [
  "form_submissions",
  "lead_notes",
  "lead_status_changes",
  "bookings",
  "email_outbox",
  "webhook_events",
  "clients",
] as const;

/**
 * Tables that refer to a lead but stay out of a merge: a conversion was told to the ad platforms under
 * its lead's id, which its retractions must name again, so it keeps it; a lead's click ids go with the
 * merged-away lead, the survivor's own first and last touch standing for the person.
 */
export const LEAD_REFERENCES_LEFT_OUT = ["ad_conversions", "lead_ad_signals"] as const;
type ReferencingTable = (typeof LEAD_REFERENCES)[number];

/** The fields staff choose between, per field, when two leads are one person. */
export const MERGE_FIELDS = ["name", "email", "phone", "company", "message", "status", "owner_id"] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

type LeadRow = Row<"leads">;
/** The rows a merge moved, table by table, and the survivor's fields that took this lead's value. */
type Moved = Partial<Record<ReferencingTable | "audit_logs" | "taken_fields", string[]>> & {
  /** The merged lead's click ids and consent, which go with it, and the survivor's consent before. */
  ad_signals?: Row<"lead_ad_signals"> | null;
  survivor_consent?: Consent | null;
};
type Consent = { ad_user_data: boolean; ad_personalization: boolean };

/** Consent as stored, or none recorded (which allows nothing). */
function consentOf(
  row: { ad_user_data: boolean | number | null; ad_personalization: boolean | number | null } | null | undefined,
) {
  return row
    ? { ad_user_data: fromBool(row.ad_user_data), ad_personalization: fromBool(row.ad_personalization) }
    : { ad_user_data: false, ad_personalization: false };
}

/** The most restrictive of several consents: a purpose is allowed only when every one allows it. */
function mostRestrictive(consents: Consent[]): Consent {
  return {
    ad_user_data: consents.every((consent) => consent.ad_user_data),
    ad_personalization: consents.every((consent) => consent.ad_personalization),
  };
}

async function adSignalsOf(trx: Transaction<DB>, ids: string[]) {
  const rows = await trx.selectFrom("lead_ad_signals").selectAll().where("lead_id", "in", ids).execute();
  return new Map(rows.map((row) => [row.lead_id, row]));
}

export type MergeRequest = {
  survivorId: string;
  mergedIds: string[];
  /** For each field, the lead whose value the survivor keeps (the survivor's own when absent). */
  choices?: Partial<Record<MergeField, string>>;
};

/** Whether this person may merge or unmerge these leads: admins any; sales those they own or no one owns. */
export function mayMerge(actor: { id: string; role: string | null }, leads: Pick<LeadRow, "owner_id">[]) {
  if (actor.role === "admin") return true;
  if (actor.role !== "sales") return false;
  return leads.every((lead) => lead.owner_id === null || lead.owner_id === actor.id);
}

/** A lead's stored columns, without the search text each database derives from them. */
function storedColumns(row: LeadRow): LeadRow {
  const { search_text: _derived, ...stored } = row as LeadRow & { search_text?: unknown };
  return stored;
}

async function readLeads(trx: Transaction<DB>, ids: string[]) {
  const rows = ids.length
    ? (await trx.selectFrom("leads").selectAll().where("id", "in", ids).execute()).map(storedColumns)
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new AppError("NOT_FOUND", "One of these leads no longer exists.");
    return row;
  });
}

/**
 * Makes several leads one person: the survivor takes the value chosen for each field, and every row
 * that referred to another lead (submissions, notes, status history, calls, mails, webhook events and
 * their deliveries, the client, the audit entries) now refers to the survivor. The other leads are
 * removed; what they were and which rows moved are kept, so that an unmerge within 30 days puts
 * everything back. Audited, and `lead.merged` recorded.
 */
export async function mergeLeads(
  db: Database,
  request: MergeRequest,
  actor: (AuditActor & { role?: string }) | null,
  options: { check?: (leads: LeadRow[]) => void } = {},
) {
  const mergedIds = [...new Set(request.mergedIds)].filter((id) => id !== request.survivorId);
  if (mergedIds.length === 0) throw new AppError("INVALID_INPUT", "Choose at least two leads to merge.");
  return db.transaction().execute(async (trx) => {
    const [survivor, ...merged] = await readLeads(trx, [request.survivorId, ...mergedIds]);
    if (!survivor) throw new AppError("NOT_FOUND", "This lead no longer exists.");
    if ([survivor, ...merged].some((lead) => Boolean(lead.is_spam))) {
      throw new AppError("CONFLICT", "A lead in the spam queue cannot be merged; move it out of spam first.");
    }
    options.check?.([survivor, ...merged]);
    const clients = await trx
      .selectFrom("clients")
      .select("lead_id")
      .where("lead_id", "in", [survivor.id, ...mergedIds])
      .execute();
    // A client stays tied to the one lead it was made from: two clients are merged by hand first.
    if (clients.length > 1) {
      throw new AppError(
        "CONFLICT",
        "More than one of these leads was converted into a client; merge the clients first.",
      );
    }
    const all = new Map([survivor, ...merged].map((lead) => [lead.id, lead]));
    const at = now();
    const chosen: Updateable<DB["leads"]> = {};
    const takenFrom = new Map<string, string[]>();
    for (const field of MERGE_FIELDS) {
      // Unless staff chose, a field the survivor has empty takes the oldest other lead's value.
      const from =
        request.choices?.[field] ??
        (survivor[field] === null ? merged.find((lead) => lead[field] !== null)?.id : undefined);
      if (!from || from === survivor.id) continue;
      const source = all.get(from);
      if (!source) throw new AppError("INVALID_INPUT", "Choose each value from one of the leads being merged.");
      (chosen as Record<string, unknown>)[field] = source[field];
      const companions = field === "email" ? ["email_normalized"] : field === "phone" ? ["phone_e164"] : [];
      takenFrom.set(from, [...(takenFrom.get(from) ?? []), field, ...companions]);
      if (field === "email") chosen.email_normalized = source.email_normalized ?? normalizeEmail(source.email);
      if (field === "phone") chosen.phone_e164 = source.phone_e164;
    }
    const everyone = [survivor, ...merged];
    const enquiries = everyone.reduce((sum, lead) => sum + Number(lead.enquiries), 0);
    // ISO times sort as text: the last of them is the latest enquiry.
    const lastEnquiry = everyone
      .map((lead) => lead.last_enquiry_at ?? lead.created_at)
      .sort()
      .at(-1);
    const followUps = everyone.map((lead) => lead.next_follow_up_at).filter((value): value is string => !!value);
    const update: Updateable<DB["leads"]> = {
      ...chosen,
      enquiries,
      last_enquiry_at: lastEnquiry,
      ...(survivor.next_follow_up_at === null && followUps.length ? { next_follow_up_at: followUps.sort()[0] } : {}),
      updated_at: at,
    };
    // The person's consent is the most restrictive of the leads': a lead with none recorded allows nothing.
    const signals = await adSignalsOf(trx, [survivor.id, ...mergedIds]);
    const survivorSignals = signals.get(survivor.id);
    const survivorConsent = survivorSignals ? consentOf(survivorSignals) : null;
    const mergeIds: string[] = [];
    for (const lead of merged) {
      const moved: Moved = {
        ...(await moveReferences(trx, lead.id, survivor.id)),
        taken_fields: takenFrom.get(lead.id) ?? [],
        ad_signals: signals.get(lead.id) ?? null,
        survivor_consent: survivorConsent,
      };
      const id = newId();
      mergeIds.push(id);
      await trx
        .insertInto("lead_merges")
        .values({
          id,
          survivor_id: survivor.id,
          merged_id: lead.id,
          merged_email_normalized: lead.email_normalized ?? normalizeEmail(lead.email),
          merged_lead: toJson(lead),
          survivor_before: toJson(survivor),
          survivor_after: toJson({ ...survivor, ...update }),
          moved: toJson(moved),
          actor_id: actor?.id ?? null,
          actor_email: actor?.email ?? null,
          created_at: at,
          undone_at: null,
        })
        .execute();
    }
    await trx.deleteFrom("leads").where("id", "in", mergedIds).execute();
    if (survivorConsent) {
      await trx
        .updateTable("lead_ad_signals")
        .set(mostRestrictive([survivorConsent, ...mergedIds.map((id) => consentOf(signals.get(id)))]))
        .where("lead_id", "=", survivor.id)
        .execute();
    }
    // Calls are moved after the other leads are gone: the funnel takes a lead's call off with the lead.
    for (const lead of merged) {
      await trx.updateTable("bookings").set({ lead_id: survivor.id }).where("lead_id", "=", lead.id).execute();
    }
    const after = await trx
      .updateTable("leads")
      .set(update)
      .where("id", "=", survivor.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditLead(trx, actor, "lead.merge", survivor.id, {
      merged: mergedIds,
      fields: Object.keys(chosen),
      mergeIds,
    });
    await recordWebhookEvent(trx, {
      type: "lead.merged",
      at,
      leadId: survivor.id,
      email: after.email,
      data: { lead: webhookLead(after), merged_lead_ids: mergedIds },
    });
    return { survivorId: survivor.id, mergeIds };
  });
}

/** Points every row of `from` at `to`, and says which rows moved, table by table. */
async function moveReferences(trx: Transaction<DB>, from: string, to: string): Promise<Moved> {
  const moved: Moved = {};
  for (const table of LEAD_REFERENCES) {
    const rows = await trx.selectFrom(table).select("id").where("lead_id", "=", from).execute();
    moved[table] = rows.map((row) => row.id);
    // Calls move after the lead is gone (see mergeLeads); the rest move now.
    if (table !== "bookings" && rows.length) {
      await trx.updateTable(table).set({ lead_id: to }).where("lead_id", "=", from).execute();
    }
  }
  const audits = await trx
    .selectFrom("audit_logs")
    .select("id")
    .where("entity_type", "=", "lead")
    .where("entity_id", "=", from)
    .execute();
  moved.audit_logs = audits.map((row) => row.id);
  if (audits.length) {
    await trx
      .updateTable("audit_logs")
      .set({ entity_id: to })
      .where("entity_type", "=", "lead")
      .where("entity_id", "=", from)
      .execute();
  }
  return moved;
}

/** The merges an unmerge can still undo on this lead (the newest first). */
export async function listUndoableMerges(db: Database, survivorId: string, nowMs = Date.now()) {
  const since = new Date(nowMs - UNMERGE_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const rows = await db
    .selectFrom("lead_merges")
    .select(["id", "merged_id", "merged_lead", "created_at", "actor_email"])
    .where("survivor_id", "=", survivorId)
    .where("undone_at", "is", null)
    .where("created_at", ">=", since)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => {
    const lead = fromJson<Partial<LeadRow>>(row.merged_lead, {});
    return {
      id: row.id,
      mergedId: row.merged_id,
      name: String(lead.name ?? ""),
      email: String(lead.email ?? ""),
      createdAt: row.created_at,
      actorEmail: row.actor_email,
    };
  });
}

/** Where a merged-away lead lives now (following merges of merges), or null. */
export async function survivorOf(db: Database, leadId: string) {
  let id = leadId;
  for (let hop = 0; hop < 10; hop++) {
    const merge = await db
      .selectFrom("lead_merges")
      .select("survivor_id")
      .where("merged_id", "=", id)
      .where("undone_at", "is", null)
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    if (!merge) return id === leadId ? null : id;
    id = merge.survivor_id;
  }
  return id;
}

/**
 * Puts a merged-away lead back exactly as it was, with the rows the merge moved; rows added to the
 * survivor since stay with it. The survivor's fields the merge changed go back to what they were,
 * unless staff changed them since. Refused after 30 days, or when the survivor is gone.
 */
export async function unmergeLead(
  db: Database,
  mergeId: string,
  actor: (AuditActor & { role?: string }) | null,
  options: { nowMs?: number; check?: (leads: Pick<LeadRow, "owner_id">[]) => void } = {},
) {
  const nowMs = options.nowMs ?? Date.now();
  return db.transaction().execute(async (trx) => {
    const merge = await trx.selectFrom("lead_merges").selectAll().where("id", "=", mergeId).executeTakeFirst();
    if (!merge || merge.undone_at !== null) throw new AppError("NOT_FOUND", "This merge has been undone already.");
    if (Date.parse(merge.created_at) < nowMs - UNMERGE_DAYS * 24 * 60 * 60 * 1000) {
      throw new AppError("CONFLICT", `A merge can be undone for ${UNMERGE_DAYS} days; this one is older.`);
    }
    const found = await trx.selectFrom("leads").selectAll().where("id", "=", merge.survivor_id).executeTakeFirst();
    const survivor = found ? storedColumns(found) : undefined;
    if (!survivor) throw new AppError("NOT_FOUND", "The lead it was merged into no longer exists.");
    const restored = fromJson<LeadRow>(merge.merged_lead, {} as LeadRow);
    options.check?.([survivor, restored]);
    const before = fromJson<LeadRow>(merge.survivor_before, {} as LeadRow);
    const after = fromJson<LeadRow>(merge.survivor_after, {} as LeadRow);
    const moved = fromJson<Moved>(merge.moved, {});
    await trx
      .insertInto("leads")
      .values({
        ...restored,
        is_spam: fromBool(restored.is_spam),
        browser_info:
          restored.browser_info == null || typeof restored.browser_info === "string"
            ? (restored.browser_info as string | null)
            : toJson(restored.browser_info),
      })
      .execute();
    if (moved.ad_signals) {
      await trx
        .insertInto("lead_ad_signals")
        .values({
          ...moved.ad_signals,
          ad_user_data: fromBool(moved.ad_signals.ad_user_data),
          ad_personalization: fromBool(moved.ad_signals.ad_personalization),
          first_clicks: jsonText(moved.ad_signals.first_clicks),
          last_clicks: jsonText(moved.ad_signals.last_clicks),
        })
        .execute();
    }
    await restoreSurvivorConsent(trx, merge, moved);
    for (const table of LEAD_REFERENCES) {
      const ids = moved[table] ?? [];
      if (table === "bookings" || ids.length === 0) continue;
      await trx.updateTable(table).set({ lead_id: restored.id }).where("id", "in", ids).execute();
    }
    const bookings = moved.bookings ?? [];
    if (bookings.length) {
      await trx.updateTable("bookings").set({ lead_id: restored.id }).where("id", "in", bookings).execute();
    }
    const audits = moved.audit_logs ?? [];
    if (audits.length) {
      await trx.updateTable("audit_logs").set({ entity_id: restored.id }).where("id", "in", audits).execute();
    }
    // A field goes back only when it took this lead's value, and only while it still holds what the
    // merge wrote: a later change by staff stays. The times the merge moved go back with the last
    // lead of the merge to be restored.
    const othersOfMerge = await trx
      .selectFrom("lead_merges")
      .select("id")
      .where("survivor_id", "=", merge.survivor_id)
      .where("created_at", "=", merge.created_at)
      .where("undone_at", "is", null)
      .where("id", "<>", merge.id)
      .execute();
    const reverting = new Set([
      ...(moved.taken_fields ?? []),
      ...(othersOfMerge.length === 0 ? ["updated_at", "last_enquiry_at", "next_follow_up_at"] : []),
    ]);
    const revert: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(after)) {
      if (!reverting.has(column)) continue;
      const current = (survivor as Record<string, unknown>)[column];
      if (sameValue(current, value)) revert[column] = (before as Record<string, unknown>)[column];
    }
    revert.enquiries = Math.max(1, Number(survivor.enquiries) - Number(restored.enquiries));
    await trx
      .updateTable("leads")
      .set(revert as Updateable<DB["leads"]>)
      .where("id", "=", survivor.id)
      .execute();
    const at = new Date(nowMs).toISOString();
    await trx.updateTable("lead_merges").set({ undone_at: at }).where("id", "=", mergeId).execute();
    await auditLead(trx, actor, "lead.unmerge", survivor.id, { restored: restored.id, mergeId });
    const survivorNow = await trx
      .selectFrom("leads")
      .selectAll()
      .where("id", "=", survivor.id)
      .executeTakeFirstOrThrow();
    await recordWebhookEvent(trx, {
      type: "lead.unmerged",
      at,
      leadId: survivor.id,
      email: survivorNow.email,
      data: { lead: webhookLead(survivorNow), restored_lead: webhookLead(restored) },
    });
    return { survivorId: survivor.id, restoredId: restored.id };
  });
}

/** A JSON column's value as read back (text on SQLite, parsed on PostgreSQL), as text to write again. */
function jsonText(value: unknown) {
  return typeof value === "string" ? value : toJson(value);
}

/**
 * The survivor's consent after one merged lead leaves: what it was before the merge, still restricted
 * by the leads that stay merged into it and by every enquiry it received since the merge (a refusal
 * made since stands).
 */
async function restoreSurvivorConsent(
  trx: Transaction<DB>,
  merge: Pick<Row<"lead_merges">, "id" | "survivor_id" | "created_at">,
  moved: Moved,
) {
  if (!moved.survivor_consent) return;
  const stillMerged = await trx
    .selectFrom("lead_merges")
    .select("moved")
    .where("survivor_id", "=", merge.survivor_id)
    .where("undone_at", "is", null)
    .where("id", "<>", merge.id)
    .execute();
  const since = await trx
    .selectFrom("form_submissions")
    .select(["ad_user_data", "ad_personalization"])
    .where("lead_id", "=", merge.survivor_id)
    .where("created_at", ">", merge.created_at)
    .where("ad_user_data", "is not", null)
    .execute();
  const consent = mostRestrictive([
    moved.survivor_consent,
    ...stillMerged.map((row) => consentOf(fromJson<Moved>(row.moved, {}).ad_signals)),
    ...since.map(consentOf),
  ]);
  await trx.updateTable("lead_ad_signals").set(consent).where("lead_id", "=", merge.survivor_id).execute();
}

/** Values as the two databases hand them back: booleans as 0/1 on SQLite, numbers as text on some drivers. */
function sameValue(a: unknown, b: unknown) {
  const norm = (value: unknown) => (typeof value === "boolean" ? Number(value) : value === null ? null : String(value));
  return norm(a) === norm(b);
}
