import { z } from "zod";
import { leadFiltersSchema } from "./lead-admin";

/**
 * The REST API's own inputs, built from the screens' schemas: the lead list's filters are the leads
 * screen's (same names, same fallbacks), with a cursor and a page size in place of the page number.
 */

export const API_PAGE_SIZE_MAX = 100;

export const apiLeadListQuerySchema = leadFiltersSchema.omit({ page: true }).extend({
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(API_PAGE_SIZE_MAX).catch(25),
});

/** Open call slots: for a lead (its owner, else whoever its call would go to), or one staff member. */
export const apiOpenSlotsQuerySchema = z
  .object({
    leadId: z.string().min(1).max(64).optional(),
    staffId: z.string().min(1).max(64).optional(),
  })
  .refine((query) => Boolean(query.leadId) !== Boolean(query.staffId), {
    message: "Name either a lead (leadId) or a staff member (staffId).",
    path: ["leadId"],
  });

/** A page of a list read newest first, by number (the form screens' paging). */
export const apiPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
