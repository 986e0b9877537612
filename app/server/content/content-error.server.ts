import { sql } from "kysely";

/** A unique index refused the row (PostgreSQL 23505, SQLite UNIQUE): another request took the value first. */
export function isUniqueViolation(error: unknown) {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === "23505" || /UNIQUE constraint failed/i.test(message ?? "");
}

/** Case-insensitive "contains" on both dialects, with the user's % and _ taken literally. */
export function containsText(column: string, term: string) {
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
