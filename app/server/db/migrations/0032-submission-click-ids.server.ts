import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server";

/**
 * Each enquiry keeps the ad click ids of the visit it was sent from (JSON, null when there were none
 * or the visitor's consent did not allow keeping them), as it keeps that visit's UTM parameters; the
 * lead's first and last touch stay in lead_ad_signals.
 */
export async function up(db: Kysely<unknown>) {
  const types = columnTypes(db);
  await db.schema.alterTable("form_submissions").addColumn("ad_clicks", types.json).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("form_submissions").dropColumn("ad_clicks").execute();
}
