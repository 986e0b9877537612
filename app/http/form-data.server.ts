import { data } from "react-router";
import type { z } from "zod";

import type { FieldErrors } from "~/lib/types/action-result";

export type ParsedForm<T> =
  | { ok: true; data: T }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> };

/**
 * Validates submitted fields with a shared schema; on failure returns the first message per field and
 * what was typed. `fields` replaces the text fields as the object checked (for fields sent several times).
 */
export function parseForm<S extends z.ZodType>(
  formData: FormData,
  schema: S,
  fields: Record<string, unknown> = formFields(formData),
): ParsedForm<z.output<S>> {
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors, values: typedValues(formData) };
}

/**
 * A schema for a form whose fields need reading before they are checked (a field sent several times, a
 * group of fields named by prefix): `readFields` makes the object `schema` checks.
 */
export type FormSchema<S extends z.ZodType> = {
  schema: S;
  readFields: (formData: FormData) => Record<string, unknown>;
};

export function formSchema<S extends z.ZodType>(
  readFields: (formData: FormData) => Record<string, unknown>,
  schema: S,
): FormSchema<S> {
  return { schema, readFields };
}

/** The submitted text fields as an object (a field sent several times keeps its last value). */
export function formFields(formData: FormData): Record<string, string> {
  return Object.fromEntries(textFields(formData));
}

function textFields(formData: FormData) {
  return [...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string");
}

/** What was typed, to put back into the form after a refusal; passwords are never echoed into the page. */
export function typedValues(formData: FormData): Record<string, string> {
  return Object.fromEntries(textFields(formData).filter(([key]) => !/password/i.test(key)));
}

/**
 * The request's form data; a body that does not parse as its declared form type (a broken multipart
 * body, say) is the sender's mistake and answers 400, not the TypeError that would surface as a 500.
 */
export async function requireFormData(request: Request) {
  try {
    return await request.formData();
  } catch {
    throw data({ message: "The form's data could not be read. Please send the form again." }, { status: 400 });
  }
}
