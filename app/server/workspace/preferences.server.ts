import type { Database } from "../db/schema.server";
import { fromBool, fromJson, now, toJson } from "../db/values.server";

export type TableName = "leads" | "clients";

export type StaffPreferences = { tableColumns: Partial<Record<TableName, string[]>>; digestOptOut: boolean };

export async function getPreferences(db: Database, userId: string): Promise<StaffPreferences> {
  const row = await db
    .selectFrom("staff_preferences")
    .select(["table_columns", "digest_opt_out"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return {
    tableColumns: fromJson<StaffPreferences["tableColumns"]>(row?.table_columns, {}),
    digestOptOut: fromBool(row?.digest_opt_out),
  };
}

async function ensureRow(db: Database, userId: string) {
  await db
    .insertInto("staff_preferences")
    .values({ user_id: userId, updated_at: now() })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

/** Remembers which columns a person shows in a table (only known ones, in the table's order). */
export async function setTableColumns(
  db: Database,
  userId: string,
  table: TableName,
  columns: readonly string[],
  known: readonly string[],
) {
  const shown = known.filter((column) => columns.includes(column));
  await db.transaction().execute(async (trx) => {
    await ensureRow(trx, userId);
    const current = await getPreferences(trx, userId);
    await trx
      .updateTable("staff_preferences")
      .set({ table_columns: toJson({ ...current.tableColumns, [table]: shown }), updated_at: now() })
      .where("user_id", "=", userId)
      .execute();
  });
  return shown;
}

export async function setDigestOptOut(db: Database, userId: string, optOut: boolean) {
  await db.transaction().execute(async (trx) => {
    await ensureRow(trx, userId);
    await trx
      .updateTable("staff_preferences")
      .set({ digest_opt_out: optOut, updated_at: now() })
      .where("user_id", "=", userId)
      .execute();
  });
}
