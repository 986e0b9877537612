import { z } from "zod";

/** Field rules several schemas share, so one field reads and fails the same way on every form. */

/** Optional free text: trimmed, at most `max` characters, empty stored as null. */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters.`)
    .optional()
    .transform((value) => value || null);
}
