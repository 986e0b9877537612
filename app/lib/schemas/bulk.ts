import { z } from "zod";
import { optionalId } from "./fields";

/** Ids a bulk change takes from ticked rows at most; more is done by acting on the filter. */
export const BULK_SELECTION_MAX = 500;

/**
 * A bulk change on one of the admin's lists: on the selected ids, or on every row matching the filter
 * (the list's query string, sent as `filter`). `expectedCount` is the count the person saw and
 * confirmed. `status` is required when the action sets one.
 */
export function bulkChangeSchema<
  const A extends readonly [string, ...string[]],
  const S extends readonly [string, ...string[]],
>(actions: A, statuses: S, noun: { one: string; many: string; statusHint: string }) {
  return z
    .object({
      bulkAction: z.enum(actions, { error: `Choose what to do with the ${noun.many}.` }),
      scope: z.enum(["selected", "filter"]).catch("selected"),
      ids: z
        .array(z.string().min(1).max(64))
        .max(BULK_SELECTION_MAX, `Select at most ${BULK_SELECTION_MAX} ${noun.many} at once, or act on the filter.`)
        .default([]),
      filter: z.string().max(2000).default(""),
      status: z.enum(statuses).optional(),
      ownerId: optionalId,
      expectedCount: z.coerce.number().int().min(0).optional(),
    })
    .superRefine((value, ctx) => {
      if (value.scope === "selected" && value.ids.length === 0) {
        ctx.addIssue({ code: "custom", path: ["ids"], message: `Select at least one ${noun.one} first.` });
      }
      // Deleting every row of a filter deletes what matches when it runs: only the count the person
      // confirmed may go, so a delete without one is refused rather than trusted.
      if (value.bulkAction === "delete" && value.scope === "filter" && value.expectedCount === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["expectedCount"],
          message: `Confirm how many ${noun.many} are deleted: reload the list and try again.`,
        });
      }
      if (value.bulkAction === "set-status" && !value.status) {
        ctx.addIssue({ code: "custom", path: ["status"], message: noun.statusHint });
      }
    });
}
