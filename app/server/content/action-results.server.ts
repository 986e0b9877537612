import { data } from "react-router";
import { type ToastMessage, toastMessage } from "~/lib/toast";
import type { FieldErrors } from "../forms.server";
import { ContentError } from "./content-error.server";

/** What the content screens' actions answer: the toast to show, and on failure the field errors and what was typed. */
export type ActionResult = {
  intent: string;
  ok: boolean;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
  toast: ToastMessage;
};

export function succeeded(intent: string, message: string) {
  return data<ActionResult>({ intent, ok: true, fieldErrors: {}, values: {}, toast: toastMessage("success", message) });
}

/** The spec's failure toast ("Failed to …") with the reason after it, and a 4xx. */
export function failed(
  intent: string,
  failure: string,
  reason: string,
  {
    status = 400,
    fieldErrors = {},
    values = {},
  }: { status?: number; fieldErrors?: FieldErrors; values?: Record<string, string> } = {},
) {
  return data<ActionResult>(
    { intent, ok: false, fieldErrors, values, toast: toastMessage("error", "Error", `${failure}. ${reason}`) },
    { status },
  );
}

/** Turns a ContentError into a failure answer; anything else is a real fault and propagates. */
export function refusal(intent: string, failure: string, error: unknown, values: Record<string, string> = {}) {
  if (!(error instanceof ContentError)) throw error;
  return failed(intent, failure, error.message, {
    status: error.status,
    fieldErrors: error.field ? { [error.field]: error.message } : {},
    values,
  });
}

export function formValues(formData: FormData) {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") values[key] = value;
  return values;
}
