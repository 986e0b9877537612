import { Link } from "react-router";
import { CallActions } from "~/components/admin/bookings/call-actions";
import { TitledCard } from "~/components/admin/titled-card";
import { bookingStatusLabels } from "~/lib/schemas/bookings-admin";
import type { AgendaCall } from "~/lib/types/bookings";

/**
 * The agenda's calls, grouped by day, each with what staff may do with it. `hrefOf` gives the
 * agenda's own address with the call's cancellation being confirmed (an id) or with none (null).
 */
export function AgendaDays({
  view,
  calls,
  confirmingCancel,
  hrefOf,
}: {
  view: "day" | "week";
  calls: AgendaCall[];
  confirmingCancel: string | undefined;
  hrefOf: (cancel: string | null) => string;
}) {
  const days = [...new Set(calls.map((call) => call.day))];
  return (
    <TitledCard title={view === "week" ? "This week's calls" : "The day's calls"}>
      {calls.length === 0 ? (
        <p className="text-muted-foreground">No calls in this period.</p>
      ) : (
        days.map((day) => (
          <section key={day} className="mb-4" aria-label={day}>
            <h2 className="mb-2 font-semibold">{day}</h2>
            <ul className="divide-y rounded-md border">
              {calls
                .filter((call) => call.day === day)
                .map((call) => (
                  <li key={call.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                    <div className="min-w-0 wrap-anywhere">
                      <p className="font-medium">
                        {call.when} · <Link to={`/admin/leads/${call.lead_id}`}>{call.visitor_name}</Link>
                      </p>
                      <p className="text-muted-foreground text-sm">
                        {bookingStatusLabels[call.status]} · with {call.staff_name || call.staff_email}
                        {call.utm_campaign ? ` · campaign ${call.utm_campaign}` : ""}
                      </p>
                    </div>
                    <CallActions
                      call={call}
                      confirmingCancel={confirmingCancel === call.id}
                      cancelHref={hrefOf(call.id)}
                      keepHref={hrefOf(null)}
                    />
                  </li>
                ))}
            </ul>
          </section>
        ))
      )}
    </TitledCard>
  );
}
