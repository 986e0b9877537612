import { data } from "react-router";
import { typedValues } from "~/http/form-data.server";
import { redirectWithSuccess, redirectWithToast } from "~/http/toast-cookie.server";
import { type ToastMessage, toastMessage } from "~/lib/toast";
import type { ActionResult, FieldErrors } from "~/lib/types/action-result";
import type { AppError } from "~/server/app-error.server";

/** A success message ("Success" is its title), or a toast of its own (an "info" when nothing changed). */
export type SuccessToast = string | { type?: "success" | "info"; title: string; description?: string };

/** What an answer holds besides its intent and outcome; left out, each is empty. */
type AnswerParts<Payload> = {
  toast?: ToastMessage | null;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
  payload?: Payload | null;
};

/** An answer in the shape every action gives, staff or visitor: `actionSuccess`, `actionFailure` or a flow's own toast. */
export function actionResult<Payload = undefined>(
  intent: string,
  ok: boolean,
  { toast = null, fieldErrors = {}, values = {}, payload = null }: AnswerParts<Payload> = {},
): ActionResult<Payload> {
  return { intent, ok, toast, fieldErrors, values, payload };
}

export function actionSuccess<Payload = undefined>(
  intent: string,
  message: SuccessToast,
  { payload, headers }: { payload?: Payload; headers?: HeadersInit } = {},
) {
  const toast =
    typeof message === "string"
      ? toastMessage("success", "Success", message)
      : toastMessage(message.type ?? "success", message.title, message.description);
  return data(actionResult<Payload>(intent, true, { toast, payload }), headers ? { headers } : undefined);
}

type FailureDetails<Payload> = {
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
  status?: number;
  payload?: Payload;
};

/** A refusal: a 4xx (400 unless told) with an error toast carrying the reason. */
export function actionFailure<Payload = undefined>(
  intent: string,
  message: string,
  { fieldErrors = {}, values = {}, status = 400, payload }: FailureDetails<Payload> = {},
) {
  const toast = toastMessage("error", "Error", message);
  return data(actionResult<Payload>(intent, false, { toast, fieldErrors, values, payload }), { status });
}

/** An AppError as the refusal it stands for: its status, its message under the field it names. */
export function appErrorFailure<Payload = undefined>(
  intent: string,
  error: AppError,
  formData: FormData,
  failure?: string,
  payload?: Payload,
) {
  return actionFailure<Payload>(intent, failureMessage(failure, error.message), {
    payload,
    status: error.status,
    fieldErrors: error.field ? { [error.field]: error.message } : {},
    values: typedValues(formData),
  });
}

/** "Failed to save blog post: Another blog post already uses the slug …", or the reason alone. */
export function failureMessage(failure: string | undefined, reason: string) {
  return failure ? `${failure}: ${reason}` : reason;
}

/**
 * After a successful change, back to the screen the user was on (its filters and page kept), with a
 * toast the admin layout shows: it survives the list re-rendering without the card that was changed.
 */
export function redirectBackWithSuccess(formData: FormData, screen: string, message: string) {
  return redirectWithSuccess(returnTarget(formData, screen), message);
}

/** As `redirectBackWithSuccess`, with a toast of any kind (an "info" for a change that changed nothing). */
export function redirectBackWithToast(formData: FormData, screen: string, toast: Omit<ToastMessage, "id">) {
  return redirectWithToast(returnTarget(formData, screen), toast);
}

function returnTarget(formData: FormData, screen: string) {
  const returnTo = formData.get("returnTo");
  return typeof returnTo === "string" && (returnTo === screen || returnTo.startsWith(`${screen}?`)) ? returnTo : screen;
}
