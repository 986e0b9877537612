import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/server/db/migrate.server";
import { createEmptyDatabase, type TestDatabase } from "../support/databases";

/**
 * One schema, two databases: every table, column, type, NOT NULL, primary key, unique index and foreign
 * key that PostgreSQL has, SQLite has too (in SQLite's own types), read from each database's catalogue
 * after the migrations ran. A migration that forgets one dialect fails here.
 */

type Column = { type: string; notNull: boolean; primaryKey: boolean; hasDefault: boolean };
type Schema = {
  columns: Record<string, Record<string, Column>>;
  unique: Record<string, string[]>;
  foreignKeys: Record<string, string[]>;
};

// PostgreSQL's types as SQLite declares them (its dates, JSON and booleans are text and integers).
const sqliteTypeOf: Record<string, string> = {
  text: "text",
  integer: "integer",
  bigint: "integer",
  boolean: "integer",
  "timestamp with time zone": "text",
  jsonb: "text",
  numeric: "real",
  "double precision": "real",
  real: "real",
};

// SQLite's full-text index lives in a virtual table and its shadow tables (PostgreSQL uses pg_trgm
// instead); Kysely keeps its migration journal in tables of its own making on each dialect.
const sqliteOnly = /^leads_search(_|$)/;
const notOurs = /^kysely_/;

async function postgresSchema(database: TestDatabase): Promise<Schema> {
  const { db } = database;
  const columns = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_generated: string;
  }>`select table_name, column_name, data_type, is_nullable, column_default, is_generated
     from information_schema.columns where table_schema = 'public'`.execute(db);
  const primaryKeys = await sql<{ table_name: string; column_name: string }>`
    select kcu.table_name, kcu.column_name from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu
      on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    where tc.table_schema = 'public' and tc.constraint_type = 'PRIMARY KEY'`.execute(db);
  const uniques = await sql<{ table_name: string; columns: string }>`
    select t.relname as table_name, string_agg(a.attname, ',' order by k.ordinality) as columns
    from pg_index i
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
    cross join lateral unnest(i.indkey) with ordinality as k(attnum, ordinality)
    join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
    where i.indisunique and not i.indisprimary
    group by t.relname, i.indexrelid`.execute(db);
  const foreignKeys = await sql<{ table_name: string; key: string }>`
    select cl.relname as table_name,
      (select string_agg(a.attname, ',') from unnest(c.conkey) k join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k)
      || ' -> ' || rt.relname || '.' ||
      (select string_agg(a.attname, ',') from unnest(c.confkey) k join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k)
      || ' on delete ' || case c.confdeltype when 'c' then 'cascade' when 'n' then 'set null' else 'no action' end as key
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_class rt on rt.oid = c.confrelid
    join pg_namespace n on n.oid = cl.relnamespace and n.nspname = 'public'
    where c.contype = 'f'`.execute(db);

  const schema: Schema = { columns: {}, unique: {}, foreignKeys: {} };
  const pk = new Set(primaryKeys.rows.map((row) => `${row.table_name}.${row.column_name}`));
  for (const row of columns.rows) {
    if (notOurs.test(row.table_name)) continue;
    const type = sqliteTypeOf[row.data_type];
    if (!type) throw new Error(`no SQLite type known for ${row.table_name}.${row.column_name}: ${row.data_type}`);
    tableOf(schema, row.table_name)[row.column_name] = {
      type,
      notNull: row.is_nullable === "NO",
      primaryKey: pk.has(`${row.table_name}.${row.column_name}`),
      hasDefault: row.column_default !== null || row.is_generated === "ALWAYS",
    };
  }
  for (const row of uniques.rows.filter((each) => !notOurs.test(each.table_name)))
    listOf(schema.unique, row.table_name).push(row.columns);
  for (const row of foreignKeys.rows) listOf(schema.foreignKeys, row.table_name).push(row.key);
  return normalised(schema);
}

async function sqliteSchema(database: TestDatabase): Promise<Schema> {
  const { db } = database;
  const tables = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const schema: Schema = { columns: {}, unique: {}, foreignKeys: {} };
  for (const { name } of tables.rows) {
    if (sqliteOnly.test(name) || notOurs.test(name)) continue;
    const columns = await sql<{
      name: string;
      type: string;
      notnull: number;
      pk: number;
      dflt_value: string | null;
      hidden: number;
    }>`select * from pragma_table_xinfo(${name})`.execute(db);
    for (const column of columns.rows) {
      tableOf(schema, name)[column.name] = {
        type: affinity(column.type),
        // A primary key column is never null in PostgreSQL; SQLite says so only where it was declared.
        notNull: column.notnull === 1 || column.pk > 0,
        primaryKey: column.pk > 0,
        // Generated columns are hidden (2: virtual, 3: stored) and have a value without being given one.
        hasDefault: column.dflt_value !== null || column.hidden >= 2,
      };
    }
    const indexes = await sql<{ name: string; unique: number; origin: string }>`
      select * from pragma_index_list(${name})`.execute(db);
    for (const index of indexes.rows) {
      if (!index.unique || index.origin === "pk") continue;
      const parts = await sql<{ name: string; seqno: number }>`
        select * from pragma_index_info(${index.name}) order by seqno`.execute(db);
      listOf(schema.unique, name).push(parts.rows.map((part) => part.name).join(","));
    }
    const keys = await sql<{ id: number; seq: number; table: string; from: string; to: string; on_delete: string }>`
      select * from pragma_foreign_key_list(${name}) order by id, seq`.execute(db);
    const byId = new Map<number, typeof keys.rows>();
    for (const key of keys.rows) byId.set(key.id, [...(byId.get(key.id) ?? []), key]);
    for (const parts of byId.values()) {
      const onDelete = parts[0]!.on_delete.toLowerCase();
      listOf(schema.foreignKeys, name).push(
        `${parts.map((part) => part.from).join(",")} -> ${parts[0]!.table}.${parts.map((part) => part.to).join(",")} on delete ${onDelete}`,
      );
    }
  }
  return normalised(schema);
}

function tableOf(schema: Schema, table: string) {
  schema.columns[table] ??= {};
  return schema.columns[table];
}

function listOf(record: Record<string, string[]>, table: string) {
  record[table] ??= [];
  return record[table];
}

/** SQLite's type affinity of a declared type (its rules: INT, then CHAR/CLOB/TEXT, then REAL/FLOA/DOUB). */
function affinity(declared: string) {
  const type = declared.toUpperCase();
  if (type.includes("INT")) return "integer";
  if (/CHAR|CLOB|TEXT/.test(type)) return "text";
  if (/REAL|FLOA|DOUB/.test(type)) return "real";
  return type === "" ? "blob" : "numeric";
}

function normalised(schema: Schema): Schema {
  const sortValues = (record: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(record).map(([table, values]) => [table, [...values].sort()]));
  return { columns: schema.columns, unique: sortValues(schema.unique), foreignKeys: sortValues(schema.foreignKeys) };
}

describe("the schema on SQLite and on PostgreSQL", () => {
  let sqlite: TestDatabase;
  let postgres: TestDatabase;
  let onSqlite: Schema;
  let onPostgres: Schema;
  beforeAll(async () => {
    [sqlite, postgres] = await Promise.all([createEmptyDatabase("sqlite"), createEmptyDatabase("postgres")]);
    await Promise.all([migrateToLatest(sqlite.db), migrateToLatest(postgres.db)]);
    [onSqlite, onPostgres] = await Promise.all([sqliteSchema(sqlite), postgresSchema(postgres)]);
  });
  afterAll(async () => {
    await sqlite?.drop();
    await postgres?.drop();
  });

  it("has the same tables", () => {
    expect(Object.keys(onSqlite.columns).sort()).toEqual(Object.keys(onPostgres.columns).sort());
    expect(Object.keys(onPostgres.columns).length).toBeGreaterThanOrEqual(20);
  });

  it("has the same columns with the same types, NOT NULLs, defaults and primary keys", () => {
    expect(onSqlite.columns).toEqual(onPostgres.columns);
    // Spot checks that the comparison reads what it should.
    expect(onPostgres.columns.leads?.created_at).toEqual({
      type: "text",
      notNull: true,
      primaryKey: false,
      hasDefault: false,
    });
    expect(onPostgres.columns.leads?.is_spam?.type).toBe("integer");
    expect(onPostgres.columns.pricing_plans?.price_usd?.type).toBe("real");
    expect(onPostgres.columns.leads?.id?.primaryKey).toBe(true);
  });

  it("has the same unique indexes and foreign keys", () => {
    expect(onSqlite.unique).toEqual(onPostgres.unique);
    expect(onSqlite.foreignKeys).toEqual(onPostgres.foreignKeys);
    expect(onPostgres.unique.clients).toContain("lead_id");
    expect(onPostgres.foreignKeys.lead_notes).toEqual(["lead_id -> leads.id on delete cascade"]);
  });
});
