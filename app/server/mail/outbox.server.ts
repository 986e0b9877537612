import { type Insertable, sql, type Transaction } from "kysely";
import { dialectOf } from "../db/database.server";
import { preparedQuery } from "../db/prepared-query.server";
import type { Database, DB, Row } from "../db/schema.server";
import { newId } from "../db/values.server";
import { afterFailedTry, releaseUntried } from "../db/work-queue.server";

export type OutgoingMail = {
  kind:
    | "lead_notification"
    | "guide_welcome"
    | "webhook_paused"
    | "lead_assigned"
    | "follow_up_digest"
    | "booking_invitation"
    | "booking_reminder";
  to: string;
  subject: string;
  text: string;
  leadId: string | null;
  /** The booking the mail is about: moving or cancelling the booking withdraws its queued reminders. */
  bookingId?: string | null;
  /** An iCalendar object sent along as the mail's text/calendar part (an invitation or its cancellation). */
  calendar?: string | null;
  /** Not before this instant (ISO); a reminder waits in the queue until its time. */
  sendAt?: string;
};

/** Retries wait longer each time: 1 min, 5 min, 30 min, 2 h, 6 h; then the mail is marked failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 6 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/**
 * How long a worker owns a mail it claimed; after that another worker may take it over. The worker
 * renews it while a send is under way, so it only has to outlast a process that died: its mails go
 * out from another process about half a minute later.
 */
export const SEND_LOCK_MS = 30_000;

/** Header values never carry line breaks or other control characters, whatever a visitor typed. */
export function headerSafe(value: string, max = 200) {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
      .trim()
      .slice(0, max)
  );
}

const insertMail = preparedQuery((db, row: Insertable<DB["email_outbox"]>) =>
  db.insertInto("email_outbox").values(row),
);

/**
 * Queues mails inside the caller's transaction: they exist exactly when the lead does. `note` says from
 * the start why they will wait, when the caller knows (no mail server configured). A mail a limit holds
 * back is written as `failed` with the limit's reason as its note, so staff see it was never sent.
 */
export async function queueMails(
  trx: Transaction<DB> | Database,
  mails: OutgoingMail[],
  at: string,
  note: string | null = null,
  status: "queued" | "failed" = "queued",
) {
  for (const mail of mails) {
    await insertMail(trx, {
      id: newId(),
      lead_id: mail.leadId,
      kind: mail.kind,
      to_address: mail.to,
      subject: headerSafe(mail.subject),
      text_body: mail.text,
      html_body: null,
      status,
      last_error: note,
      next_attempt_at: mail.sendAt ?? at,
      booking_id: mail.bookingId ?? null,
      calendar: mail.calendar ?? null,
      created_at: at,
      updated_at: at,
    });
  }
}

/** Mails claimed at a time; a worker claims batch after batch until the due mails run out. */
export const CLAIM_BATCH = 10;

/**
 * Takes up to `limit` due mails for this worker: queued ones whose time has come, and ones another
 * worker started but never finished. On PostgreSQL, `FOR UPDATE SKIP LOCKED` lets several app
 * processes share the outbox without sending a mail twice.
 */
export async function claimDueMails(db: Database, { limit = CLAIM_BATCH, nowMs = Date.now() } = {}) {
  const now = new Date(nowMs).toISOString();
  const lockedUntil = new Date(nowMs + SEND_LOCK_MS).toISOString();
  const lock = dialectOf(db) === "postgres" ? sql`for update skip locked` : sql``;
  const result = await sql<Row<"email_outbox">>`
    update email_outbox
    set status = 'sending', locked_until = ${lockedUntil}, attempts = attempts + 1, updated_at = ${now}
    where id in (
      select id from email_outbox
      where (status = 'queued' and next_attempt_at <= ${now})
         or (status = 'sending' and locked_until < ${now})
      order by next_attempt_at
      limit ${limit}
      ${lock}
    )
    returning *`.execute(db);
  return result.rows;
}

/**
 * A worker's hold on a mail it claimed: the `locked_until` its claim (or last renewal) wrote. Every
 * later change requires it, so a worker whose hold ran out (another took the mail over) changes
 * nothing, and a mail's state is only ever written by the worker that is sending it.
 */
export type MailHold = { id: string; lockedUntil: string };

export const holdOf = (mail: Row<"email_outbox">): MailHold => ({
  id: mail.id,
  lockedUntil: String(mail.locked_until),
});

/**
 * Extends the hold just before a send, so that each send gets the whole lock time however long the
 * ones before it took. Null when another worker has taken the mail over meanwhile: do not send it.
 */
export async function renewHold(db: Database, hold: MailHold, nowMs = Date.now()): Promise<MailHold | null> {
  const lockedUntil = new Date(Math.max(nowMs + SEND_LOCK_MS, Date.parse(hold.lockedUntil) + 1)).toISOString();
  const result = await db
    .updateTable("email_outbox")
    .set({ locked_until: lockedUntil })
    .where("id", "=", hold.id)
    .where("status", "=", "sending")
    .where("locked_until", "=", hold.lockedUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { id: hold.id, lockedUntil } : null;
}

/** True when recorded; false when the hold was lost (another worker owns the mail now). */
export async function markSent(db: Database, hold: MailHold, nowMs = Date.now()) {
  const now = new Date(nowMs).toISOString();
  const result = await db
    .updateTable("email_outbox")
    .set({ status: "sent", sent_at: now, locked_until: null, last_error: null, updated_at: now })
    .where("id", "=", hold.id)
    .where("locked_until", "=", hold.lockedUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Schedules the next try, counted from when this one failed, or gives up after the last one; the lead
 * is never touched. Nothing happens without the hold.
 */
export async function markAttemptFailed(
  db: Database,
  hold: MailHold,
  attempts: number,
  error: string,
  nowMs = Date.now(),
) {
  const now = new Date(nowMs).toISOString();
  await db
    .updateTable("email_outbox")
    .set({ ...afterFailedTry(RETRY_DELAYS_MS, attempts, nowMs), last_error: error.slice(0, 1000), updated_at: now })
    .where("id", "=", hold.id)
    .where("locked_until", "=", hold.lockedUntil)
    .execute();
}

/**
 * Hands claimed mails that were not tried back to the queue. They still carry their claim's lock
 * (only a mail about to be sent is renewed), so one statement releases them all.
 */
export async function releaseClaim(db: Database, claimed: Row<"email_outbox">[], nowMs = Date.now()) {
  await releaseUntried(db, "email_outbox", claimed.map(holdOf), nowMs);
}

export async function countQueuedMails(db: Database) {
  const row = await db
    .selectFrom("email_outbox")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "queued")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Records why queued mails wait, so staff can see it (e.g. no SMTP server configured), a chunk at a
 * time so that a long backlog never holds the database for long. `everyQueued` also rewrites other
 * reasons (a mail server's last refusal, from before it was removed) and reads the whole queue once;
 * otherwise only mails queued without any note are looked at (email_outbox_unnoted_idx).
 */
export async function noteWaitingReason(
  db: Database,
  reason: string,
  { everyQueued = false, chunk = 200 }: { everyQueued?: boolean; chunk?: number } = {},
) {
  let noted = 0;
  let after = "";
  for (;;) {
    const page = await db
      .selectFrom("email_outbox")
      .select(["id", "last_error"])
      .where("status", "=", "queued")
      .where((eb) => (everyQueued ? eb("id", ">", after) : eb("last_error", "is", null)))
      .orderBy("id")
      .limit(chunk)
      .execute();
    const ids = page.filter((mail) => mail.last_error !== reason).map((mail) => mail.id);
    if (ids.length > 0) {
      const result = await db
        .updateTable("email_outbox")
        .set({ last_error: reason })
        .where("id", "in", ids)
        .executeTakeFirst();
      noted += Number(result.numUpdatedRows);
    }
    if (page.length < chunk) return noted;
    after = page.at(-1)!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
