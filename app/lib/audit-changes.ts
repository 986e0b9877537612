/** One field's change as the audit screen and its export show it. */
export type FieldChange = { field: string; from?: unknown; to?: unknown; value?: unknown };

/** An entry's summary, field by field: a `{ from, to }` pair is a change, anything else a value. */
export function fieldChanges(summary: Record<string, unknown> | null): FieldChange[] {
  if (!summary) return [];
  return Object.entries(summary).map(([field, value]) => {
    if (value && typeof value === "object" && !Array.isArray(value) && ("from" in value || "to" in value)) {
      const { from, to } = value as { from?: unknown; to?: unknown };
      return { field, from, to };
    }
    return { field, value };
  });
}

/** A changed value as text: strings as they are, anything else as JSON; nothing as an empty string. */
export function changeText(value: unknown) {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}
