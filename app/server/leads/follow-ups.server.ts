import { sql } from "kysely";
import { dayIn, hourIn, localInputToIso, todayRange } from "~/lib/time-zone";
import { hasKeysToRemindOf, keysToRemindOf, markKeysReminded } from "../api-keys/api-keys.server";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { upcomingCalls } from "../bookings/agenda.server";
import { liveStatusCondition } from "../bookings/live-statuses.server";
import type { Database } from "../db/schema.server";
import { fromBool, now } from "../db/values.server";
import { retryOnFailover } from "../db/write-retry.server";
import { headerSafe, queueMails } from "../mail/outbox.server";

const auditLead = auditOf("lead");

/**
 * Sets or clears a lead's next follow-up. `followUpAt` is the agency's wall clock (a `datetime-local`
 * value, or a plain day meaning 09:00 that day); empty clears the follow-up and its note.
 */
export async function setLeadFollowUp(
  db: Database,
  input: { leadId: string; followUpAt: string; followUpNote: string | null },
  timeZone: string,
  actor: AuditActor | null,
) {
  const at = input.followUpAt ? localInputToIso(timeZone, input.followUpAt) : null;
  if (input.followUpAt && !at) throw new AppError("INVALID_INPUT", "Choose a date and time for the follow-up.");
  // Sent again on the new primary after a failover; a retry that finds the follow-up already as asked
  // (its first attempt committed, the answer lost) records nothing more.
  await retryOnFailover(db, ({ retried }) => saveFollowUp(db, input.leadId, at, input.followUpNote, actor, retried));
}

async function saveFollowUp(
  db: Database,
  leadId: string,
  at: string | null,
  followUpNote: string | null,
  actor: AuditActor | null,
  retried: boolean,
) {
  await db.transaction().execute(async (trx) => {
    const lead = await trx
      .selectFrom("leads")
      .select(["id", "next_follow_up_at", "follow_up_note"])
      .where("id", "=", leadId)
      .executeTakeFirst();
    if (!lead) throw new AppError("NOT_FOUND", "This lead no longer exists.");
    const note = at ? followUpNote : null;
    const instant = (value: unknown) => (value === null ? null : Date.parse(String(value)));
    if (retried && instant(lead.next_follow_up_at) === instant(at) && lead.follow_up_note === note) return;
    await trx
      .updateTable("leads")
      .set({ next_follow_up_at: at, follow_up_note: note, updated_at: now() })
      .where("id", "=", leadId)
      .execute();
    // The note's text stays out of the audit log, like every personal detail.
    await auditLead(trx, actor, at ? "lead.set_follow_up" : "lead.clear_follow_up", leadId, {
      followUp: { from: lead.next_follow_up_at, to: at },
      noteLength: note?.length ?? 0,
    });
  });
}

/** A person's follow-ups due by the end of today in the agency's time zone, oldest first; spam left out. */
export async function dueFollowUps(
  db: Database,
  ownerId: string,
  timeZone: string,
  { limit = 50, nowMs = Date.now() } = {},
) {
  const today = todayRange(timeZone, nowMs);
  const rows = await db
    .selectFrom("leads")
    .select(["id", "name", "company", "next_follow_up_at", "follow_up_note", "is_spam"])
    .where("owner_id", "=", ownerId)
    .where("next_follow_up_at", "<", today.end)
    .orderBy("next_follow_up_at")
    .limit(limit + 1)
    .execute();
  const due = rows
    .filter((row) => !fromBool(row.is_spam))
    .slice(0, limit)
    .map((row) => ({
      id: row.id,
      name: row.name,
      company: row.company,
      nextFollowUpAt: row.next_follow_up_at as string,
      note: row.follow_up_note,
      overdue: (row.next_follow_up_at as string) < today.start,
    }));
  return { due, more: rows.length > limit };
}

/** How far ahead a digest lists the person's calls. */
const CALLS_AHEAD_MS = 24 * 60 * 60 * 1000;

/** Digests go out from this hour of the agency's day, once a day per person. */
export const DIGEST_HOUR = 7;

/**
 * Queues today's digest for every active admin and sales person who has follow-ups due or calls in
 * the next 24 hours,
 * has not opted out, and has not had one today (agency time zone). Safe to run from several
 * processes at once: the day is claimed per person before the mail is queued, in one transaction.
 * Returns how many digests it queued.
 */
export async function queueFollowUpDigests(
  db: Database,
  {
    timeZone,
    baseUrl,
    queuedNote = null,
    nowMs = Date.now(),
  }: { timeZone: string; baseUrl: string; queuedNote?: string | null; nowMs?: number },
) {
  if (hourIn(timeZone, nowMs) < DIGEST_HOUR) return 0;
  const day = dayIn(timeZone, nowMs);
  const callsUntilMs = nowMs + CALLS_AHEAD_MS;
  const people = db
    .selectFrom("user")
    .innerJoin("user_roles", "user_roles.user_id", "user.id")
    .leftJoin("staff_preferences", "staff_preferences.user_id", "user.id")
    .select([
      "user.id",
      "user.email",
      "user.disabled",
      "staff_preferences.digest_opt_out",
      "staff_preferences.last_digest_on",
    ])
    .distinct();
  // Admins and sales with follow-ups due today or calls in the next day; anyone whose API key expires
  // within the week.
  const owners = await people
    .where((eb) =>
      eb.or([
        eb.exists(hasKeysToRemindOf(db, nowMs).where("api_keys.user_id", "=", sql.ref<string>("user.id"))),
        eb.and([
          eb("user_roles.role", "in", ["admin", "sales"]),
          eb.or([
            eb.exists(
              eb
                .selectFrom("leads")
                .select("leads.id")
                .whereRef("leads.owner_id", "=", "user.id")
                .where("leads.next_follow_up_at", "<", todayRange(timeZone, nowMs).end),
            ),
            eb.exists(
              eb
                .selectFrom("bookings")
                .select("bookings.id")
                .whereRef("bookings.staff_id", "=", "user.id")
                .where(liveStatusCondition("bookings.status"))
                .where("bookings.starts_at", ">=", new Date(nowMs).toISOString())
                .where("bookings.starts_at", "<", new Date(callsUntilMs).toISOString()),
            ),
          ]),
        ]),
      ]),
    )
    .execute();
  let queued = 0;
  for (const owner of owners) {
    if (fromBool(owner.disabled) || fromBool(owner.digest_opt_out) || owner.last_digest_on === day) continue;
    const { due, more } = await dueFollowUps(db, owner.id, timeZone, { nowMs });
    const calls = await upcomingCalls(db, owner.id, timeZone, { nowMs, untilMs: callsUntilMs, limit: 20 });
    const keys = await keysToRemindOf(db, owner.id, nowMs);
    if (due.length === 0 && calls.calls.length === 0 && keys.length === 0) continue;
    const sent = await db.transaction().execute(async (trx) => {
      const at = new Date(nowMs).toISOString();
      await trx
        .insertInto("staff_preferences")
        .values({ user_id: owner.id, updated_at: at })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
      const claimed = await trx
        .updateTable("staff_preferences")
        .set({ last_digest_on: day, updated_at: at })
        .where("user_id", "=", owner.id)
        .where((eb) => eb.or([eb("last_digest_on", "is", null), eb("last_digest_on", "!=", day)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const overdue = due.filter((item) => item.overdue).length;
      const lines = due.map((item) => {
        const when = item.overdue ? "overdue" : "today";
        return `- ${item.name}${item.company ? ` (${item.company})` : ""}, ${when}${item.note ? `: ${item.note}` : ""}\n  ${baseUrl}/admin/leads/${item.id}`;
      });
      if (more) lines.push("- and more: see the leads screen");
      const callLines = calls.calls.map(
        (call) => `- ${call.when}: ${call.visitorName}, ${call.place}\n  ${baseUrl}/admin/leads/${call.leadId}`,
      );
      if (calls.more) callLines.push("- and more: see the Bookings screen");
      const followUpPart = `${due.length}${more ? "+" : ""} due${overdue ? `, ${overdue} overdue` : ""}`;
      const callPart = `${calls.calls.length}${calls.more ? "+" : ""} ${calls.calls.length === 1 && !calls.more ? "call" : "calls"}`;
      const subject =
        due.length === 0 && calls.calls.length === 0
          ? `API keys expiring soon: ${keys.map((key) => key.name).join(", ")}`
          : due.length === 0
            ? `Calls for ${day}: ${callPart}`
            : calls.calls.length === 0
              ? `Follow-ups for ${day}: ${followUpPart}`
              : `Follow-ups and calls for ${day}: ${followUpPart}, ${callPart}`;
      const followUpSection =
        due.length === 0
          ? []
          : [
              `Your follow-ups due today${overdue ? " and overdue" : ""}:`,
              "",
              ...lines,
              "",
              `All of them: ${baseUrl}/admin/leads?owner=me&sort=follow_up`,
              "",
            ];
      const callSection =
        calls.calls.length === 0
          ? []
          : [
              `Your calls in the next 24 hours (${timeZone}):`,
              "",
              ...callLines,
              "",
              `All of them: ${baseUrl}/admin/bookings?view=week&staff=${encodeURIComponent(owner.id)}`,
              "",
            ];
      const keySection =
        keys.length === 0
          ? []
          : [
              "Your API keys that expire within a week (tools using them then stop):",
              "",
              ...keys.map((key) => `- ${key.name}: expires ${key.expiresAt.slice(0, 16).replace("T", " ")} UTC`),
              "",
              `Create new keys under Settings: ${baseUrl}/admin/settings`,
              "",
            ];
      await markKeysReminded(
        trx,
        keys.map((key) => key.id),
        at,
      );
      await queueMails(
        trx,
        [
          {
            kind: "follow_up_digest",
            to: owner.email,
            subject: headerSafe(subject),
            text: [
              ...followUpSection,
              ...callSection,
              ...keySection,
              `Stop these mails under Settings: ${baseUrl}/admin/settings`,
            ].join("\n"),
            leadId: null,
          },
        ],
        at,
        queuedNote,
      );
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
