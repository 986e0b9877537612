import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server";

/**
 * Each enquiry keeps the advertising consent it was sent with (null on enquiries from before it was
 * recorded), so a person's consent can be worked out from every enquiry, the most restrictive winning.
 * Nullable columns added without a default: no rewrite of the table on either database.
 */
export async function up(db: Kysely<unknown>) {
  const t = columnTypes(db);
  await db.schema.alterTable("form_submissions").addColumn("ad_user_data", t.bool).execute();
  await db.schema.alterTable("form_submissions").addColumn("ad_personalization", t.bool).execute();
}

export async function down(db: Kysely<unknown>) {
  for (const column of ["ad_personalization", "ad_user_data"]) {
    await db.schema.alterTable("form_submissions").dropColumn(column).execute();
  }
}
