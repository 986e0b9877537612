import type { LeadEdit, LeadStatus } from "~/lib/schemas/lead-admin";
import type { EnquiryContactTyped, LeadDetail } from "~/lib/types/leads";
import { deleteCallsOfLeads } from "~/server/bookings/time-claims.server";
import { queueStatusStages } from "../ads/conversions.server";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { requeueByHand } from "../db/requeue.server";
import type { Database } from "../db/schema.server";
import { fromBool, fromJson, newId, now } from "../db/values.server";
import { retryOnFailover } from "../db/write-retry.server";
import { recordLeadReleasedFromSpam, recordLeadStatusEvents } from "../webhooks/events.server";
import { getAgencyCountry, identityOf } from "./identity.server";
import { toLeadSummary } from "./lead-list.server";

const auditLead = auditOf("lead");

export async function getLeadDetail(db: Database, leadId: string): Promise<LeadDetail | null> {
  const row = await db
    .selectFrom("leads")
    .leftJoin("forms", "forms.id", "leads.form_id")
    .selectAll("leads")
    .select("forms.name as form_name")
    .where("leads.id", "=", leadId)
    .executeTakeFirst();
  if (!row) return null;
  const [submissions, notes, statusChanges, mails, client] = await Promise.all([
    db
      .selectFrom("form_submissions")
      .leftJoin("forms", "forms.id", "form_submissions.form_id")
      .select([
        "form_submissions.id",
        "form_submissions.data",
        "form_submissions.utm_source",
        "form_submissions.utm_medium",
        "form_submissions.utm_campaign",
        "form_submissions.user_agent",
        "form_submissions.created_at",
        "form_submissions.page_url",
        "form_submissions.landing_path",
        "form_submissions.referrer",
        "form_submissions.contact",
        "form_submissions.ad_clicks",
        "forms.name as form_name",
      ])
      .where("form_submissions.lead_id", "=", leadId)
      // The person's history in the order it happened: the first enquiry, then each one since.
      .orderBy("form_submissions.created_at")
      .orderBy("form_submissions.id")
      .execute(),
    db
      .selectFrom("lead_notes")
      .select(["id", "body", "author_email", "created_at"])
      .where("lead_id", "=", leadId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute(),
    db
      .selectFrom("lead_status_changes")
      .select(["id", "from_status", "to_status", "actor_email", "created_at"])
      .where("lead_id", "=", leadId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute(),
    db
      .selectFrom("email_outbox")
      .select([
        "id",
        "kind",
        "to_address",
        "subject",
        "status",
        "attempts",
        "last_error",
        "next_attempt_at",
        "sent_at",
        "created_at",
      ])
      .where("lead_id", "=", leadId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute(),
    db
      .selectFrom("clients")
      .select(["id", "name", "email"])
      .where("lead_id", "=", leadId)
      .orderBy("created_at")
      .executeTakeFirst(),
  ]);
  return {
    lead: {
      ...toLeadSummary(row),
      formId: row.form_id,
      formName: row.form_name,
      utmMedium: row.utm_medium,
      pageUrl: row.page_url,
      referrer: row.referrer,
      browserInfo: fromJson<Record<string, unknown> | null>(row.browser_info, null),
      updatedAt: row.updated_at,
      phoneMatchable: row.phone === null || row.phone_e164 !== null,
      enquiries: Number(row.enquiries),
    },
    submissions: submissions.map((submission) => ({
      id: submission.id,
      formName: submission.form_name,
      data: fromJson<Record<string, unknown>>(submission.data, {}),
      utmSource: submission.utm_source,
      utmMedium: submission.utm_medium,
      utmCampaign: submission.utm_campaign,
      userAgent: submission.user_agent,
      createdAt: submission.created_at,
      pageUrl: submission.page_url,
      landingPath: submission.landing_path,
      referrer: submission.referrer,
      contact: fromJson<EnquiryContactTyped | null>(submission.contact, null),
      adClicks: clickIdsShown(submission.ad_clicks),
    })),
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      authorEmail: note.author_email,
      createdAt: note.created_at,
    })),
    statusChanges: statusChanges.map((change) => ({
      id: change.id,
      fromStatus: change.from_status,
      toStatus: change.to_status,
      actorEmail: change.actor_email,
      createdAt: change.created_at,
    })),
    mails: mails.map((mail) => ({
      id: mail.id,
      kind: mail.kind,
      toAddress: mail.to_address,
      subject: mail.subject,
      status: mail.status,
      attempts: Number(mail.attempts),
      lastError: mail.last_error,
      nextAttemptAt: mail.next_attempt_at,
      sentAt: mail.sent_at,
      createdAt: mail.created_at,
    })),
    client: client ?? null,
  };
}

async function requireLead(db: Database, leadId: string) {
  const lead = await db
    .selectFrom("leads")
    .select(["id", "name", "email", "phone", "company", "status", "message", "is_spam"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!lead) throw new AppError("NOT_FOUND", "This lead no longer exists.");
  return lead;
}

/**
 * One entry of a lead's status history, and the webhook events it causes; call it in the transaction
 * that changes the status, after the change. A conversion that makes a client reports
 * `lead.converted` itself, with the client.
 */
export async function recordStatusChange(
  db: Database,
  change: {
    leadId: string;
    from: LeadStatus;
    to: LeadStatus;
    actor: AuditActor | null;
    at: string;
    conversionReportedByCaller?: boolean;
  },
) {
  await db
    .insertInto("lead_status_changes")
    .values({
      id: newId(),
      lead_id: change.leadId,
      from_status: change.from,
      to_status: change.to,
      actor_id: change.actor?.id ?? null,
      actor_email: change.actor?.email ?? null,
      created_at: change.at,
    })
    .execute();
  await recordLeadStatusEvents(db, change);
  await queueStatusStages(db, [change], change.at);
}

/** Sets a lead's status and records the change in its history and the audit log, all or nothing. */
/** Sets a lead's status; answers whether anything changed (false when it already had that status). */
export async function setLeadStatus(db: Database, leadId: string, status: LeadStatus, actor: AuditActor | null) {
  // Sent again on the new primary after a failover: the status asked for is its own idempotency key,
  // so a retry whose first attempt committed (with the answer lost) finds it set and records nothing.
  return retryOnFailover(db, ({ retried }) =>
    db.transaction().execute(async (trx) => {
      const lead = await requireLead(trx, leadId);
      if (lead.status === status) return retried;
      const at = now();
      await trx.updateTable("leads").set({ status, updated_at: at }).where("id", "=", leadId).execute();
      await recordStatusChange(trx, { leadId, from: lead.status, to: status, actor, at });
      await auditLead(trx, actor, "lead.set_status", leadId, { status: { from: lead.status, to: status } });
      return true;
    }),
  );
}

const editableFields = ["name", "email", "phone", "company", "message"] as const;

/**
 * Saves the edit dialog. The audit entry names the fields that changed but not their values, so that
 * erasing a person's data (GDPR) leaves none of it behind in the audit log.
 */
export async function updateLead(db: Database, input: LeadEdit, actor: AuditActor | null) {
  await db.transaction().execute(async (trx) => {
    const lead = await requireLead(trx, input.leadId);
    const changed = editableFields.filter((field) => (lead[field] ?? null) !== (input[field] ?? null));
    const statusChanged = lead.status !== input.status;
    if (changed.length === 0 && !statusChanged) return;
    const at = now();
    await trx
      .updateTable("leads")
      .set({
        name: input.name,
        email: input.email,
        phone: input.phone,
        company: input.company,
        message: input.message,
        status: input.status,
        ...identityOf(input.email, input.phone, await getAgencyCountry(trx)),
        updated_at: at,
      })
      .where("id", "=", input.leadId)
      .execute();
    if (statusChanged) {
      await recordStatusChange(trx, { leadId: input.leadId, from: lead.status, to: input.status, actor, at });
    }
    await auditLead(trx, actor, "lead.update", input.leadId, {
      fields: changed,
      ...(statusChanged ? { status: { from: lead.status, to: input.status } } : {}),
    });
  });
}

/**
 * Adds a note. Its id is fixed before the first attempt, so that a retry after a failover finds the
 * note an earlier attempt committed (its answer lost with the old primary) or makes it: never two.
 */
export async function addLeadNote(db: Database, leadId: string, body: string, actor: AuditActor | null) {
  const id = newId();
  return retryOnFailover(db, ({ retried }) =>
    db.transaction().execute(async (trx) => {
      if (retried && (await trx.selectFrom("lead_notes").select("id").where("id", "=", id).executeTakeFirst())) {
        return id;
      }
      await requireLead(trx, leadId);
      await trx
        .insertInto("lead_notes")
        .values({
          id,
          lead_id: leadId,
          author_id: actor?.id ?? null,
          author_email: actor?.email ?? null,
          body,
          created_at: now(),
        })
        .execute();
      await auditLead(trx, actor, "lead.add_note", leadId, { noteId: id, length: body.length });
      return id;
    }),
  );
}

/** Releases a lead from the spam queue into the normal list. */
export async function markLeadNotSpam(db: Database, leadId: string, actor: AuditActor | null) {
  await db.transaction().execute(async (trx) => {
    const lead = await requireLead(trx, leadId);
    if (!fromBool(lead.is_spam)) return;
    const at = now();
    await trx
      .updateTable("leads")
      .set({ is_spam: false, spam_reason: null, updated_at: at })
      .where("id", "=", leadId)
      .execute();
    await recordLeadReleasedFromSpam(trx, leadId, at);
    await auditLead(trx, actor, "lead.mark_not_spam", leadId);
  });
}

/**
 * Deletes a lead with everything that only exists because of it: its submissions, notes, status
 * history, mails and calls. A client made from it stays (its link to the lead is cleared).
 */
export async function deleteLead(db: Database, leadId: string, actor: AuditActor | null) {
  await db.transaction().execute(async (trx) => {
    const lead = await requireLead(trx, leadId);
    const removed = await deleteLeadRows(trx, [leadId]);
    await auditLead(trx, actor, "lead.delete", leadId, { wasSpam: fromBool(lead.is_spam), ...removed });
  });
}

/** Deletes leads and their dependent rows; call inside a transaction. Returns what it removed. */
export async function deleteLeadRows(trx: Database, leadIds: string[]) {
  if (leadIds.length === 0) return { leads: 0, submissions: 0, notes: 0, statusChanges: 0, mails: 0, calls: 0 };
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const submissions = await trx.deleteFrom("form_submissions").where("lead_id", "in", leadIds).executeTakeFirst();
  const notes = await trx.deleteFrom("lead_notes").where("lead_id", "in", leadIds).executeTakeFirst();
  const statusChanges = await trx.deleteFrom("lead_status_changes").where("lead_id", "in", leadIds).executeTakeFirst();
  const mails = await trx.deleteFrom("email_outbox").where("lead_id", "in", leadIds).executeTakeFirst();
  await trx.updateTable("clients").set({ lead_id: null }).where("lead_id", "in", leadIds).execute();
  // Before the leads: the funnel's counts of calls booked are taken from a lead that still exists.
  const calls = await deleteCallsOfLeads(trx, leadIds);
  const leads = await trx.deleteFrom("leads").where("id", "in", leadIds).executeTakeFirst();
  // What a merge kept of the leads merged into these (for an unmerge) goes with them.
  await trx
    .deleteFrom("lead_merges")
    .where((eb) => eb.or([eb("survivor_id", "in", leadIds), eb("merged_id", "in", leadIds)]))
    .execute();
  return {
    leads: count(leads),
    submissions: count(submissions),
    notes: count(notes),
    statusChanges: count(statusChanges),
    mails: count(mails),
    calls,
  };
}

/**
 * Puts a queued or failed mail of this lead back at the front of the outbox; the caller then wakes
 * the mail worker. A failed mail gets one more attempt.
 */
export async function requeueLeadMail(db: Database, leadId: string, mailId: string, actor: AuditActor | null) {
  await db.transaction().execute(async (trx) => {
    const mail = await trx
      .selectFrom("email_outbox")
      .select(["id", "status", "kind"])
      .where("id", "=", mailId)
      .where("lead_id", "=", leadId)
      .executeTakeFirst();
    if (!mail) throw new AppError("NOT_FOUND", "This mail no longer exists.");
    if (mail.status === "sent") throw new AppError("CONFLICT", "This mail was already sent.");
    if (mail.status === "sending") throw new AppError("CONFLICT", "This mail is being sent right now.");
    await requeueByHand(
      trx,
      "email_outbox",
      { id: mailId, readStatus: mail.status },
      "This mail is being sent right now.",
    );
    await auditLead(trx, actor, "lead.resend_mail", leadId, { mailId, kind: mail.kind, previousStatus: mail.status });
  });
}

/** A submission's click ids as the lead page lists them: name and value, without the time they were seen. */
function clickIdsShown(value: unknown) {
  const { at: _at, ...clicks } = fromJson<Record<string, string>>(value, {});
  return clicks;
}
