import type { Kysely } from "kysely";
import * as kit from "./schema-kit.server";

/**
 * The audit log screen reads newest first, alone or filtered by one person, one kind of record or one
 * action (or by one person and one kind or action), a page at a time from a (created_at, id) position: each
 * of those reads is a walk along one of these indexes, however long the log grows. The single-column created_at index is covered by the
 * first of them.
 */
export async function up(db: Kysely<unknown>) {
  await kit.createIndexes(db, "audit_logs", {
    audit_logs_newest_idx: ["created_at", "id"],
    audit_logs_actor_newest_idx: ["actor_id", "created_at", "id"],
    audit_logs_kind_newest_idx: ["entity_type", "created_at", "id"],
  });
  // A person with a kind or an action: without these, a combination the person rarely or never made
  // would read all of that person's entries to fill a page.
  await kit.createIndexes(db, "audit_logs", {
    audit_logs_actor_kind_newest_idx: ["actor_id", "entity_type", "created_at", "id"],
    audit_logs_actor_action_newest_idx: ["actor_id", "action", "created_at", "id"],
    audit_logs_action_newest_idx: ["action", "created_at", "id"],
  });
  await db.schema.dropIndex("audit_logs_created_at_idx").execute();
}

export async function down(db: Kysely<unknown>) {
  await kit.createIndexes(db, "audit_logs", { audit_logs_created_at_idx: ["created_at"] });
  for (const name of [
    "audit_logs_action_newest_idx",
    "audit_logs_actor_action_newest_idx",
    "audit_logs_actor_kind_newest_idx",
    "audit_logs_kind_newest_idx",
    "audit_logs_actor_newest_idx",
    "audit_logs_newest_idx",
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
