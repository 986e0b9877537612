import { type Kysely, sql } from "kysely";

/**
 * The booking mails of one address in the last day are counted on every booking, reschedule and
 * cancellation (a daily cap per address), so they are found by the address as its mailbox reads it
 * (lower-cased) and the time they were queued. An index on the expression covers every row already
 * in the outbox, so the count holds from the first booking after the upgrade.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create index email_outbox_mailbox_day_idx on email_outbox (lower(to_address), created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("email_outbox_mailbox_day_idx").ifExists().execute();
}
