import { sql, type Transaction } from "kysely";
import { dialectOf } from "../db/database.server";
import type { DB } from "../db/schema.server";
import type { OutgoingMail } from "../mail/outbox.server";

/**
 * Invitations, reminders and cancellations one e-mail address may be sent in any 24 hours. A visitor
 * who books, moves the call twice and gets its reminders stays under it; a link used to book, move
 * and cancel over and over cannot turn the agency's mail server on someone's inbox.
 */
export const BOOKING_MAILS_PER_ADDRESS_PER_DAY = 6;

const DAY = 24 * 60 * 60_000;
const BOOKING_MAIL_KINDS = ["booking_invitation", "booking_reminder"] as const;

export const overCapReason = (count: number) =>
  `Not sent: this address already had ${count} booking e-mails today (at most ${BOOKING_MAILS_PER_ADDRESS_PER_DAY} a day).`;

/** The address as its mailbox reads it: the index on `lower(to_address)` finds it. */
const mailboxOf = (address: string) => address.trim().toLowerCase();

/**
 * How many booking mails were queued to this address in the 24 hours before `nowMs`. A mail the cap
 * held back (failed without a try) never reached the inbox and does not count; a reminder withdrawn
 * when its call moved is gone from the outbox and does not either.
 */
export async function bookingMailsToday(trx: Transaction<DB>, address: string, nowMs: number) {
  const row = await trx
    .selectFrom("email_outbox")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where(sql`lower(to_address)`, "=", mailboxOf(address))
    .where("created_at", ">", new Date(nowMs - DAY).toISOString())
    .where("kind", "in", BOOKING_MAIL_KINDS)
    .where((eb) => eb.or([eb("status", "<>", "failed"), eb("attempts", ">", 0)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Splits a booking's mails to `address` into those that may go and those over the day's cap, counted
 * in the database so that every process shares it. On PostgreSQL the address is locked for the rest
 * of the transaction, so two bookings at once to one address count one after the other (SQLite's
 * writers take turns already).
 */
export async function capBookingMails(
  trx: Transaction<DB>,
  mails: OutgoingMail[],
  address: string,
  nowMs: number,
): Promise<{ go: OutgoingMail[]; held: OutgoingMail[]; reason: string }> {
  const capped = mails.filter((mail) => mailboxOf(mail.to) === mailboxOf(address));
  if (capped.length === 0) return { go: mails, held: [], reason: "" };
  if (dialectOf(trx) === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`booking-mails:${mailboxOf(address)}`}, 0))`.execute(trx);
  }
  const count = await bookingMailsToday(trx, address, nowMs);
  let room = Math.max(0, BOOKING_MAILS_PER_ADDRESS_PER_DAY - count);
  const go: OutgoingMail[] = [];
  const held: OutgoingMail[] = [];
  // In the order given: the invitation before its reminders.
  for (const mail of mails) {
    if (!capped.includes(mail)) go.push(mail);
    else if (room > 0) {
      go.push(mail);
      room--;
    } else held.push(mail);
  }
  return { go, held, reason: overCapReason(count + capped.length - held.length) };
}
