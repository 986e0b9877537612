import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server";
import * as kit from "./schema-kit.server";

export async function up(db: Kysely<unknown>) {
  const t = columnTypes(db);

  await kit
    .createTableWithId(db, "forms")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("form_type", "text", (c) => c.notNull().defaultTo("contact"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .$call(kit.timestamps(t))
    .execute();
  await kit.createIndexes(db, "forms", {
    forms_name_idx: ["name"],
    forms_created_at_idx: ["created_at"],
  });

  await kit
    .createTableWithId(db, "leads")
    .addColumn("form_id", "text", (c) => c.references("forms.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("company", "text")
    .addColumn("message", "text")
    .addColumn("source", "text", (c) => c.notNull().defaultTo("Website"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .$call(kit.utmColumns)
    .addColumn("page_url", "text")
    .addColumn("referrer", "text")
    .addColumn("browser_info", t.json)
    .addColumn("ip_address", "text")
    .addColumn("is_spam", t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn("spam_reason", "text")
    .$call(kit.timestamps(t))
    .execute();
  await kit.createIndexes(db, "leads", {
    leads_created_at_idx: ["created_at", "id"],
    leads_status_created_at_idx: ["status", "created_at"],
    leads_source_created_at_idx: ["source", "created_at"],
    leads_form_id_idx: ["form_id", "created_at"],
    leads_email_idx: ["email"],
  });

  await kit
    .createTableWithId(db, "form_submissions")
    .addColumn("form_id", "text", (c) => c.references("forms.id").onDelete("set null"))
    .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
    .addColumn("data", t.json, (c) => c.notNull())
    .$call(kit.utmColumns)
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await kit.createIndexes(db, "form_submissions", {
    form_submissions_form_id_idx: ["form_id", "created_at"],
    form_submissions_lead_id_idx: ["lead_id"],
  });

  await kit
    .createTableWithId(db, "analytics_events")
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("page_url", "text")
    .addColumn("user_agent", "text")
    .$call(kit.utmColumns)
    .addColumn("properties", t.json)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await kit.createIndexes(db, "analytics_events", {
    analytics_events_type_created_at_idx: ["event_type", "created_at"],
    analytics_events_created_at_idx: ["created_at"],
  });

  await kit
    .createTableWithId(db, "pricing_plans")
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
    .$call(kit.timestamps(t))
    .addColumn("updated_by", "text")
    .execute();
  await kit.createIndexes(db, "pricing_plans", { pricing_plans_display_order_idx: ["display_order"] });

  await kit
    .createTableWithId(db, "pricing_content")
    .addColumn("section_key", "text", (c) => c.notNull().unique())
    .addColumn("is_active", t.bool, (c) => c.notNull().defaultTo(t.trueValue))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content", t.json, (c) => c.notNull())
    .$call(kit.timestamps(t))
    .addColumn("updated_by", "text")
    .execute();

  await kit
    .createTableKeyedBy(db, "site_settings", "key")
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();

  await kit
    .createTableKeyedBy(db, "user_roles", "user_id")
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await kit.createIndexes(db, "user_roles", { user_roles_role_idx: ["role"] });

  await kit
    .createTableWithId(db, "pages")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("meta_description", "text")
    .addColumn("content", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .$call(kit.timestamps(t))
    .addColumn("published_at", t.timestamp)
    .addColumn("created_by", "text")
    .addColumn("updated_by", "text")
    .execute();
  await kit.createIndexes(db, "pages", { pages_updated_at_idx: ["updated_at"] });

  await kit
    .createTableWithId(db, "blog_posts")
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
    .$call(kit.timestamps(t))
    .addColumn("created_by", "text")
    .addColumn("updated_by", "text")
    .execute();
  await kit.createIndexes(db, "blog_posts", {
    blog_posts_status_published_at_idx: ["status", "published_at"],
    blog_posts_created_at_idx: ["created_at"],
  });

  await kit
    .createTableWithId(db, "clients")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("company", "text")
    .addColumn("address", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
    .$call(kit.timestamps(t))
    .execute();
  await kit.createIndexes(db, "clients", {
    clients_created_at_idx: ["created_at"],
    clients_status_created_at_idx: ["status", "created_at"],
    clients_lead_id_idx: ["lead_id"],
  });

  await kit
    .createTableWithId(db, "audit_logs")
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    .addColumn("summary", t.json)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await kit.createIndexes(db, "audit_logs", {
    audit_logs_created_at_idx: ["created_at"],
    audit_logs_entity_idx: ["entity_type", "entity_id"],
  });

  await kit
    .createTableWithId(db, "email_outbox")
    .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
    .$call(kit.requiredColumns({ kind: "text", to_address: "text", subject: "text", text_body: "text" }))
    .addColumn("html_body", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("next_attempt_at", t.timestamp, (c) => c.notNull())
    .addColumn("locked_until", t.timestamp)
    .addColumn("sent_at", t.timestamp)
    .$call(kit.timestamps(t))
    .execute();
  await kit.createIndexes(db, "email_outbox", {
    email_outbox_due_idx: ["status", "next_attempt_at"],
    email_outbox_lead_id_idx: ["lead_id"],
  });

  await kit
    .createTableKeyedBy(db, "seed_runs", "name")
    .addColumn("ran_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await kit.dropTables(db, [
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
  ]);
}
