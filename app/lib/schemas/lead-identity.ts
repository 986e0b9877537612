import { z } from "zod";

/** The contact details an enquiry may offer in place of the lead's own. */
export const ENQUIRY_VALUE_FIELDS = ["name", "phone", "company"] as const;
export type EnquiryValueField = (typeof ENQUIRY_VALUE_FIELDS)[number];

export const enquiryValueLabels: Record<EnquiryValueField, string> = {
  name: "Name",
  phone: "Phone",
  company: "Company",
};

const id = (message: string) => z.string().trim().min(1, message).max(64, message);

/** Staff take one value an enquiry was sent with onto the lead. */
export const takeEnquiryValueSchema = z.object({
  leadId: id("Choose a lead."),
  submissionId: id("Choose a submission."),
  field: z.enum(ENQUIRY_VALUE_FIELDS, { error: "Choose name, phone or company." }),
});
export type TakeEnquiryValue = z.output<typeof takeEnquiryValueSchema>;
