import { type Kysely, sql } from "kysely";
import { DEFAULT_AGENCY_COUNTRY, isCountryCode, normalizeEmail, normalizePhone } from "../../leads/identity.server";
import { columnTypes } from "./column-types.server";
import * as kit from "./schema-kit.server";

/** Leads filled per statement: a few hundred parameters, far below both databases' limits. */
const BATCH = 500;

/**
 * A lead is a person, keyed on the normalised e-mail and the phone in E.164; every enquiry of the
 * person is a row of form_submissions with its own landing page, referrer and the contact details it
 * was sent with. The leads table counts a person's enquiries and keeps the last one's time, so the
 * list sorts and filters on them from an index. Existing leads are filled here: the e-mail and phone
 * are normalised in code (the phone needs libphonenumber), a batch of leads per statement in id order.
 */
export async function up(db: Kysely<unknown>) {
  const types = columnTypes(db);
  await db.schema.alterTable("leads").addColumn("email_normalized", "text").execute();
  await db.schema.alterTable("leads").addColumn("phone_e164", "text").execute();
  await db.schema
    .alterTable("leads")
    .addColumn("enquiries", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("leads").addColumn("last_enquiry_at", types.timestamp).execute();
  await db.schema.alterTable("form_submissions").addColumn("page_url", "text").execute();
  await db.schema.alterTable("form_submissions").addColumn("landing_path", "text").execute();
  await db.schema.alterTable("form_submissions").addColumn("referrer", "text").execute();
  /** What the visitor typed as name, e-mail, phone and company with this enquiry. */
  await db.schema.alterTable("form_submissions").addColumn("contact", types.json).execute();

  // What a merge changed, so that an unmerge within 30 days can put both leads back as they were.
  await kit
    .createTableWithId(db, "lead_merges")
    .addColumn("survivor_id", "text", (col) => col.notNull())
    .addColumn("merged_id", "text", (col) => col.notNull())
    .addColumn("merged_email_normalized", "text")
    .$call(
      kit.requiredColumns({
        merged_lead: types.json,
        survivor_before: types.json,
        survivor_after: types.json,
        moved: types.json,
      }),
    )
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text")
    .addColumn("created_at", types.timestamp, (col) => col.notNull())
    .addColumn("undone_at", types.timestamp)
    .execute();
  await kit.createIndexes(db, "lead_merges", {
    lead_merges_survivor_idx: ["survivor_id", "created_at"],
    lead_merges_merged_idx: ["merged_id"],
    lead_merges_merged_email_idx: ["merged_email_normalized"],
  });

  const setting = await sql<{ value: string }>`select value from site_settings where key = 'agency_country'`.execute(
    db,
  );
  const stored = setting.rows[0] ? safeJson(setting.rows[0].value) : null;
  const country = isCountryCode(stored) ? stored : DEFAULT_AGENCY_COUNTRY;
  let after = "";
  for (;;) {
    const { rows } = await sql<{ id: string; email: string; phone: string | null }>`
      select id, email, phone from leads where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    const values = sql.join(
      rows.map((row) => sql`(${row.id}, ${normalizeEmail(row.email)}, ${normalizePhone(row.phone, country)})`),
    );
    await sql`update leads set email_normalized = v.column2, phone_e164 = v.column3
      from (values ${values}) as v where leads.id = v.column1`.execute(db);
    after = rows[rows.length - 1]?.id ?? after;
  }
  await sql`update leads set last_enquiry_at = created_at`.execute(db);
  await sql`update leads set enquiries = c.n
    from (select lead_id, count(*) as n from form_submissions where lead_id is not null
      group by lead_id having count(*) > 1) as c
    where leads.id = c.lead_id`.execute(db);
  await kit.createIndexes(db, "leads", {
    leads_email_normalized_idx: ["email_normalized"],
    leads_phone_e164_idx: ["phone_e164"],
    leads_spam_last_enquiry_idx: ["is_spam", "last_enquiry_at", "id"],
    leads_spam_enquiries_idx: ["is_spam", "enquiries", "id"],
  });
  // The dashboard's returning enquiries of the last 30 days are read by date.
  await kit.createIndexes(db, "form_submissions", {
    form_submissions_created_idx: ["created_at"],
    form_submissions_lead_created_idx: ["lead_id", "created_at"],
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("lead_merges").ifExists().execute();
  await db.schema.dropIndex("form_submissions_created_idx").ifExists().execute();
  await db.schema.dropIndex("form_submissions_lead_created_idx").ifExists().execute();
  await db.schema.dropIndex("leads_spam_enquiries_idx").ifExists().execute();
  await db.schema.dropIndex("leads_spam_last_enquiry_idx").ifExists().execute();
  await db.schema.dropIndex("leads_phone_e164_idx").ifExists().execute();
  await db.schema.dropIndex("leads_email_normalized_idx").ifExists().execute();
  for (const column of ["contact", "referrer", "landing_path", "page_url"]) {
    await db.schema.alterTable("form_submissions").dropColumn(column).execute();
  }
  for (const column of ["last_enquiry_at", "enquiries", "phone_e164", "email_normalized"]) {
    await db.schema.alterTable("leads").dropColumn(column).execute();
  }
}
