import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.server";
import { createLeadSearchRowTriggers } from "./lead-search-triggers.server";

/**
 * SQLite: new leads enter the search index once per commit, all together, instead of one by one from
 * a trigger. FTS5 writes its pending terms out at every savepoint, and each lead of a group commit
 * has its own, so the trigger made every lead write an index segment of its own. The index now covers
 * exactly the leads up to the highest rowid in it; the connection indexes the ones above just before
 * each commit (see lead-search-index.server.ts), so every committed lead is searchable. Deletes and
 * edits touch the index only for leads it already covers. PostgreSQL's trigram index is unchanged.
 */
export async function up(db: Kysely<unknown>) {
  if (dialectOf(db) === "postgres") return;
  await sql`drop trigger leads_search_insert`.execute(db);
  await sql`drop trigger leads_search_delete`.execute(db);
  await sql`drop trigger leads_search_update`.execute(db);
  await sql`create trigger leads_search_delete after delete on leads
    when old.rowid <= (select coalesce(max(id), 0) from leads_search_docsize) begin
      insert into leads_search (leads_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
    end`.execute(db);
  await sql`create trigger leads_search_update after update of name, email, company on leads
    when old.rowid <= (select coalesce(max(id), 0) from leads_search_docsize) begin
      insert into leads_search (leads_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
      insert into leads_search (rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (dialectOf(db) === "postgres") return;
  await sql`drop trigger leads_search_delete`.execute(db);
  await sql`drop trigger leads_search_update`.execute(db);
  await createLeadSearchRowTriggers(db);
  // Leads added since `up` are not in the index yet; the trigger only covers what comes next.
  await sql`insert into leads_search (leads_search) values ('rebuild')`.execute(db);
}
