import type { Insertable } from "kysely";
import type { BookingStatus, Database, LeadsTable } from "~/server/db/schema.server";
import { newId, now } from "~/server/db/values.server";

/** Rows the admin screens work on, written straight to a database (in the app, only visitors create leads). */

export type LeadRowOptions = {
  email: string;
  name?: string;
  phone?: string | null;
  company?: string | null;
  message?: string | null;
  source?: string;
  status?: "new" | "contacted" | "qualified" | "converted" | "closed";
  formId?: string | null;
  isSpam?: boolean;
  utmCampaign?: string | null;
  /** With a campaign: the ad platform's source and medium (a paid click). */
  utmSource?: string | null;
  utmMedium?: string | null;
  /** The first page of the visit the lead came from (left to the database's default when not given). */
  landingPath?: string | null;
  createdAt?: string;
};

export function leadRow(lead: LeadRowOptions): Insertable<LeadsTable> & { id: string } {
  const at = lead.createdAt ?? now();
  return {
    id: newId(),
    form_id: lead.formId ?? null,
    name: lead.name ?? "Lena Lead",
    email: lead.email,
    phone: lead.phone ?? null,
    company: lead.company ?? null,
    message: lead.message ?? null,
    source: lead.source ?? "Contact Form",
    status: lead.status ?? "new",
    utm_source: lead.utmSource ?? null,
    utm_medium: lead.utmMedium ?? null,
    utm_campaign: lead.utmCampaign ?? null,
    page_url: null,
    referrer: null,
    browser_info: null,
    ip_address: null,
    is_spam: lead.isSpam ?? false,
    spam_reason: lead.isSpam ? "honeypot" : null,
    // Only when given: a database before the funnel migration has no such column.
    ...(lead.landingPath === undefined ? {} : { landing_path: lead.landingPath }),
    created_at: at,
    updated_at: at,
  };
}

export async function insertLead(db: Database, lead: LeadRowOptions) {
  const row = leadRow(lead);
  await db.insertInto("leads").values(row).execute();
  return row.id;
}

/** The lead an e-mail address has, as stored; fails when it has none. */
export function leadByEmail(db: Database, email: string) {
  return db.selectFrom("leads").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
}

/** A lead's enquiries (its form submissions), oldest first, as its page lists them. */
export function submissionsOf(db: Database, leadId: string) {
  return db
    .selectFrom("form_submissions")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/**
 * `count` leads, the row for each index made by `rowFor`, written `perStatement` to an insert (the
 * databases limit a statement's parameters): their ids, in index order.
 */
export async function insertLeadRows(
  db: Database,
  count: number,
  rowFor: (index: number) => Insertable<LeadsTable> & { id: string },
  perStatement = 200,
) {
  const ids: string[] = [];
  for (let start = 0; start < count; start += perStatement) {
    const rows = Array.from({ length: Math.min(perStatement, count - start) }, (_, offset) => rowFor(start + offset));
    await db.insertInto("leads").values(rows).execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/**
 * An active form, written straight to the table: no audit entry, and any name (the website's own form
 * names too, which staff may not choose).
 */
export async function insertForm(
  db: Database,
  form: { name: string; formType: "contact" | "newsletter"; id?: string },
) {
  const id = form.id ?? newId();
  const at = now();
  await db
    .insertInto("forms")
    .values({
      id,
      name: form.name,
      description: null,
      form_type: form.formType,
      status: "active",
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** A lead notification that could not be delivered, as the worker leaves it after its last try. */
export async function insertFailedMail(db: Database, leadId: string) {
  const id = newId();
  const at = now();
  await db
    .insertInto("email_outbox")
    .values({
      id,
      lead_id: leadId,
      kind: "lead_notification",
      to_address: "sales@agency.example",
      subject: "New lead",
      text_body: "A new lead",
      html_body: null,
      status: "failed",
      attempts: 8,
      last_error: "550 mailbox unavailable",
      next_attempt_at: at,
      locked_until: null,
      sent_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** A setting as the database holds it (its JSON text), or null when it is not set. */
export async function storedSetting(db: Database, key: string) {
  const row = await db.selectFrom("site_settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value ?? null;
}

/** A stored booking of a lead's call, as the bookings table holds it. */
export function bookingRow(
  leadId: string,
  { id, startsAt, status = "booked" }: { id: string; startsAt: string; status?: BookingStatus },
) {
  const endsAt = new Date(Date.parse(startsAt) + 30 * 60_000).toISOString();
  return {
    id,
    lead_id: leadId,
    staff_id: `staff-of-${id}`,
    starts_at: startsAt,
    ends_at: endsAt,
    buffer_before_minutes: 0,
    buffer_after_minutes: 0,
    visitor_time_zone: "UTC",
    staff_time_zone: "UTC",
    status,
    sequence: 0,
    visitor_name: "Visitor",
    visitor_email: `${id}@example.com`,
    meeting_kind: "video" as const,
    meeting_detail: null,
    utm_campaign: null,
    landing_path: null,
    estimate: null,
    created_at: startsAt,
    updated_at: startsAt,
  };
}
