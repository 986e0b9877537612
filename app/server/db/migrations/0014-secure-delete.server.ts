import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.server";

/**
 * SQLite's lead search index removes a deleted lead's terms at once (FTS5 `secure-delete`) instead of
 * leaving them in older segments until a merge, and is merged once now so that terms of leads deleted
 * before this are gone too. An erased person leaves nothing in the index. PostgreSQL's trigram index
 * is an ordinary index: VACUUM reclaims it with its table.
 */
export async function up(db: Kysely<unknown>) {
  if (dialectOf(db) === "postgres") return;
  await sql`insert into leads_search (leads_search, rank) values ('secure-delete', 1)`.execute(db);
  await sql`insert into leads_search (leads_search) values ('optimize')`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (dialectOf(db) === "postgres") return;
  await sql`insert into leads_search (leads_search, rank) values ('secure-delete', 0)`.execute(db);
}
