import type { Kysely } from "kysely";

/**
 * The mail worker, without a mail server, notes on each queued mail why it waits. This index finds the
 * queued mails without a note directly, however long the queue grows.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createIndex("email_outbox_unnoted_idx")
    .on("email_outbox")
    .columns(["status", "last_error", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("email_outbox_unnoted_idx").execute();
}
