import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server";

export async function up(db: Kysely<unknown>) {
  const t = columnTypes(db);

  await db.schema
    .createTable("forms")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("form_type", "text", (c) => c.notNull().defaultTo("contact"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("forms_name_idx").on("forms").column("name").execute();
  await db.schema.createIndex("forms_created_at_idx").on("forms").column("created_at").execute();

  await db.schema
    .createTable("leads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("form_id", "text", (c) => c.references("forms.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("company", "text")
    .addColumn("message", "text")
    .addColumn("source", "text", (c) => c.notNull().defaultTo("Website"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .addColumn("utm_source", "text")
    .addColumn("utm_medium", "text")
    .addColumn("utm_campaign", "text")
    .addColumn("page_url", "text")
    .addColumn("referrer", "text")
    .addColumn("browser_info", t.json)
    .addColumn("ip_address", "text")
    .addColumn("is_spam", t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn("spam_reason", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("leads_created_at_idx").on("leads").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("leads_status_created_at_idx").on("leads").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("leads_source_created_at_idx").on("leads").columns(["source", "created_at"]).execute();
  await db.schema.createIndex("leads_form_id_idx").on("leads").columns(["form_id", "created_at"]).execute();
  await db.schema.createIndex("leads_email_idx").on("leads").column("email").execute();

  await db.schema
    .createTable("form_submissions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("form_id", "text", (c) => c.references("forms.id").onDelete("set null"))
    .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
    .addColumn("data", t.json, (c) => c.notNull())
    .addColumn("utm_source", "text")
    .addColumn("utm_medium", "text")
    .addColumn("utm_campaign", "text")
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("form_submissions_form_id_idx")
    .on("form_submissions")
    .columns(["form_id", "created_at"])
    .execute();
  await db.schema.createIndex("form_submissions_lead_id_idx").on("form_submissions").column("lead_id").execute();

  await db.schema
    .createTable("analytics_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("page_url", "text")
    .addColumn("user_agent", "text")
    .addColumn("utm_source", "text")
    .addColumn("utm_medium", "text")
    .addColumn("utm_campaign", "text")
    .addColumn("properties", t.json)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("analytics_events_type_created_at_idx")
    .on("analytics_events")
    .columns(["event_type", "created_at"])
    .execute();
  await db.schema.createIndex("analytics_events_created_at_idx").on("analytics_events").column("created_at").execute();

  await db.schema
    .createTable("pricing_plans")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("plan_type", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("price_usd", t.money, (c) => c.notNull().defaultTo(0))
    .addColumn("price_inr", t.money, (c) => c.notNull().defaultTo(0))
    .addColumn("original_price_usd", t.money)
    .addColumn("original_price_inr", t.money)
    .addColumn("subtitle", "text")
    .addColumn("description", "text")
    .addColumn("features", t.json, (c) => c.notNull().defaultTo(t.emptyJsonArray))
    .addColumn("winter_discount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_popular", t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn("is_active", t.bool, (c) => c.notNull().defaultTo(t.trueValue))
    .addColumn("cta_text", "text", (c) => c.notNull().defaultTo("Get Started"))
    .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
  await db.schema.createIndex("pricing_plans_display_order_idx").on("pricing_plans").column("display_order").execute();

  await db.schema
    .createTable("pricing_content")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("section_key", "text", (c) => c.notNull().unique())
    .addColumn("is_active", t.bool, (c) => c.notNull().defaultTo(t.trueValue))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content", t.json, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();

  await db.schema
    .createTable("site_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("user_roles")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("user_roles_role_idx").on("user_roles").column("role").execute();

  await db.schema
    .createTable("pages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("meta_description", "text")
    .addColumn("content", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addColumn("published_at", t.timestamp)
    .addColumn("created_by", "text")
    .addColumn("updated_by", "text")
    .execute();
  await db.schema.createIndex("pages_updated_at_idx").on("pages").column("updated_at").execute();

  await db.schema
    .createTable("blog_posts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("excerpt", "text")
    .addColumn("content", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("featured_image_url", "text")
    .addColumn("meta_title", "text")
    .addColumn("meta_description", "text")
    .addColumn("meta_keywords", "text")
    .addColumn("category", "text")
    .addColumn("tags", t.json, (c) => c.notNull().defaultTo(t.emptyJsonArray))
    .addColumn("author_name", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("published_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("updated_by", "text")
    .execute();
  await db.schema
    .createIndex("blog_posts_status_published_at_idx")
    .on("blog_posts")
    .columns(["status", "published_at"])
    .execute();
  await db.schema.createIndex("blog_posts_created_at_idx").on("blog_posts").column("created_at").execute();

  await db.schema
    .createTable("clients")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("company", "text")
    .addColumn("address", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("clients_created_at_idx").on("clients").column("created_at").execute();
  await db.schema
    .createIndex("clients_status_created_at_idx")
    .on("clients")
    .columns(["status", "created_at"])
    .execute();
  await db.schema.createIndex("clients_lead_id_idx").on("clients").column("lead_id").execute();

  await db.schema
    .createTable("audit_logs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    .addColumn("summary", t.json)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_logs_created_at_idx").on("audit_logs").column("created_at").execute();
  await db.schema.createIndex("audit_logs_entity_idx").on("audit_logs").columns(["entity_type", "entity_id"]).execute();

  await db.schema
    .createTable("email_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("next_attempt_at", t.timestamp, (c) => c.notNull())
    .addColumn("locked_until", t.timestamp)
    .addColumn("sent_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("email_outbox_due_idx")
    .on("email_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema.createIndex("email_outbox_lead_id_idx").on("email_outbox").column("lead_id").execute();

  await db.schema
    .createTable("seed_runs")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("ran_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    "seed_runs",
    "email_outbox",
    "audit_logs",
    "clients",
    "blog_posts",
    "pages",
    "user_roles",
    "site_settings",
    "pricing_content",
    "pricing_plans",
    "analytics_events",
    "form_submissions",
    "leads",
    "forms",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
