import { type ComparisonOperatorExpression, type CreateTableBuilder, type Kysely, sql } from "kysely";
import type { columnTypes } from "./column-types.server";

/**
 * The schema-builder steps the migrations repeat (indexes, column groups several tables share), in
 * one place. Frozen: released migrations call these, and a database migrated today must come out as
 * one migrated when they were released (tests/integration/migrations-schema-snapshot.test.ts holds
 * that). So a function here may be added, never changed; a migration that needs something else gets
 * a new function.
 */

type ColumnTypes = ReturnType<typeof columnTypes>;
// biome-ignore lint/suspicious/noExplicitAny: a column group fits any table, whatever its columns so far.
type Table = CreateTableBuilder<string, any>;

/** An index's columns in order (a column may carry its direction, "created_at desc"). */
type Columns = readonly string[];
type IndexSpec =
  | Columns
  | {
      columns: Columns;
      unique?: true;
      /** A partial index: the rows where `column op value`. */
      where?: readonly [column: string, op: ComparisonOperatorExpression, value: unknown];
    };

/** Creates each index on `table`, in the order given. */
export async function createIndexes(db: Kysely<unknown>, table: string, indexes: Record<string, IndexSpec>) {
  for (const [name, spec] of Object.entries(indexes)) {
    const { columns, unique, where } = isColumns(spec) ? { columns: spec, unique: undefined, where: undefined } : spec;
    let index = db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns]);
    if (unique) index = index.unique();
    if (where) index = index.where(sql.ref(where[0]), where[1], where[2]);
    await index.execute();
  }
}

function isColumns(spec: IndexSpec): spec is Columns {
  return Array.isArray(spec);
}

/** The text primary key `id` most tables start with. */
function idColumn(table: Table) {
  return table.addColumn("id", "text", (c) => c.primaryKey());
}

/** `created_at` and `updated_at`, both required. */
export function timestamps(t: ColumnTypes) {
  return (table: Table) =>
    table
      .addColumn("created_at", t.timestamp, (c) => c.notNull())
      .addColumn("updated_at", t.timestamp, (c) => c.notNull());
}

/** The three UTM parameters of a visit, as it brought them. */
export function utmColumns(table: Table) {
  return table.addColumn("utm_source", "text").addColumn("utm_medium", "text").addColumn("utm_campaign", "text");
}

/** A queue's retry state: attempts made, whether the next is the last, when it is due and who holds it, the last failure. */
export function retryColumns(t: ColumnTypes) {
  return (table: Table) =>
    table
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("final_attempt", t.bool, (c) => c.notNull().defaultTo(t.falseValue))
      .addColumn("next_attempt_at", t.timestamp, (c) => c.notNull())
      .addColumn("locked_until", t.timestamp)
      .addColumn("last_status_code", "integer")
      .addColumn("last_error", "text");
}

/** `create table` for `name`, begun with the text primary key `id`. */
export function createTableWithId(db: Kysely<unknown>, name: string) {
  return db.schema.createTable(name).$call(idColumn);
}

/** Drops each table that exists, in the order given (dependents first). */
export async function dropTables(db: Kysely<unknown>, tables: readonly string[]) {
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}

type DataType = Parameters<Table["addColumn"]>[1];

/** Columns every row must fill (NOT NULL, no default), each of its type, in the order given. */
export function requiredColumns(columns: Record<string, DataType>) {
  return (table: Table) =>
    Object.entries(columns).reduce((built, [name, type]) => built.addColumn(name, type, (c) => c.notNull()), table);
}

/** `create table` for `name`, begun with its primary key `column` (text unless given). */
export function createTableKeyedBy(db: Kysely<unknown>, name: string, column: string, type: DataType = "text") {
  return db.schema.createTable(name).addColumn(column, type, (c) => c.primaryKey());
}
