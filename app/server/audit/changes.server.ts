/**
 * What an edit changed, for the audit log: every changed field by name, with old → new values when
 * they are short enough to read (long text such as a page body is listed as changed, not copied).
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[] = Object.keys(after) as (keyof T & string)[],
) {
  const changes: Record<string, { from: unknown; to: unknown } | "changed"> = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const from = before[field];
    const to = after[field];
    if (sameValue(from, to)) continue;
    changes[field] = isShort(from) && isShort(to) ? { from: from ?? null, to: to ?? null } : "changed";
  }
  return changes;
}

/**
 * The fields whose value `after` changes, each with both values in full (unlike `changedFields`,
 * which shortens long ones). `same` says when two values count as unchanged.
 */
export function fieldChanges<K extends string>(
  before: Record<K, unknown>,
  after: Record<K, unknown>,
  fields: readonly K[],
  same: (from: unknown, to: unknown) => boolean = (from, to) => from === to,
) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of fields) {
    if (!same(before[field], after[field])) changes[field] = { from: before[field], to: after[field] };
  }
  return changes;
}

/** Whether two values read the same once stored as JSON; missing and null count as one. */
export function sameValue(a: unknown, b: unknown) {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

const SHORT = 120;

function isShort(value: unknown) {
  if (value === null || value === undefined || typeof value === "number" || typeof value === "boolean") return true;
  if (typeof value === "string") return value.length <= SHORT;
  return JSON.stringify(value).length <= SHORT;
}
