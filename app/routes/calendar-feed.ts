import { getServices } from "~/http/context.server";
import { secretFileResponse } from "~/http/secret-file.server";
import { bookingFeedCalendar } from "~/server/bookings/staff-feed.server";
import type { Route } from "./+types/calendar-feed";

const feed = {
  extension: ".ics",
  contentType: "text/calendar",
  filename: "calls.ics",
  missing: "No such calendar feed. It may have been revoked.",
};

/** GET /calendar/bookings/<token>.ics: a staff member's calls for their calendar app; 404 once revoked. */
export function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  return secretFileResponse(params.file, feed, (token) => bookingFeedCalendar(db, token, { baseUrl: config.baseUrl }));
}
