import type { Kysely } from "kysely";

/**
 * Every query on leads says whether it wants spam, so the `is_spam`-led indexes of 0003 serve them;
 * these two from 0001 were only written to, and each index is another page a captured lead dirties
 * and commits. `leads_source_created_at_idx` stays: the source filter's loose index scan needs an
 * index that starts with source.
 */
const SUPERSEDED = [
  { name: "leads_created_at_idx", columns: ["created_at", "id"] },
  { name: "leads_status_created_at_idx", columns: ["status", "created_at"] },
];

export async function up(db: Kysely<unknown>) {
  for (const { name } of SUPERSEDED) await db.schema.dropIndex(name).ifExists().execute();
}

export async function down(db: Kysely<unknown>) {
  for (const { name, columns } of SUPERSEDED) {
    await db.schema.createIndex(name).ifNotExists().on("leads").columns(columns).execute();
  }
}
