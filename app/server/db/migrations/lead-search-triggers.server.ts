import { type Kysely, sql } from "kysely";

/**
 * SQLite: the triggers that keep the FTS5 lead index in step with leads row by row, as 0003 made
 * them; 0005 replaced them, and its `down` puts these back. The statements must stay as they are:
 * SQLite keeps their text in the schema.
 */
export async function createLeadSearchRowTriggers(db: Kysely<unknown>) {
  await sql`create trigger leads_search_insert after insert on leads begin
      insert into leads_search (rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
  await sql`create trigger leads_search_delete after delete on leads begin
      insert into leads_search (leads_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
    end`.execute(db);
  await sql`create trigger leads_search_update after update of name, email, company on leads begin
      insert into leads_search (leads_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
      insert into leads_search (rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
}
