import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server";
import * as kit from "./schema-kit.server";

/**
 * Conversions sent back to the ad platforms. A connection per platform holds its credentials
 * (encrypted) and the stage mapping; a lead's click ids and advertising consent are kept beside it;
 * each stage a lead reaches becomes one row per connected platform, its id derived from (platform,
 * lead, stage) so that queuing it twice, or a second worker, can never make a second one.
 */
export async function up(db: Kysely<unknown>) {
  const t = columnTypes(db);
  await kit
    .createTableKeyedBy(db, "ad_connections", "platform")
    .addColumn("credentials", "text", (c) => c.notNull())
    .addColumn("settings", t.json, (c) => c.notNull())
    .$call(kit.timestamps(t))
    .execute();

  await db.schema
    .createTable("lead_ad_signals")
    .addColumn("lead_id", "text", (c) => c.primaryKey().references("leads.id").onDelete("cascade"))
    .$call(
      kit.requiredColumns({
        first_clicks: t.json,
        last_clicks: t.json,
        ad_user_data: t.bool,
        ad_personalization: t.bool,
      }),
    )
    .$call(kit.timestamps(t))
    .execute();

  await kit
    .createTableWithId(db, "ad_conversions")
    .$call(
      kit.requiredColumns({
        lead_id: "text",
        platform: "text",
        stage: "text",
        kind: "text",
        occurred_at: t.timestamp,
        status: "text",
      }),
    )
    .$call(kit.retryColumns(t))
    .addColumn("last_request", "text")
    .addColumn("last_response", "text")
    .addColumn("sent_at", t.timestamp)
    .$call(kit.timestamps(t))
    .execute();
  await kit.createIndexes(db, "ad_conversions", {
    ad_conversions_due_idx: ["status", "next_attempt_at"],
    ad_conversions_lead_idx: ["lead_id"],
    ad_conversions_log_idx: ["platform", "created_at"],
  });
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["ad_conversions", "lead_ad_signals", "ad_connections"]) {
    await db.schema.dropTable(table).execute();
  }
}
