import { getServices } from "~/http/context.server";
import { bookingFeedCalendar } from "~/server/bookings/staff-feed.server";
import type { Route } from "./+types/calendar-feed";

/** GET /calendar/bookings/<token>.ics: a staff member's calls for their calendar app; 404 once revoked. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const token = params.file.endsWith(".ics") ? params.file.slice(0, -".ics".length) : "";
  const calendar = await bookingFeedCalendar(db, token, { baseUrl: config.baseUrl });
  if (calendar === null) {
    return new Response("No such calendar feed. It may have been revoked.", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  return new Response(calendar, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'inline; filename="calls.ics"',
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
      "referrer-policy": "no-referrer",
    },
  });
}
