import type { Kysely } from "kysely";

/**
 * `form_submissions_lead_created_idx` (lead_id, created_at) starts with every column of
 * `form_submissions_lead_id_idx` (lead_id), so each look-up by lead, and the foreign key's check when a
 * lead is deleted or merged, can use the longer one; the short one was only written to, one more page
 * every captured lead dirtied and committed.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.dropIndex("form_submissions_lead_id_idx").ifExists().execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema
    .createIndex("form_submissions_lead_id_idx")
    .ifNotExists()
    .on("form_submissions")
    .column("lead_id")
    .execute();
}
