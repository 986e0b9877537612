import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.server";
import * as kit from "./schema-kit.server";

/**
 * The dashboard's last 30 days (leads per day by source, the campaign table) read a month of leads by
 * creation date and need only their source, campaign and status. On PostgreSQL the creation-date index
 * now carries those columns, so a month is counted from the index alone instead of from 40,000 table
 * rows at a million leads; SQLite has had such an index since 0018. It replaces the index of 0003
 * under the same name, so a captured lead still writes one creation-date index.
 */
export async function up(db: Kysely<unknown>) {
  if (dialectOf(db) !== "postgres") return;
  await sql`drop index if exists leads_spam_created_at_idx`.execute(db);
  await sql`create index leads_spam_created_at_idx on leads (is_spam, created_at, id)
    include (source, utm_campaign, status)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (dialectOf(db) !== "postgres") return;
  await sql`drop index if exists leads_spam_created_at_idx`.execute(db);
  await kit.createIndexes(db, "leads", { leads_spam_created_at_idx: ["is_spam", "created_at", "id"] });
}
