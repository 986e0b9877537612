import { data } from "react-router";
import { toastMessage } from "~/lib/toast";
import type { FieldErrors } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

/** What an admin action answers: a toast, and on failure the field errors and what was typed. */
export type ActionResult = {
  ok: boolean;
  intent: string;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
  toast: ReturnType<typeof toastMessage>;
};

export function actionSuccess(intent: string, message: string, title = "Success") {
  const result: ActionResult = {
    ok: true,
    intent,
    fieldErrors: {},
    values: {},
    toast: toastMessage("success", title, message),
  };
  return data(result);
}

export function actionFailure(
  intent: string,
  message: string,
  {
    fieldErrors = {},
    values = {},
    status = 400,
  }: { fieldErrors?: FieldErrors; values?: Record<string, string>; status?: number } = {},
) {
  const result: ActionResult = {
    ok: false,
    intent,
    fieldErrors,
    values,
    toast: toastMessage("error", "Error", message),
  };
  return data(result, { status });
}

/**
 * After a successful change, back to the screen the user was on (its filters and page kept), with a
 * toast the admin layout shows: it survives the list re-rendering without the card that was changed.
 */
export function redirectBackWithSuccess(formData: FormData, screen: string, message: string) {
  const returnTo = formData.get("returnTo");
  const target =
    typeof returnTo === "string" && (returnTo === screen || returnTo.startsWith(`${screen}?`)) ? returnTo : screen;
  return redirectWithToast(target, { type: "success", title: "Success", description: message });
}
