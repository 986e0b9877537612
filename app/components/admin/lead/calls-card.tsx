import { Link } from "react-router";
import { TitledCard } from "~/components/admin/titled-card";
import type { CallEvent, CallEventKind } from "~/lib/types/bookings";

const headlines: Record<CallEventKind, (event: CallEvent) => string> = {
  booked: (event) => `Call booked for ${event.callTime} with ${event.staffName}`,
  rescheduled: (event) => `Call moved${event.movedFrom ? ` from ${event.movedFrom}` : ""} to ${event.callTime}`,
  cancelled: (event) => `Call of ${event.callTime} cancelled`,
  completed: (event) => `Call of ${event.callTime} marked completed`,
  no_show: (event) => `Call of ${event.callTime} marked no-show`,
};

/** The lead's strategy calls as they happened: booked, moved, cancelled, and how they went. */
export function CallsCard({ events, timeZone }: { events: CallEvent[]; timeZone: string }) {
  return (
    <TitledCard title="Calls" description={`Strategy calls this lead booked, in the agency's time zone (${timeZone}).`}>
      {events.length === 0 ? (
        <p className="text-muted-foreground text-sm">No call booked yet.</p>
      ) : (
        <ol className="space-y-3 text-sm" data-testid="call-timeline">
          {events.map((event, index) => (
            <li key={`${event.bookingId}-${index}`} data-kind={event.kind}>
              <span className="font-medium">{headlines[event.kind](event)}</span>
              <span className="block text-muted-foreground">
                {event.actorEmail ?? "by the visitor"} · {event.at} ·{" "}
                <Link to={`/admin/bookings?view=day&date=${event.callDay}`} className="underline underline-offset-4">
                  Open in Bookings
                </Link>
              </span>
            </li>
          ))}
        </ol>
      )}
    </TitledCard>
  );
}
