import type { Route } from "./+types/booking-ics";
import { bookingCalendarFile } from "./booking.server";

/** GET /book/booking.ics?token=…: the booking's invitation, for a calendar app. */
export function loader({ context, request }: Route.LoaderArgs) {
  return bookingCalendarFile(context, request);
}
