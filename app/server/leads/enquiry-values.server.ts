import type { TakeEnquiryValue } from "~/lib/schemas/lead-identity";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import type { Database } from "../db/schema.server";
import { fromJson, now } from "../db/values.server";
import { getAgencyCountry, normalizePhone } from "./identity.server";

const auditLead = auditOf("lead");

/**
 * Staff take a value a returning person typed with an enquiry (another phone, another company) onto
 * the lead. Only staff may: an enquiry never changes the lead's own fields by itself.
 */
export async function takeEnquiryValue(db: Database, input: TakeEnquiryValue, actor: AuditActor | null) {
  return db.transaction().execute(async (trx) => {
    const submission = await trx
      .selectFrom("form_submissions")
      .innerJoin("leads", "leads.id", "form_submissions.lead_id")
      .select(["form_submissions.contact", "leads.name", "leads.phone", "leads.company"])
      .where("form_submissions.id", "=", input.submissionId)
      .where("form_submissions.lead_id", "=", input.leadId)
      .executeTakeFirst();
    if (!submission) throw new AppError("NOT_FOUND", "This enquiry is not on this lead (any more).");
    const typed = fromJson<Record<string, unknown>>(submission.contact, {})[input.field];
    const value = typeof typed === "string" ? typed.trim() : "";
    if (!value) throw new AppError("INVALID_INPUT", "This enquiry has no such value to use.");
    const before = submission[input.field];
    if (before === value) return false;
    const identity = input.field === "phone" ? { phone_e164: normalizePhone(value, await getAgencyCountry(trx)) } : {};
    await trx
      .updateTable("leads")
      .set({ [input.field]: value, ...identity, updated_at: now() })
      .where("id", "=", input.leadId)
      .execute();
    // Which field changed and from which enquiry; the values themselves stay out of the audit log.
    await auditLead(trx, actor, "lead.use_enquiry_value", input.leadId, {
      field: input.field,
      submissionId: input.submissionId,
    });
    return true;
  });
}
