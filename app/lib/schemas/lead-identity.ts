import { z } from "zod";
import { valuesOf } from "./choices";

/** The contact details an enquiry may offer in place of the lead's own. */
export const enquiryValueLabels = { name: "Name", phone: "Phone", company: "Company" };
export const ENQUIRY_VALUE_FIELDS = valuesOf(enquiryValueLabels);
export type EnquiryValueField = (typeof ENQUIRY_VALUE_FIELDS)[number];

const id = (message: string) => z.string().trim().min(1, message).max(64, message);

/** Staff take one value an enquiry was sent with onto the lead. */
export const takeEnquiryValueSchema = z.object({
  leadId: id("Choose a lead."),
  submissionId: id("Choose a submission."),
  field: z.enum(ENQUIRY_VALUE_FIELDS, { error: "Choose name, phone or company." }),
});
export type TakeEnquiryValue = z.output<typeof takeEnquiryValueSchema>;

/** The fields staff choose between, one lead's value each, when leads are merged. */
export const mergeChoiceLabels = {
  name: "Name",
  email: "E-mail",
  phone: "Phone",
  company: "Company",
  message: "Message",
  status: "Status",
  owner_id: "Owner",
};
export const MERGE_CHOICE_FIELDS = valuesOf(mergeChoiceLabels);
export type MergeChoiceField = (typeof MERGE_CHOICE_FIELDS)[number];

const optionalLeadId = z.string().trim().max(64).optional();

/** Leads merged into one: the survivor, the others, and per field which lead's value stays. */
export const mergeLeadsSchema = z.object({
  leadId: id("Choose the lead to keep."),
  mergedIds: z
    .array(id("Choose the leads to merge."))
    .min(1, "Choose at least one other lead to merge.")
    .max(20, "Merge at most 20 leads at once."),
  ...Object.fromEntries(MERGE_CHOICE_FIELDS.map((field) => [`choice_${field}`, optionalLeadId])),
}) as z.ZodObject<
  { leadId: z.ZodString; mergedIds: z.ZodArray<z.ZodString> } & Record<
    `choice_${MergeChoiceField}`,
    typeof optionalLeadId
  >
>;
export type MergeLeadsInput = z.output<typeof mergeLeadsSchema>;

/** Leads ticked in the table merged into the oldest of them; a filter's leads are never merged blindly. */
export const bulkMergeSchema = z.object({
  scope: z
    .literal("selected", { error: "Tick the leads to merge; a filter's leads cannot be merged at once." })
    .catch("selected"),
  ids: z
    .array(id("Choose the leads to merge."))
    .min(2, "Tick at least two leads to merge.")
    .max(20, "Merge at most 20 leads at once."),
  ...Object.fromEntries(MERGE_CHOICE_FIELDS.map((field) => [`choice_${field}`, optionalLeadId])),
}) as z.ZodObject<
  { scope: z.ZodCatch<z.ZodLiteral<"selected">>; ids: z.ZodArray<z.ZodString> } & Record<
    `choice_${MergeChoiceField}`,
    typeof optionalLeadId
  >
>;

export const unmergeSchema = z.object({
  leadId: id("Choose a lead."),
  mergeId: id("Choose a merge to undo."),
});
