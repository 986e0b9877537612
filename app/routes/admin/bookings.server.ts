import { answer, intent } from "~/http/intents.server";
import {
  bookingFeedSchema,
  bookingOutcomeSchema,
  cancelBookingSchema,
  saveAvailabilitySchema,
} from "~/lib/schemas/bookings-admin";
import { AppError } from "~/server/app-error.server";
import { setAvailability } from "~/server/bookings/availability.server";
import { cancelBooking, requireCallAccess, setBookingOutcome } from "~/server/bookings/bookings.server";
import { createBookingFeed, feedPath, revokeBookingFeed } from "~/server/bookings/staff-feed.server";

/** A feed address just made: the page shows it this once (only its hash is kept). */
type NewFeed = { feedUrl: string };

export const bookingIntents = {
  "create-feed": intent(bookingFeedSchema, {
    success: "Calendar feed address made: copy it now, it is shown only this once",
    failure: "Failed to make a calendar feed address",
    run: async (_input, { db, actor, staff, services }) => {
      const feedUrl = `${services.config.baseUrl}${feedPath(await createBookingFeed(db, staff.id, actor))}`;
      return answer(feedUrl, { payload: { feedUrl } satisfies NewFeed });
    },
  }),
  "revoke-feed": intent(bookingFeedSchema, {
    success: "Calendar feed address revoked: calendars subscribed to it no longer get your calls",
    failure: "Failed to revoke the calendar feed address",
    run: (_input, { db, actor, staff }) => revokeBookingFeed(db, staff.id, actor),
  }),
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
    run: async ({ bookingId, outcome }, { db, actor, staff }) => {
      await requireCallAccess(db, bookingId, staff);
      await setBookingOutcome(db, bookingId, outcome, actor);
    },
  }),
  "cancel-booking": intent(cancelBookingSchema, {
    success: "Call cancelled; both invitations were withdrawn",
    failure: "Failed to cancel the call",
    run: async ({ bookingId, reason }, { db, actor, services, staff }) => {
      await requireCallAccess(db, bookingId, staff);
      await cancelBooking(
        db,
        { bookingId, actor, reason },
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
