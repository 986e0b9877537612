import type { Kysely } from "kysely";

/** A lead converts to at most one client, even when two staff convert it at the same moment. */
export async function up(db: Kysely<unknown>) {
  await db.schema.dropIndex("clients_lead_id_idx").execute();
  // NULLs are distinct in a unique index on both dialects, so clients without a lead are unaffected.
  await db.schema.createIndex("clients_lead_id_unique").on("clients").column("lead_id").unique().execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("clients_lead_id_unique").execute();
  await db.schema.createIndex("clients_lead_id_idx").on("clients").column("lead_id").execute();
}
