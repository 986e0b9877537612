import { createHash } from "node:crypto";
import { type Expression, type SqlBool, sql } from "kysely";
import type { ErasedData } from "~/lib/types/leads";
import { eraseAdConversions } from "../ads/conversions.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { signInFailureKeyPrefix } from "../auth/sign-in-failures.server";
import { dialectOf } from "../db/database.server";
import type { Database, Row } from "../db/schema.server";
import { fromBool, fromJson, now } from "../db/values.server";
import { addressKey, bookingEmailRateLimitKey, leadEmailRateLimitKey } from "../rate-limit/address-key.server";
import { eraseWebhookCopies } from "../webhooks/events.server";
import { normalizeEmail } from "./identity.server";
import { deleteLeadRows } from "./leads.server";

const auditPerson = auditOf("person");

/** What the audit log keeps of a GDPR request: never the address itself. */
export function emailHash(email: string) {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

function sameEmail(column: Expression<unknown>, email: string) {
  return sql<SqlBool>`lower(${column}) = ${email.trim().toLowerCase()}`;
}

/** The analytics events that name this person (`properties.lead_email`), on either dialect. */
function eventsOf(db: Database, email: string) {
  const leadEmail =
    dialectOf(db) === "postgres" ? sql`properties->>'lead_email'` : sql`json_extract(properties, '$.lead_email')`;
  return db.selectFrom("analytics_events").where(sameEmail(leadEmail, email));
}

/** Submissions of the person's leads, and any that carry the address but lost their lead. */
function submissionsOf(db: Database, email: string, leadIds: string[]) {
  const dataEmail = dialectOf(db) === "postgres" ? sql`data->>'email'` : sql`json_extract(data, '$.email')`;
  return db
    .selectFrom("form_submissions")
    .where((eb) => eb.or([...(leadIds.length ? [eb("lead_id", "in", leadIds)] : []), sameEmail(dataEmail, email)]));
}

function mailsOf(db: Database, email: string, leadIds: string[]) {
  return db
    .selectFrom("email_outbox")
    .where((eb) =>
      eb.or([...(leadIds.length ? [eb("lead_id", "in", leadIds)] : []), sameEmail(sql.ref("to_address"), email)]),
    );
}

/** How many merges of merges a person's address is followed through (a merge chain is short). */
const MERGE_HOPS = 10;

/**
 * The leads of this person: by the address as typed or in any spelling of it, and the lead each of
 * their merges ended in: a lead merged away under this address, or one that had it before a merge
 * took another lead's address, followed through merges of merges. A merged person is covered by
 * either address.
 */
async function leadIdsOf(db: Database, email: string) {
  const normalized = normalizeEmail(email);
  const survivorBeforeEmail =
    dialectOf(db) === "postgres"
      ? sql`survivor_before->>'email_normalized'`
      : sql`json_extract(survivor_before, '$.email_normalized')`;
  const [own, merged] = await Promise.all([
    db
      .selectFrom("leads")
      .select("id")
      .where((eb) => eb.or([sameEmail(sql.ref("email"), email), eb("email_normalized", "=", normalized)]))
      .execute(),
    db
      .selectFrom("lead_merges")
      .select("survivor_id")
      .where("undone_at", "is", null)
      .where((eb) => eb.or([eb("merged_email_normalized", "=", normalized), eb(survivorBeforeEmail, "=", normalized)]))
      .execute(),
  ]);
  const found = new Set(own.map((row) => row.id));
  let next = [...new Set(merged.map((row) => row.survivor_id))];
  for (let hop = 0; hop < MERGE_HOPS && next.length; hop++) {
    for (const id of next) found.add(id);
    const onward = await db
      .selectFrom("lead_merges")
      .select("survivor_id")
      .where("merged_id", "in", next)
      .where("undone_at", "is", null)
      .execute();
    next = [...new Set(onward.map((row) => row.survivor_id))].filter((id) => !found.has(id));
  }
  if (found.size === 0) return [];
  // Only leads that exist: a lead merged into another is reached through the one it lives in now.
  const rows = await db
    .selectFrom("leads")
    .select("id")
    .where("id", "in", [...found])
    .execute();
  return rows.map((row) => row.id);
}

/**
 * What the merges into these leads kept (the merged leads as they were, for an unmerge), through
 * merges of merges: personal data of the same person, exported and erased with them.
 */
async function mergeRecordsOf(db: Database, leadIds: string[]) {
  const records: Row<"lead_merges">[] = [];
  let into = leadIds;
  for (let hop = 0; hop < MERGE_HOPS && into.length; hop++) {
    const rows = await db.selectFrom("lead_merges").selectAll().where("survivor_id", "in", into).execute();
    records.push(...rows);
    into = rows.filter((row) => row.undone_at === null).map((row) => row.merged_id);
  }
  return records;
}

export type GdprExport = Awaited<ReturnType<typeof collectPersonalData>>;

async function collectPersonalData(db: Database, email: string) {
  const leadIds = await leadIdsOf(db, email);
  const [leads, submissions, notes, statusChanges, calls, events, mails, clients, merges] = await Promise.all([
    leadIds.length
      ? db.selectFrom("leads").selectAll().where("id", "in", leadIds).orderBy("created_at").execute()
      : Promise.resolve([]),
    submissionsOf(db, email, leadIds).selectAll().orderBy("created_at").execute(),
    leadIds.length
      ? db.selectFrom("lead_notes").selectAll().where("lead_id", "in", leadIds).orderBy("created_at").execute()
      : Promise.resolve([]),
    leadIds.length
      ? db.selectFrom("lead_status_changes").selectAll().where("lead_id", "in", leadIds).orderBy("created_at").execute()
      : Promise.resolve([]),
    leadIds.length
      ? db.selectFrom("bookings").selectAll().where("lead_id", "in", leadIds).orderBy("created_at").execute()
      : Promise.resolve([]),
    eventsOf(db, email).selectAll().orderBy("created_at").execute(),
    mailsOf(db, email, leadIds).selectAll().orderBy("created_at").execute(),
    db
      .selectFrom("clients")
      .selectAll()
      .where(sameEmail(sql.ref("email"), email))
      .orderBy("created_at")
      .execute(),
    mergeRecordsOf(db, leadIds),
  ]);
  return {
    email: email.trim().toLowerCase(),
    leads: leads.map((lead) => {
      const { search_text: _derived, ...stored } = lead as typeof lead & { search_text?: string };
      return { ...stored, is_spam: fromBool(lead.is_spam), browser_info: fromJson(lead.browser_info, null) };
    }),
    formSubmissions: submissions.map((row) => ({
      ...row,
      data: fromJson(row.data, {}),
      // As true or false on both databases (SQLite keeps 0 or 1); null where it was not recorded.
      ad_user_data: row.ad_user_data === null ? null : fromBool(row.ad_user_data),
      ad_personalization: row.ad_personalization === null ? null : fromBool(row.ad_personalization),
    })),
    notes,
    statusChanges,
    calls: calls.map((row) => ({ ...row, estimate: fromJson(row.estimate, null) })),
    analyticsEvents: events.map((row) => ({ ...row, properties: fromJson(row.properties, null) })),
    emails: mails.map((row) => ({ ...row, attempts: Number(row.attempts) })),
    clients,
    merges: merges
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
      .map((row) => ({
        id: row.id,
        survivorId: row.survivor_id,
        mergedId: row.merged_id,
        mergedAt: row.created_at,
        undoneAt: row.undone_at,
        mergedLead: fromJson<Record<string, unknown> | null>(row.merged_lead, null),
      })),
  };
}

function countsOf(data: GdprExport) {
  return {
    leads: data.leads.length,
    formSubmissions: data.formSubmissions.length,
    notes: data.notes.length,
    statusChanges: data.statusChanges.length,
    calls: data.calls.length,
    analyticsEvents: data.analyticsEvents.length,
    emails: data.emails.length,
    clients: data.clients.length,
  };
}

/** Everything held about an e-mail address, as one JSON document; the request is audited by hash. */
export async function exportPersonalData(db: Database, email: string, actor: AuditActor | null) {
  const data = await collectPersonalData(db, email);
  await auditPerson(db, actor, "gdpr.export", null, { emailHash: emailHash(email), counts: countsOf(data) });
  return { exportedAt: new Date().toISOString(), ...data };
}

/** Refused sign-ins typed with this address (audited by its keyed hash, never the address). */
function signInRefusalsOf(db: Database, email: string, secret: string) {
  const emailKey = dialectOf(db) === "postgres" ? sql`summary->>'emailKey'` : sql`json_extract(summary, '$.emailKey')`;
  return db
    .selectFrom("audit_logs")
    .where("action", "in", ["auth.sign_in_failed", "auth.sign_in_locked"])
    .where(emailKey, "=", addressKey(secret, email));
}

/** The tables an erase deletes from: what VACUUM reclaims afterwards on PostgreSQL. */
const ERASED_TABLES = [
  "leads",
  "lead_notes",
  "lead_status_changes",
  "form_submissions",
  "email_outbox",
  "analytics_events",
  "rate_limits",
  "audit_logs",
  "webhook_events",
  "webhook_deliveries",
  "webhook_delivery_attempts",
  "bookings",
  "lead_merges",
  "booking_slot_claims",
  "booking_day_claims",
] as const;

/**
 * Erases an e-mail address's leads (with their submissions, notes, status history, mails and calls), the
 * submissions and mails (queued or sent) that carry the address, the analytics events naming it, the
 * rate-limit counters kept for it (keyed by a hash made with `secret`) and the webhook events (with
 * their delivery log) that copied any of it, in one transaction. Clients are business records and
 * stay: the result says how many exist, to edit them by hand in Clients if the person asks.
 *
 * Then nothing of it stays readable on disk: SQLite overwrites freed space with zeros
 * (`secure_delete`) and the write-ahead log, which still holds the pages as they were, is
 * checkpointed and truncated; PostgreSQL vacuums the tables, so the deleted row versions go.
 */
export async function erasePersonalData(db: Database, email: string, actor: AuditActor | null, secret: string) {
  const result = await deletePersonalRows(db, email, actor, secret);
  await reclaimErasedSpace(db);
  return result;
}

async function reclaimErasedSpace(db: Database) {
  if (dialectOf(db) === "postgres") {
    // Outside any transaction (VACUUM cannot run in one); it waits for no writer and blocks none.
    await sql.raw(`vacuum ${ERASED_TABLES.join(", ")}`).execute(db);
  } else {
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
  }
}

function deletePersonalRows(db: Database, email: string, actor: AuditActor | null, secret: string) {
  return db.transaction().execute(async (trx) => {
    const leadIds = await leadIdsOf(trx, email);
    // Read before the leads go: a merge's record is found from the lead it was merged into.
    const merges = await mergeRecordsOf(trx, leadIds);
    const webhookEvents = await eraseWebhookCopies(trx, leadIds, email);
    await eraseAdConversions(trx, leadIds, now());
    const removed = await deleteLeadRows(trx, leadIds);
    if (merges.length) {
      await trx
        .deleteFrom("lead_merges")
        .where(
          "id",
          "in",
          merges.map((row) => row.id),
        )
        .execute();
    }
    const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
    const otherSubmissions = await trx
      .deleteFrom("form_submissions")
      .where("id", "in", submissionsOf(trx, email, []).select("id"))
      .executeTakeFirst();
    const otherMails = await trx
      .deleteFrom("email_outbox")
      .where("id", "in", mailsOf(trx, email, []).select("id"))
      .executeTakeFirst();
    const events = await trx
      .deleteFrom("analytics_events")
      .where("id", "in", eventsOf(trx, email).select("id"))
      .executeTakeFirst();
    const counters = await trx
      .deleteFrom("rate_limits")
      .where((eb) =>
        eb.or([
          eb("key", "=", leadEmailRateLimitKey(secret, email)),
          eb("key", "=", bookingEmailRateLimitKey(secret, email)),
          eb("key", "like", `${signInFailureKeyPrefix(secret, email)}%`),
        ]),
      )
      .executeTakeFirst();
    const signInRefusals = await trx
      .deleteFrom("audit_logs")
      .where("id", "in", signInRefusalsOf(trx, email, secret).select("id"))
      .executeTakeFirst();
    const clients = await trx
      .selectFrom("clients")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where(sameEmail(sql.ref("email"), email))
      .executeTakeFirstOrThrow();
    const result: ErasedData = {
      leads: removed.leads,
      formSubmissions: removed.submissions + count(otherSubmissions),
      notes: removed.notes,
      statusChanges: removed.statusChanges,
      calls: removed.calls,
      analyticsEvents: count(events),
      emails: removed.mails + count(otherMails),
      rateLimitCounters: count(counters),
      signInRefusals: count(signInRefusals),
      clientsKept: Number(clients.count),
      webhookEvents,
    };
    await auditPerson(trx, actor, "gdpr.erase", null, { emailHash: emailHash(email), counts: result });
    return result;
  });
}
