import type { ToastMessage } from "../toast";

/** A message under each field that was refused, by field name. */
export type FieldErrors = Record<string, string>;

/**
 * What every admin action answers: which intent ran, whether it worked, the toast to show, on failure
 * the field errors and what was typed (so a dialog shows them and nothing typed is lost), and on
 * success what the page needs from the change, if anything (`payload`, typed per screen).
 */
export type ActionResult<Payload = undefined> = {
  intent: string;
  ok: boolean;
  /** Null for an answer that moves a form on without a message (sign-in asking for the second factor). */
  toast: ToastMessage | null;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
  payload: Payload | null;
};
