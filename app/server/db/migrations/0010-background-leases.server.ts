import type { Kysely } from "kysely";
import * as kit from "./schema-kit.server";

/**
 * Work that a deployment needs done once, however many processes it runs (housekeeping, scheduled
 * backups, the outbox's bookkeeping), goes to whichever process holds its lease here.
 */
export async function up(db: Kysely<unknown>) {
  await kit
    .createTableKeyedBy(db, "background_leases", "name")
    .addColumn("holder", "text", (col) => col.notNull())
    .addColumn("expires_ms", "bigint", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("background_leases").execute();
}
