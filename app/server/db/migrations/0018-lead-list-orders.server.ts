import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.server";
import * as kit from "./schema-kit.server";

/**
 * Indexes that give the leads list its sort orders at a million leads, so a page is read in order
 * and never sorted: "Status" (status, then newest first, a mixed direction a plain index cannot
 * give) replaces the status index of 0003, which it also serves for the status filter; on SQLite,
 * "Next follow-up" with leads without one last (SQLite sorts NULLs first, so the order names that),
 * and the dashboard's last 30 days by source, campaign and status read from the index alone. A
 * person's follow-ups are counted from their index alone (it now holds the spam flag).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.dropIndex("leads_owner_follow_up_idx").ifExists().execute();
  await kit.createIndexes(db, "leads", {
    leads_owner_follow_up_spam_idx: ["owner_id", "next_follow_up_at", "is_spam"],
  });
  await db.schema.dropIndex("leads_spam_status_created_at_idx").ifExists().execute();
  await kit.createIndexes(db, "leads", {
    leads_spam_status_newest_idx: ["is_spam", "status", "created_at desc", "id desc"],
  });
  if (dialectOf(db) === "sqlite") {
    await sql`create index leads_spam_follow_up_order_idx
      on leads (is_spam, next_follow_up_at is null, next_follow_up_at, id)`.execute(db);
    await kit.createIndexes(db, "leads", {
      leads_spam_created_at_source_idx: ["is_spam", "created_at", "source", "utm_campaign", "status"],
    });
  }
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("leads_owner_follow_up_spam_idx").ifExists().execute();
  await kit.createIndexes(db, "leads", { leads_owner_follow_up_idx: ["owner_id", "next_follow_up_at"] });
  await db.schema.dropIndex("leads_spam_created_at_source_idx").ifExists().execute();
  await db.schema.dropIndex("leads_spam_follow_up_order_idx").ifExists().execute();
  await db.schema.dropIndex("leads_spam_status_newest_idx").ifExists().execute();
  await kit.createIndexes(db, "leads", { leads_spam_status_created_at_idx: ["is_spam", "status", "created_at", "id"] });
}
