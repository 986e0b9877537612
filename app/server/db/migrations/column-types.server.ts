import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.server";

/** Column types that differ between the two dialects; every migration takes them from here. */
export function columnTypes(db: Kysely<unknown>) {
  const postgres = dialectOf(db) === "postgres";
  return {
    timestamp: postgres ? ("timestamptz" as const) : ("text" as const),
    json: postgres ? ("jsonb" as const) : ("text" as const),
    bool: postgres ? ("boolean" as const) : ("integer" as const),
    money: postgres ? ("numeric(12, 2)" as const) : ("real" as const),
    falseValue: postgres ? sql`false` : sql`0`,
    trueValue: postgres ? sql`true` : sql`1`,
    emptyJsonArray: sql`'[]'`,
  };
}
