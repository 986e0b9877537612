import type { Kysely } from "kysely";
import * as kit from "./schema-kit.server";

/** A lead converts to at most one client, even when two staff convert it at the same moment. */
export async function up(db: Kysely<unknown>) {
  await db.schema.dropIndex("clients_lead_id_idx").execute();
  // NULLs are distinct in a unique index on both dialects, so clients without a lead are unaffected.
  await kit.createIndexes(db, "clients", { clients_lead_id_unique: { columns: ["lead_id"], unique: true } });
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("clients_lead_id_unique").execute();
  await kit.createIndexes(db, "clients", { clients_lead_id_idx: ["lead_id"] });
}
