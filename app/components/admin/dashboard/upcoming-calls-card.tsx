import { Link } from "react-router";
import { TitledCard } from "~/components/admin/titled-card";
import type { UpcomingCall } from "~/lib/types/bookings";

/** The signed-in person's next strategy calls. */
export function UpcomingCallsCard({
  calls,
  more,
  staffId,
  timeZone,
}: {
  calls: UpcomingCall[];
  more: boolean;
  staffId: string;
  timeZone: string;
}) {
  return (
    <TitledCard
      data-testid="upcoming-calls"
      title="Your upcoming calls"
      description={`Strategy calls booked with you, in the agency's time zone (${timeZone}).`}
    >
      {calls.length === 0 ? (
        <p className="text-muted-foreground text-sm">No calls booked with you.</p>
      ) : (
        <ul className="divide-y">
          {calls.map((call) => (
            <li key={call.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span>
                <Link to={`/admin/leads/${call.leadId}`} className="font-medium hover:underline">
                  {call.visitorName}
                </Link>
                <span className="block text-muted-foreground text-sm">{call.place}</span>
              </span>
              <span className="text-muted-foreground text-sm">{call.when}</span>
            </li>
          ))}
        </ul>
      )}
      <Link
        to={`/admin/bookings?view=week&staff=${encodeURIComponent(staffId)}`}
        className="mt-3 inline-block text-primary text-sm underline"
      >
        {more ? "See all of them in Bookings" : "Open Bookings"}
      </Link>
    </TitledCard>
  );
}
