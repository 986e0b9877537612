// What the visitor's booking pages read besides the booking itself: the enquiry a link names and the
// name of the person who takes the call.
import type { Database } from "../db/schema.server";
import { fromJson } from "../db/values.server";
import { visibleStaffName } from "../users/display-name.server";

/**
 * The enquiry an id from a booking link names: a lead, or a returning person's later submission (its
 * link names the submission, so that the page shows what that visitor typed, never the lead's own).
 */
export async function bookingEnquiry(db: Database, id: string) {
  const lead = await db
    .selectFrom("leads")
    .select(["id", "name", "email", "owner_id", "form_id", "is_spam"])
    .where("id", "=", id)
    .executeTakeFirst();
  // visitor: what a returning person typed, which the page shows instead of the lead's own details.
  if (lead) return { ...lead, visitor: null };
  const enquiry = await db
    .selectFrom("form_submissions")
    .innerJoin("leads", "leads.id", "form_submissions.lead_id")
    .select(["leads.id", "leads.owner_id", "leads.form_id", "leads.is_spam", "form_submissions.contact"])
    .where("form_submissions.id", "=", id)
    .executeTakeFirst();
  if (!enquiry) return null;
  const typed = fromJson<{ name?: string; email?: string }>(enquiry.contact, {});
  const visitor = { name: String(typed.name ?? ""), email: String(typed.email ?? "") };
  const { contact: _typed, ...ofLead } = enquiry;
  return { ...ofLead, ...visitor, visitor };
}

/** The name a visitor reads for the staff member taking a call (null: the page names the agency). */
export async function bookingStaffName(db: Database, staffId: string) {
  const staff = await db.selectFrom("user").select(["name", "email"]).where("id", "=", staffId).executeTakeFirst();
  return visibleStaffName(staff);
}
