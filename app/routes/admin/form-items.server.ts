import { data, type RouterContextProvider } from "react-router";
import { getServices } from "~/http/context.server";
import { intent } from "~/http/intents.server";
import { pageSchema } from "~/lib/schemas/forms";
import { leadStatusSchema } from "~/lib/schemas/lead-admin";
import { getForm, setFormLeadStatus } from "~/server/forms/forms.server";

/**
 * What a screen of one form's items (its leads, its submissions) starts from: the form, or a 404 when
 * there is no such form, and the page asked for.
 */
export async function requireFormPage({
  request,
  params,
  context,
}: {
  request: Request;
  params: { formId: string };
  context: Readonly<RouterContextProvider>;
}) {
  const { db } = getServices(context);
  const form = await getForm(db, params.formId);
  if (!form) throw data({ message: "No form with this id exists." }, { status: 404 });
  const { page } = pageSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { db, form: { id: form.id, name: form.name }, page };
}

/** The form's leads screen changes a lead's status, and only of a lead of that form. */
export function formLeadIntents(formId: string) {
  return {
    "set-status": intent(leadStatusSchema, {
      success: "Lead status updated",
      run: ({ leadId, status }, { db, actor }) => setFormLeadStatus(db, formId, leadId, status, actor),
    }),
  };
}
