import { type Kysely, sql } from "kysely";
import { columnTypes } from "./column-types.server";
import * as kit from "./schema-kit.server";

/**
 * The sales workspace: an owner and a next follow-up on leads, an owner on clients, each person's
 * saved views and preferences, and the round-robin position of automatic assignment.
 */
export async function up(db: Kysely<unknown>) {
  const t = columnTypes(db);
  await db.schema.alterTable("leads").addColumn("owner_id", "text").execute();
  await db.schema.alterTable("leads").addColumn("next_follow_up_at", t.timestamp).execute();
  await db.schema.alterTable("leads").addColumn("follow_up_note", "text").execute();
  await db.schema.alterTable("clients").addColumn("owner_id", "text").execute();

  // "My leads" / "Unassigned" walk newest first within one owner; follow-ups are read by owner and date.
  await kit.createIndexes(db, "leads", {
    leads_spam_owner_created_at_idx: ["is_spam", "owner_id", "created_at", "id"],
    leads_spam_follow_up_idx: ["is_spam", "next_follow_up_at", "id"],
    leads_owner_follow_up_idx: ["owner_id", "next_follow_up_at"],
  });
  await kit.createIndexes(db, "clients", { clients_owner_idx: ["owner_id", "created_at"] });

  await kit
    .createTableWithId(db, "saved_views")
    .$call(
      kit.requiredColumns({ user_id: "text", screen: "text", name: "text", query: "text", created_at: t.timestamp }),
    )
    .execute();
  await kit.createIndexes(db, "saved_views", {
    saved_views_user_screen_name_unique: { columns: ["user_id", "screen", "name"], unique: true },
  });

  await kit
    .createTableKeyedBy(db, "staff_preferences", "user_id")
    .addColumn("table_columns", t.json, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn("digest_opt_out", t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    /** The agency-time-zone day of the last digest queued, so that each day gets one. */
    .addColumn("last_digest_on", "text")
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();

  await kit
    .createTableKeyedBy(db, "lead_assignment_cursor", "id", "integer")
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await sql`insert into lead_assignment_cursor (id, position) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("lead_assignment_cursor").ifExists().execute();
  await db.schema.dropTable("staff_preferences").ifExists().execute();
  await db.schema.dropTable("saved_views").ifExists().execute();
  for (const index of [
    "clients_owner_idx",
    "leads_owner_follow_up_idx",
    "leads_spam_follow_up_idx",
    "leads_spam_owner_created_at_idx",
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable("clients").dropColumn("owner_id").execute();
  await db.schema.alterTable("leads").dropColumn("follow_up_note").execute();
  await db.schema.alterTable("leads").dropColumn("next_follow_up_at").execute();
  await db.schema.alterTable("leads").dropColumn("owner_id").execute();
}
