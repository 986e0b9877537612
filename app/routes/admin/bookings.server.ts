import { intent } from "~/http/intents.server";
import { bookingIdSchema, bookingOutcomeSchema, saveAvailabilitySchema } from "~/lib/schemas/bookings-admin";
import { AppError } from "~/server/app-error.server";
import { setAvailability } from "~/server/bookings/availability.server";
import { cancelBooking, setBookingOutcome } from "~/server/bookings/bookings.server";

export const bookingIntents = {
  "save-availability": intent(saveAvailabilitySchema, {
    success: "Availability saved",
    failure: "Failed to save availability",
    run: async (input, { db, actor, staff }) => {
      // Sales people set their own hours; admins anyone's.
      if (staff.role !== "admin" && input.userId !== staff.id) {
        throw new AppError("FORBIDDEN", "You can only change your own availability.");
      }
      await setAvailability(db, input, actor);
    },
  }),
  "set-outcome": intent(bookingOutcomeSchema, {
    success: "Call updated",
    failure: "Failed to update the call",
    run: ({ bookingId, outcome }, { db, actor }) => setBookingOutcome(db, bookingId, outcome, actor),
  }),
  "cancel-booking": intent(bookingIdSchema, {
    success: "Call cancelled; both invitations were withdrawn",
    failure: "Failed to cancel the call",
    run: async ({ bookingId }, { db, actor, services }) => {
      await cancelBooking(
        db,
        { bookingId, actor },
        {
          baseUrl: services.config.baseUrl,
          secret: services.formSecret,
          nowMs: Date.now(),
          queuedNote: services.mailWorker.queuedNote,
        },
      );
      void services.mailWorker.kick();
    },
  }),
};
