import { z } from "zod";
import { availabilitySchema } from "./availability";

export const BOOKING_STATUSES = ["booked", "rescheduled", "cancelled", "completed", "no_show"] as const;
export const bookingStatusLabels: Record<(typeof BOOKING_STATUSES)[number], string> = {
  booked: "Booked",
  rescheduled: "Rescheduled",
  cancelled: "Cancelled",
  completed: "Completed",
  no_show: "No-show",
};

/** The Bookings screen's query: a day or a week from a date (in the agency's zone), by staff and status. */
export const agendaQuerySchema = z.object({
  view: z.enum(["day", "week"]).catch("week"),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  staff: z.string().max(64).optional().catch(undefined),
  status: z.enum(BOOKING_STATUSES).optional().catch(undefined),
  /** The call whose cancellation is being confirmed. */
  cancel: z.string().max(64).optional().catch(undefined),
});

export const saveAvailabilitySchema = availabilitySchema;
export const bookingIdSchema = z.object({ bookingId: z.string().min(1).max(64) });
/** Cancelling a call from the admin: a reason is optional and goes into the visitor's mail as written. */
export const cancelBookingSchema = bookingIdSchema.extend({
  reason: z
    .string()
    .trim()
    .max(500, "The reason can be at most 500 characters.")
    .optional()
    .transform((value) => value || null),
});
export const bookingOutcomeSchema = bookingIdSchema.extend({ outcome: z.enum(["completed", "no_show"]) });
/** The personal bookings feed's actions take nothing: they are always about the signed-in person's own feed. */
export const bookingFeedSchema = z.object({});
