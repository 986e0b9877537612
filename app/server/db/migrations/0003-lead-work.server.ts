import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.server";
import { columnTypes } from "./column-types.server";
import { createLeadSearchRowTriggers } from "./lead-search-triggers.server";
import * as kit from "./schema-kit.server";

/**
 * Staff work on leads (notes, status history) and what keeps the leads screen fast at 100,000 leads:
 * a lowercased `search_text` the database derives from name, e-mail and company (so every writer of
 * leads keeps it right without knowing of it), and indexes that match the screen's queries.
 */
export async function up(db: Kysely<unknown>) {
  const t = columnTypes(db);
  const postgres = dialectOf(db) === "postgres";

  await kit
    .createTableWithId(db, "lead_notes")
    .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("author_id", "text")
    .addColumn("author_email", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await kit.createIndexes(db, "lead_notes", { lead_notes_lead_id_idx: ["lead_id", "created_at"] });

  await kit
    .createTableWithId(db, "lead_status_changes")
    .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await kit.createIndexes(db, "lead_status_changes", { lead_status_changes_lead_id_idx: ["lead_id", "created_at"] });

  // SQLite can only add a VIRTUAL generated column; indexing it stores the computed text in the index.
  const searchText = sql`lower(name || ' ' || email || ' ' || coalesce(company, ''))`;
  await sql`alter table leads add column search_text text generated always as (${searchText}) ${
    postgres ? sql`stored` : sql`virtual`
  }`.execute(db);

  // Every list query says whether it wants spam or not, so is_spam leads each index.
  await kit.createIndexes(db, "leads", {
    leads_spam_created_at_idx: ["is_spam", "created_at", "id"],
    leads_spam_status_created_at_idx: ["is_spam", "status", "created_at", "id"],
    leads_spam_source_created_at_idx: ["is_spam", "source", "created_at", "id"],
    leads_spam_name_idx: ["is_spam", "name", "id"],
  });

  await kit.createIndexes(db, "leads", {
    leads_spam_status_source_created_at_idx: ["is_spam", "status", "source", "created_at", "id"],
  });

  // A substring search (`%term%`) cannot use a b-tree: PostgreSQL gets a trigram index, SQLite an
  // FTS5 trigram index over the same text, kept in step with leads by triggers.
  if (postgres) {
    // pg_trgm ships with PostgreSQL and is a trusted extension, but a server may lack it or the app's
    // role may not create extensions: then search still works, only without the index.
    const trgm = await sql<{ installed: boolean; installable: boolean }>`
      select
        exists (select 1 from pg_extension where extname = 'pg_trgm') as installed,
        exists (select 1 from pg_available_extensions where name = 'pg_trgm')
          and has_database_privilege(current_database(), 'CREATE') as installable`.execute(db);
    const { installed, installable } = trgm.rows[0] ?? { installed: false, installable: false };
    if (!installed && installable) await sql`create extension if not exists pg_trgm`.execute(db);
    if (installed || installable) {
      await sql`create index leads_search_text_trgm_idx on leads using gin (search_text gin_trgm_ops)`.execute(db);
    }
  } else {
    await sql`create virtual table leads_search using fts5(
      search_text, content = 'leads', content_rowid = 'rowid', tokenize = 'trigram')`.execute(db);
    await createLeadSearchRowTriggers(db);
    await sql`insert into leads_search (leads_search) values ('rebuild')`.execute(db);
  }

  // GDPR look-ups by e-mail.
  await kit.createIndexes(db, "clients", { clients_email_idx: ["email"] });
  await kit.createIndexes(db, "email_outbox", { email_outbox_to_address_idx: ["to_address"] });
}

export async function down(db: Kysely<unknown>) {
  const postgres = dialectOf(db) === "postgres";
  for (const index of [
    "email_outbox_to_address_idx",
    "clients_email_idx",
    "leads_search_text_trgm_idx",
    "leads_spam_status_source_created_at_idx",
    "leads_spam_name_idx",
    "leads_spam_source_created_at_idx",
    "leads_spam_status_created_at_idx",
    "leads_spam_created_at_idx",
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  if (!postgres) {
    for (const trigger of ["leads_search_insert", "leads_search_delete", "leads_search_update"]) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table if exists leads_search`.execute(db);
  }
  await db.schema.alterTable("leads").dropColumn("search_text").execute();
  await db.schema.dropTable("lead_status_changes").ifExists().execute();
  await db.schema.dropTable("lead_notes").ifExists().execute();
}
