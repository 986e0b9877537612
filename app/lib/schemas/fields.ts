import { z } from "zod";

/** Field rules several schemas share, so one field reads and fails the same way on every form. */

/** Optional text: trimmed, at most `max` characters (`tooLong` says so otherwise), empty stored as null. */
export function optionalTrimmedText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value || null);
}

/** Optional free text named `label` in its message. */
export function optionalText(label: string, max: number) {
  return optionalTrimmedText(max, `${label} must be at most ${max.toLocaleString("en-US")} characters.`);
}

/** Required text: trimmed, not empty, at most `max` characters; the two messages say which rule failed. */
export function requiredText(required: string, max: number, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

/** An optional id (a select's value, a cursor): at most 64 characters, empty stored as null. */
export const optionalId = z
  .string()
  .max(64)
  .optional()
  .transform((value) => value || null);

/** The id of the row a form edits, which it always posts; missing means a page older than the row. */
export function editedRowId(missing: string) {
  return z.string({ error: missing }).min(1, missing).max(64);
}

/** A checkbox: ticked posts "on" (or "true" from a script), unticked posts nothing. */
export const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");
