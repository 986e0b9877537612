import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";

/** A LIKE pattern matching `text` anywhere, with the wildcards it contains taken literally. */
export function containsPattern(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Case-insensitive "contains" on any of the columns, the same on SQLite and PostgreSQL
 * (lower() on both sides, backslash as the LIKE escape).
 */
export function matchesAnyColumn<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: string[],
  text: string,
): Expression<SqlBool> {
  const pattern = containsPattern(text);
  return eb.or(columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`));
}
