import type { z } from "zod";

export type FieldErrors = Record<string, string>;

export type ParsedForm<T> =
  | { ok: true; data: T }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> };

/** Validates submitted fields with a shared schema; on failure returns the first message per field and what was typed. */
export function parseForm<S extends z.ZodType>(formData: FormData, schema: S): ParsedForm<z.output<S>> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") values[key] = value;
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    fieldErrors[key] ??= issue.message;
  }
  // Never echo passwords back into the page.
  for (const key of Object.keys(values)) if (/password/i.test(key)) delete values[key];
  return { ok: false, fieldErrors, values };
}
