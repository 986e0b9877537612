import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Dialect } from "~/server/db/database.server";
import { migrateUpTo } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { createEmptyDatabase, dialects, type TestDatabase } from "../support/databases";

/**
 * Released migrations are rewritten only to read better, never to build something else: a fresh
 * database migrated up to a fixed, released migration must hold exactly the schema (and the rows) the
 * committed dump shows, statement text included. It stops at that migration so later ones leave it be.
 * A new dump (after a deliberate change to what a released migration builds, which should not happen):
 * `npm test -- tests/integration/migrations-schema-snapshot.test.ts -u`.
 */
const lastReleased = "0033-returning-enquiries";

// Kysely's own journal tables hold when each migration ran, which differs from run to run.
const notOurs = "kysely\\_%";

type Rows = Record<string, unknown>[];

async function sqliteDump(db: Database) {
  const objects = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
    select type, name, tbl_name, sql from sqlite_master
    where name not like ${notOurs} escape '\\' and tbl_name not like ${notOurs} escape '\\'
    order by type, name`.execute(db);
  return [
    ...objects.rows.map((row) => `${row.type} ${row.name} on ${row.tbl_name}\n${row.sql ?? "(implicit)"}\n`),
    ...(await rowsOf(
      db,
      objects.rows.filter((row) => row.type === "table").map((row) => row.name),
    )),
  ].join("\n");
}

async function postgresDump(db: Database) {
  const section = (title: string, rows: Rows) =>
    `-- ${title}\n${rows.map((row) => Object.values(row).join(" | ")).join("\n")}\n`;
  const columns = await sql<Rows[number]>`
    select table_name, ordinal_position, column_name, data_type, udt_name, character_maximum_length,
      numeric_precision, numeric_scale, is_nullable, column_default, is_generated, generation_expression
    from information_schema.columns
    where table_schema = 'public' and table_name not like ${notOurs}
    order by table_name, ordinal_position`.execute(db);
  const indexes = await sql<Rows[number]>`
    select tablename, indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename not like ${notOurs}
    order by tablename, indexname`.execute(db);
  const constraints = await sql<Rows[number]>`
    select cl.relname, c.conname, c.contype, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_namespace n on n.oid = cl.relnamespace and n.nspname = 'public'
    where cl.relname not like ${notOurs}
    order by cl.relname, c.conname`.execute(db);
  const triggers = await sql<Rows[number]>`
    select cl.relname, t.tgname, pg_get_triggerdef(t.oid) as definition
    from pg_trigger t
    join pg_class cl on cl.oid = t.tgrelid
    join pg_namespace n on n.oid = cl.relnamespace and n.nspname = 'public'
    where not t.tgisinternal
    order by cl.relname, t.tgname`.execute(db);
  // Functions an extension installed (pg_trgm's) are its own, not the migrations'.
  const functions = await sql<Rows[number]>`
    select p.proname, pg_get_function_identity_arguments(p.oid) as arguments, pg_get_functiondef(p.oid) as definition
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace and n.nspname = 'public'
    where not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    order by p.proname, arguments`.execute(db);
  const views = await sql<Rows[number]>`
    select viewname, pg_get_viewdef(format('%I.%I', schemaname, viewname)::regclass) as definition
    from pg_views where schemaname = 'public' order by viewname`.execute(db);
  const sequences = await sql<Rows[number]>`
    select sequencename, data_type, start_value, increment_by from pg_sequences
    where schemaname = 'public' order by sequencename`.execute(db);
  const extensions = await sql<Rows[number]>`select extname from pg_extension order by extname`.execute(db);
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like ${notOurs}
    order by table_name`.execute(db);
  return [
    section("columns", columns.rows),
    section("indexes", indexes.rows),
    section("constraints", constraints.rows),
    section("triggers", triggers.rows),
    section("functions", functions.rows),
    section("views", views.rows),
    section("sequences", sequences.rows),
    section("extensions", extensions.rows),
    ...(await rowsOf(
      db,
      tables.rows.map((row) => row.table_name),
    )),
  ].join("\n");
}

/** The rows migrations write into a fresh database (settings, seeds of their own), table by table. */
async function rowsOf(db: Database, tables: string[]) {
  const dumps: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<Rows[number]>`select * from ${sql.table(table)}`.execute(db);
    if (rows.length === 0) continue;
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    dumps.push(`rows of ${table}\n${lines.join("\n")}\n`);
  }
  return dumps;
}

const dumpOf: Record<Dialect, (db: Database) => Promise<string>> = { sqlite: sqliteDump, postgres: postgresDump };

describe.each(dialects)("released migrations on %s", (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it(`build exactly the schema they built when released, up to ${lastReleased}`, async () => {
    database = await createEmptyDatabase(dialect);
    const ran = await migrateUpTo(database.db, lastReleased);
    expect(ran.at(-1)).toBe(lastReleased);
    const dump = await dumpOf[dialect](database.db);
    // Spot check that the dump reads the catalogue at all.
    expect(dump).toContain("leads_spam_created_at_idx");
    await expect(dump).toMatchFileSnapshot(`./snapshots/schema-${lastReleased}.${dialect}.txt`);
  });
});
