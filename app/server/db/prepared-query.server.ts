import type { Compilable, CompiledQuery, QueryResult } from "kysely";
import { dialectOf } from "./database.server";
import { executeUnflushed } from "./node-sqlite-dialect.server";
import type { Database } from "./schema.server";

/** Stands for one argument while the query is built; replaced by the argument's value at each call. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A query that Kysely builds and compiles once per dialect and set of argument names; each call only
 * binds new values. Kysely otherwise rebuilds and recompiles the query tree on every call, which on
 * the lead-capture path cost more CPU than SQLite's own work.
 *
 * `build` receives the arguments as stand-ins: use each where a single value goes (`=`, a column's
 * value in `.values()`, `${}` in `sql`), never as a list, and never inspect it.
 *
 * `unflushed`: a write whose loss in a power cut costs nothing (a counter) commits on SQLite without
 * waiting for the disk; PostgreSQL's commit does not block the process, and runs as usual.
 */
export function preparedQuery<Args extends Record<string, unknown>, Row>(
  build: (db: Database, args: Args) => Compilable<Row>,
  options: { unflushed?: boolean } = {},
) {
  const compiled: { dialect: string; names: string[]; template: CompiledQuery<Row> }[] = [];
  return (db: Database, args: Args): Promise<QueryResult<Row>> => {
    const dialect = dialectOf(db);
    const names = Object.keys(args);
    let template = compiled.find((entry) => entry.dialect === dialect && sameNames(entry.names, names))?.template;
    if (!template) {
      const slots = Object.fromEntries(names.map((name) => [name, new Slot(name)])) as unknown as Args;
      template = build(db, slots).compile();
      compiled.push({ dialect, names, template });
    }
    const query = {
      ...template,
      parameters: template.parameters.map((value) => (value instanceof Slot ? (args[value.name] ?? null) : value)),
    };
    const executor = db.getExecutor();
    // Without plugins there is no result to transform: straight to the connection.
    if (executor.plugins.length > 0) return db.executeQuery<Row>(query);
    return executor.provideConnection((connection) =>
      options.unflushed ? executeUnflushed<Row>(connection, query) : connection.executeQuery<Row>(query),
    );
  };
}

function sameNames(a: string[], b: string[]) {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}
