import { data, type RouterContextProvider } from "react-router";
import { pageSchema } from "~/lib/schemas/forms";
import { requireStaff } from "../auth/session.server";
import { getServices } from "../context.server";
import { getForm } from "./forms.server";

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
  requireStaff(context);
  const { db } = getServices(context);
  const form = await getForm(db, params.formId);
  if (!form) throw data({ message: "No form with this id exists." }, { status: 404 });
  const { page } = pageSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { db, form: { id: form.id, name: form.name }, page };
}
