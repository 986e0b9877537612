import { data } from "react-router";
import { type ToastMessage, toastMessage } from "~/lib/toast";
import type { FieldErrors } from "~/server/http/form-data.server";
import { redirectWithToast } from "~/server/http/toast-cookie.server";

/** What an admin action answers: a toast, and on failure the field errors and what was typed. */
export type ActionResult = {
  ok: boolean;
  intent: string;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
  toast: ToastMessage;
};

type FailureDetails = { fieldErrors?: FieldErrors; values?: Record<string, string>; status?: number };

/** An action's answer carrying `toast`; an error toast means it failed (a 4xx, 400 unless told). */
export function actionResult(
  intent: string,
  toast: ToastMessage,
  { fieldErrors = {}, values = {}, status = 400 }: FailureDetails = {},
) {
  const ok = toast.type !== "error";
  return data<ActionResult>({ ok, intent, fieldErrors, values, toast }, ok ? undefined : { status });
}

export function actionSuccess(intent: string, message: string, title = "Success") {
  return actionResult(intent, toastMessage("success", title, message));
}

export function actionFailure(intent: string, message: string, details: FailureDetails = {}) {
  return actionResult(intent, toastMessage("error", "Error", message), details);
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
