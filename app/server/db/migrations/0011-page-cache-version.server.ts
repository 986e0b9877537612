import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.server";

/** The tables public pages are rendered from: a change to any of them may change a cached page. */
export const PUBLIC_CONTENT_TABLES = [
  "pages",
  "blog_posts",
  "pricing_plans",
  "pricing_content",
  "site_settings",
  "forms",
] as const;

/**
 * One row counting the changes to public content, bumped by triggers in the writing transaction, so
 * that every app process learns of every edit (whoever made it: the admin, the CLI, another process,
 * a hand-written statement) from the database itself, in the same transaction as the edit.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("page_cache_version")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await sql`insert into page_cache_version (id, version) values (1, 0)`.execute(db);
  if (dialectOf(db) === "postgres") {
    await sql`create function page_cache_bump() returns trigger language plpgsql as $$
      begin
        update page_cache_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of PUBLIC_CONTENT_TABLES) {
      await sql`create trigger ${sql.raw(`${table}_page_cache`)} after insert or update or delete or truncate
        on ${sql.table(table)} for each statement execute function page_cache_bump()`.execute(db);
    }
    return;
  }
  for (const table of PUBLIC_CONTENT_TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      await sql`create trigger ${sql.raw(`${table}_page_cache_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update page_cache_version set version = version + 1 where id = 1; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>) {
  if (dialectOf(db) === "postgres") {
    for (const table of PUBLIC_CONTENT_TABLES) {
      await sql`drop trigger if exists ${sql.raw(`${table}_page_cache`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function if exists page_cache_bump()`.execute(db);
  } else {
    for (const table of PUBLIC_CONTENT_TABLES) {
      for (const event of ["insert", "update", "delete"]) {
        await sql`drop trigger if exists ${sql.raw(`${table}_page_cache_${event}`)}`.execute(db);
      }
    }
  }
  await db.schema.dropTable("page_cache_version").ifExists().execute();
}
