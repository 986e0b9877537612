import { sql } from "kysely";
import { dialectOf } from "./database.server";
import type { Database } from "./schema.server";

/**
 * A list of ids as one bound parameter that the database unpacks into a set (`id in (…)`): one
 * statement for any number of rows, instead of a statement per batch of bound ids.
 */
export function idSet(db: Database, ids: readonly string[]) {
  return dialectOf(db) === "postgres"
    ? sql<string>`select unnest(${[...ids]}::text[])`
    : sql<string>`select value from json_each(${JSON.stringify(ids)})`;
}
