import type { Kysely } from "kysely";
import { dialectOf } from "../database.server";
import { columnTypes } from "./column-types.server";
import * as kit from "./schema-kit.server";

/**
 * Consent records (proof of a visitor's choice, without any address), the visit marks the funnel
 * counts, a daily roll-up of visits so the funnel never scans raw events, and the indexes retention
 * deletes by.
 */
export async function up(db: Kysely<unknown>) {
  const t = columnTypes(db);
  await kit
    .createTableWithId(db, "consent_records")
    .$call(
      kit.requiredColumns({
        analytics: t.bool,
        marketing: t.bool,
        policy_version: "integer",
        global_privacy_control: t.bool,
        created_at: t.timestamp,
      }),
    )
    .execute();
  await kit.createIndexes(db, "consent_records", { consent_records_created_at_idx: ["created_at"] });

  await db.schema
    .alterTable("analytics_events")
    .addColumn("visit_start", t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .execute();
  await db.schema.alterTable("analytics_events").addColumn("landing_path", "text").execute();
  await db.schema.alterTable("leads").addColumn("landing_path", "text").execute();

  await db.schema
    .createTable("visit_days")
    .$call(
      kit.requiredColumns({
        day: "text",
        utm_campaign: "text",
        utm_source: "text",
        utm_medium: "text",
        landing_path: "text",
        visits: "integer",
      }),
    )
    .addPrimaryKeyConstraint("visit_days_pk", ["day", "utm_campaign", "utm_source", "utm_medium", "landing_path"])
    .execute();

  // The funnel reads these columns only, so its grouping never touches the tables. PostgreSQL
  // aggregates a date range's rows by hashing them; SQLite sorts them, which over months of leads
  // costs more than reading every lead in the funnel's group order (the date last, checked in the
  // index), so SQLite gets its indexes in that order (see loadFunnel).
  const grouped = ["utm_campaign", "utm_source", "utm_medium", "landing_path"];
  await db.schema
    .createIndex("leads_funnel_idx")
    .on("leads")
    .columns(
      dialectOf(db) === "postgres"
        ? ["is_spam", "created_at", ...grouped, "status"]
        : ["is_spam", ...grouped, "status", "created_at"],
    )
    .execute();
  if (dialectOf(db) === "sqlite") {
    await kit.createIndexes(db, "visit_days", { visit_days_funnel_idx: [...grouped, "day", "visits"] });
  }
  await kit.createIndexes(db, "email_outbox", { email_outbox_status_sent_at_idx: ["status", "sent_at"] });
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("email_outbox_status_sent_at_idx").ifExists().execute();
  await db.schema.dropIndex("visit_days_funnel_idx").ifExists().execute();
  await db.schema.dropIndex("leads_funnel_idx").ifExists().execute();
  await db.schema.dropTable("visit_days").ifExists().execute();
  await db.schema.alterTable("leads").dropColumn("landing_path").execute();
  await db.schema.alterTable("analytics_events").dropColumn("landing_path").execute();
  await db.schema.alterTable("analytics_events").dropColumn("visit_start").execute();
  await db.schema.dropTable("consent_records").ifExists().execute();
}
