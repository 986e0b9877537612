import type { z } from "zod";

export type FieldErrors = Record<string, string>;

export type ParsedForm<T> =
  | { ok: true; data: T }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> };

/** Validates submitted fields with a shared schema; on failure returns the first message per field and what was typed. */
export function parseForm<S extends z.ZodType>(formData: FormData, schema: S): ParsedForm<z.output<S>> {
  const result = schema.safeParse(Object.fromEntries(textFields(formData)));
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors, values: typedValues(formData) };
}

function textFields(formData: FormData) {
  return [...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string");
}

/** What was typed, to put back into the form after a refusal; passwords are never echoed into the page. */
export function typedValues(formData: FormData): Record<string, string> {
  return Object.fromEntries(textFields(formData).filter(([key]) => !/password/i.test(key)));
}
