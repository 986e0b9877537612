import { z } from "zod";

/** The audit log screen's filters and position, as they travel in its address. */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A position in the log: the created_at and id of an entry, as the screen's links carry them. */
const CURSOR = /^[\w:.+-]{1,40}~[\w-]{1,64}$/;

const optionalValue = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || undefined)
    .optional()
    .catch(undefined);
const optionalMatch = (pattern: RegExp) => z.string().regex(pattern).optional().catch(undefined);

export const auditFiltersSchema = z.object({
  /** The person who acted: a user id. */
  person: optionalValue(64),
  /** The kind of record, e.g. `lead`. */
  kind: optionalValue(64),
  /** The action, e.g. `lead.set_status`. */
  action: optionalValue(100),
  /** First and last day shown, inclusive, in the agency's time zone. */
  from: optionalMatch(DAY),
  to: optionalMatch(DAY),
  /** Entries older than this position (the next page), or newer (the previous one). */
  before: optionalMatch(CURSOR),
  after: optionalMatch(CURSOR),
});
export type AuditFilters = z.output<typeof auditFiltersSchema>;

export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  return auditFiltersSchema.parse(Object.fromEntries(params));
}

/** The address parameters of the filters alone (no position): for the export and the first page. */
export function auditFilterParams(filters: AuditFilters) {
  const params = new URLSearchParams();
  for (const key of ["person", "kind", "action", "from", "to"] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}
