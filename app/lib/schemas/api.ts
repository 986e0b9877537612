import { z } from "zod";
import { pickedTimeSchema } from "./booking";
import { agendaQuerySchema } from "./bookings-admin";
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

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD.");
/** The longest agenda window one request reads. */
export const AGENDA_WINDOW_MAX_DAYS = 31;

/**
 * The agenda: calls starting from one day to another (both in the agency's time zone, `to` included;
 * a week from today when not given), by staff member and status as on the Bookings screen.
 */
export const apiAgendaQuerySchema = agendaQuerySchema
  .pick({ staff: true, status: true })
  .extend({ from: day.optional(), to: day.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "The window's end (to) comes before its start (from).",
    path: ["to"],
  })
  .refine(
    (query) =>
      !query.from ||
      !query.to ||
      Date.parse(query.to) - Date.parse(query.from) < AGENDA_WINDOW_MAX_DAYS * 24 * 60 * 60 * 1000,
    { message: `A window can be at most ${AGENDA_WINDOW_MAX_DAYS} days.`, path: ["to"] },
  );

/** Booking a lead's call at one of its open starts, read in the visitor's time zone for the invitation. */
export const apiBookCallSchema = pickedTimeSchema.extend({ leadId: z.string().min(1).max(64) });

/** Moving a call to another of its staff member's open starts. */
export const apiRescheduleSchema = pickedTimeSchema
  .pick({ start: true })
  .extend({ bookingId: z.string().min(1).max(64) });
