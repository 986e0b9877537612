import { redirectBackWithSuccess } from "~/http/action-result.server";
import { intent } from "~/http/intents.server";
import { formIdSchema, formSchema, updateFormSchema } from "~/lib/schemas/forms";
import { createForm, deleteForm, updateForm } from "~/server/forms/forms.server";

/** After each change the list reloads where the person was (filters kept), with the toast. */
export const formIntents = {
  create: intent(formSchema, {
    success: "Form created successfully",
    run: async (form, { db, actor, formData }) => {
      await createForm(db, form, actor);
      return redirectBackWithSuccess(formData, "/admin/forms", "Form created successfully");
    },
  }),
  update: intent(updateFormSchema, {
    success: "Form updated successfully",
    run: async ({ formId, ...form }, { db, actor, formData }) => {
      await updateForm(db, formId, form, actor);
      return redirectBackWithSuccess(formData, "/admin/forms", "Form updated successfully");
    },
  }),
  delete: intent(formIdSchema, {
    success: "Form deleted successfully",
    run: async ({ formId }, { db, actor, formData }) => {
      await deleteForm(db, formId, actor);
      return redirectBackWithSuccess(formData, "/admin/forms", "Form deleted successfully");
    },
  }),
};
