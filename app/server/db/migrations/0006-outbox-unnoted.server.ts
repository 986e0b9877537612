import type { Kysely } from "kysely";
import * as kit from "./schema-kit.server";

/**
 * The mail worker, without a mail server, notes on each queued mail why it waits. This index finds the
 * queued mails without a note directly, however long the queue grows.
 */
export async function up(db: Kysely<unknown>) {
  await kit.createIndexes(db, "email_outbox", { email_outbox_unnoted_idx: ["status", "last_error", "id"] });
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("email_outbox_unnoted_idx").execute();
}
