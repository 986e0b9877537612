import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.server";
import * as kit from "./schema-kit.server";

/**
 * The leads list sorted by name with a status, source or search filter reads its page by walking the
 * name order and checking each lead against the filter. Names and those filters go together (a
 * search for a surname, a source whose leads share a few names), so the walk can pass tens of
 * thousands of leads before a page is found. The name index now carries the columns those checks
 * read, so the walk never leaves the index: the search text on PostgreSQL (a stored column), and on
 * SQLite the columns it is computed from (its search text is a virtual column, which an index cannot
 * answer for). It replaces the name index of 0003, so a captured lead still writes one name index.
 */
export async function up(db: Kysely<unknown>) {
  if (dialectOf(db) === "postgres") {
    await sql`create index leads_spam_name_filters_idx on leads (is_spam, name, id)
      include (status, source, search_text)`.execute(db);
  } else {
    await kit.createIndexes(db, "leads", {
      leads_spam_name_filters_idx: ["is_spam", "name", "id", "status", "source", "email", "company"],
    });
  }
  await db.schema.dropIndex("leads_spam_name_idx").ifExists().execute();
}

export async function down(db: Kysely<unknown>) {
  await kit.createIndexes(db, "leads", { leads_spam_name_idx: ["is_spam", "name", "id"] });
  await db.schema.dropIndex("leads_spam_name_filters_idx").ifExists().execute();
}
