import type { z } from "zod";
import { toastMessage } from "~/lib/toast";
import { actionFailure, actionResult } from "../action-result.server";
import { parseForm, typedValues } from "../http/form-data.server";
import { ContentError } from "./content-error.server";

/**
 * One action of the content screens: the form checked against `schema`, then `run`. The toasts are the
 * spec's: the success message as the title, or "Failed to …" followed by the reason and a 4xx, with
 * the field errors and what was typed so the dialog can show them. A ContentError is the staff
 * member's to fix; anything else is a real fault and propagates.
 */
export async function contentAction<S extends z.ZodType>(
  formData: FormData,
  intent: string,
  {
    schema,
    run,
    failure,
    success,
  }: {
    schema: S;
    run: (input: z.output<S>) => Promise<unknown>;
    failure: string;
    /** The success toast, or where to go instead (a redirect carrying its own toast). */
    success: string | (() => Promise<Response>);
  },
) {
  const parsed = parseForm(formData, schema);
  if (!parsed.ok) {
    const reason = Object.values(parsed.fieldErrors)[0] ?? "Please check the form.";
    return contentFailure(intent, failure, reason, parsed);
  }
  try {
    await run(parsed.data);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return contentFailure(intent, failure, error.message, {
      status: error.status,
      fieldErrors: error.field ? { [error.field]: error.message } : {},
      values: typedValues(formData),
    });
  }
  return typeof success === "string" ? actionResult(intent, toastMessage("success", success)) : success();
}

/** The spec's failure toast ("Failed to …") with the reason after it. */
export function contentFailure(
  intent: string,
  failure: string,
  reason: string,
  details?: Parameters<typeof actionFailure>[2],
) {
  return actionFailure(intent, `${failure}. ${reason}`, details);
}
