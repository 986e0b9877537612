import { AgendaDays } from "~/components/admin/bookings/agenda-days";
import { AgendaFilters } from "~/components/admin/bookings/agenda-filters";
import { AvailabilityCard } from "~/components/admin/bookings/availability-card";
import { CalendarFeedCard } from "~/components/admin/bookings/calendar-feed-card";
import { useToastMessage } from "~/components/show-toast";
import { getServices } from "~/http/context.server";
import { runIntent } from "~/http/intents.server";
import { requireStaff } from "~/http/staff.server";
import { agendaQuerySchema } from "~/lib/schemas/bookings-admin";
import { dayIn } from "~/lib/time-zone";
import { agendaCalls } from "~/server/bookings/agenda.server";
import { availabilityForm } from "~/server/bookings/availability.server";
import { hasBookingFeed } from "~/server/bookings/staff-feed.server";
import { listAssignableStaff } from "~/server/leads/owners.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import type { Route } from "./+types/bookings";
import { bookingIntents } from "./bookings.server";

export function meta() {
  return [{ title: "Bookings | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const staff = requireStaff(context);
  const url = new URL(request.url);
  const query = agendaQuerySchema.parse(Object.fromEntries(url.searchParams));
  const timeZone = await getAgencyTimeZone(db);
  const date = query.date ?? dayIn(timeZone);
  const canEditOthers = staff.role === "admin";
  // Admins may open anyone's hours; everyone else sees their own.
  const hoursOf = (canEditOthers && url.searchParams.get("hours")) || staff.id;
  const people = await listAssignableStaff(db);
  return {
    query: { ...query, date },
    timeZone,
    people,
    canEditOthers,
    hasFeed: await hasBookingFeed(db, staff.id),
    hours: await availabilityForm(db, hoursOf),
    agenda: await agendaCalls(db, {
      timeZone,
      date,
      view: query.view,
      staffId: query.staff ?? null,
      status: query.status ?? null,
    }),
  };
}

export const action = (args: Route.ActionArgs) => runIntent(args, bookingIntents);

/** The agenda's own address with one parameter set (or removed, when `value` is null). */
function withParam(query: Record<string, string | undefined>, name: string, value: string | null) {
  const params = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[0] !== name),
  );
  if (value !== null) params.set(name, value);
  return `?${params.toString()}`;
}

export default function Bookings({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { query, timeZone, people, agenda, hours, canEditOthers, hasFeed } = loaderData;
  const newFeedUrl =
    actionData?.intent === "create-feed" && actionData.ok ? (actionData.payload?.feedUrl ?? null) : null;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-bold text-2xl">Bookings</h1>
        <p className="text-muted-foreground">Strategy calls visitors booked, in the agency's time zone ({timeZone}).</p>
      </div>
      <AgendaFilters query={query} people={people} />
      <AgendaDays
        view={query.view}
        calls={agenda}
        confirmingCancel={query.cancel}
        hrefOf={(cancel) => withParam(query, "cancel", cancel)}
      />
      <AvailabilityCard
        hours={hours}
        people={canEditOthers ? people : null}
        errors={actionData?.intent === "save-availability" ? actionData.fieldErrors : undefined}
      />
      <CalendarFeedCard hasFeed={hasFeed} newFeedUrl={newFeedUrl} />
    </div>
  );
}
