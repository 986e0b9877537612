import { z } from "zod";
import { valuesOf } from "./choices";
import { editedRowId, optionalTrimmedText, requiredText } from "./fields";

/** Forms management: shared by the Create/Edit Form dialog and the server. */

export const formTypeLabels = {
  contact: "Contact",
  newsletter: "Newsletter",
  quote: "Quote Request",
  survey: "Survey",
  lead: "Lead Capture",
};
export const FORM_TYPES = valuesOf(formTypeLabels);
export type FormType = (typeof FORM_TYPES)[number];
export const formStatusLabels = { active: "Active", inactive: "Inactive", draft: "Draft" };
export const FORM_STATUSES = valuesOf(formStatusLabels);
export type FormStatus = (typeof FORM_STATUSES)[number];

/**
 * The site's own visitor flows find their form by name (contact, guide, newsletter, estimator), so
 * these four names must keep existing: renaming or deleting them would silently detach the site's leads.
 */
export const SITE_FORM_NAMES = ["Contact Form", "PDF Download Form", "Newsletter Signup", "Cost Estimator"] as const;

export function isSiteFormName(name: string) {
  const wanted = name.trim().toLowerCase();
  return SITE_FORM_NAMES.some((siteName) => siteName.toLowerCase() === wanted);
}

export const formSchema = z.object({
  formId: z.string().max(64).optional(),
  name: requiredText("Form Name is required.", 120, "Form Name can be at most 120 characters."),
  description: optionalTrimmedText(1000, "Description can be at most 1000 characters."),
  formType: z.enum(FORM_TYPES, { error: "Choose a form type." }),
  status: z.enum(FORM_STATUSES, { error: "Choose a status." }),
});
export type FormInput = z.output<typeof formSchema>;

const formId = editedRowId("Which form? Reload the page and try again.");
export const formIdSchema = z.object({ formId });
export const updateFormSchema = formSchema.extend({ formId });

export const formFiltersSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(FORM_STATUSES).optional().catch(undefined),
  type: z.enum(FORM_TYPES).optional().catch(undefined),
});
export type FormFilters = z.output<typeof formFiltersSchema>;

export const pageSchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1) });
