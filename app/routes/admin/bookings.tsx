import { Form, Link } from "react-router";
import { CalendarFeedCard } from "~/components/admin/bookings/calendar-feed-card";
import { CallActions } from "~/components/admin/bookings/call-actions";
import { SelectOptions } from "~/components/admin/select-options";
import { TitledCard } from "~/components/admin/titled-card";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { getServices } from "~/http/context.server";
import { runIntent } from "~/http/intents.server";
import { requireStaff } from "~/http/staff.server";
import { formatOverrideLine, formatWeeklyLine, MEETING_KINDS, meetingKindLabels } from "~/lib/schemas/availability";
import { agendaQuerySchema, BOOKING_STATUSES, bookingStatusLabels } from "~/lib/schemas/bookings-admin";
import { dayIn, formatDateTimeIn, timeZoneNames, zonedToUtc } from "~/lib/time-zone";
import { listAgenda } from "~/server/bookings/agenda.server";
import { getAvailability } from "~/server/bookings/availability.server";
import { isLive } from "~/server/bookings/live-statuses.server";
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
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const from = zonedToUtc(timeZone, year, month, day);
  const to = zonedToUtc(timeZone, year, month, day + (query.view === "week" ? 7 : 1));
  const people = await listAssignableStaff(db);
  // Admins may open anyone's hours; everyone else sees their own.
  const editing =
    staff.role === "admin" && url.searchParams.get("hours") ? String(url.searchParams.get("hours")) : staff.id;
  const availability = await getAvailability(db, editing);
  const hasFeed = await hasBookingFeed(db, staff.id);
  const agenda = await listAgenda(db, {
    fromIso: new Date(from).toISOString(),
    toIso: new Date(to).toISOString(),
    staffId: query.staff ?? null,
    status: query.status ?? null,
  });
  return {
    query: { ...query, date },
    timeZone,
    people,
    canEditOthers: staff.role === "admin",
    hasFeed,
    availability: {
      ...availability,
      weeklyText: availability.weekly.map(formatWeeklyLine).join("\n"),
      overridesText: availability.overrides.map(formatOverrideLine).join("\n"),
    },
    agenda: agenda.map((row) => ({
      ...row,
      live: isLive(row.status),
      started: Date.parse(row.starts_at) <= Date.now(),
      when: formatDateTimeIn(timeZone, row.starts_at),
      day: dayIn(timeZone, Date.parse(row.starts_at)),
    })),
  };
}

export const action = (args: Route.ActionArgs) => runIntent(args, bookingIntents);

/** The agenda's own address with one parameter set (or removed, when `value` is null). */
function withParam(query: Record<string, string | undefined>, name: string, value: string | null) {
  const params = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[0] !== name),
  );
  if (value !== null) params.set(name, value);
  return params.toString();
}

const inputClass = "h-9 w-full rounded-md border bg-background px-3 text-sm";

export default function Bookings({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { query, timeZone, people, agenda, availability, canEditOthers, hasFeed } = loaderData;
  const newFeedUrl =
    actionData?.intent === "create-feed" && actionData.ok ? (actionData.payload?.feedUrl ?? null) : null;
  const days = [...new Set(agenda.map((row) => row.day))];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-bold text-2xl">Bookings</h1>
        <p className="text-muted-foreground">Strategy calls visitors booked, in the agency's time zone ({timeZone}).</p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm">
          View
          <select name="view" defaultValue={query.view} className={inputClass}>
            <option value="day">Day</option>
            <option value="week">Week</option>
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          From
          <input type="date" name="date" defaultValue={query.date} className={inputClass} />
        </label>
        <label className="grid gap-1 text-sm">
          Staff
          <select name="staff" defaultValue={query.staff ?? ""} className={inputClass}>
            <option value="">Everyone</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name || person.email}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          Status
          <select name="status" defaultValue={query.status ?? ""} className={inputClass}>
            <option value="">Any</option>
            {BOOKING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {bookingStatusLabels[status]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </Form>
      <TitledCard title={query.view === "week" ? "This week's calls" : "The day's calls"}>
        {agenda.length === 0 ? (
          <p className="text-muted-foreground">No calls in this period.</p>
        ) : (
          days.map((day) => (
            <section key={day} className="mb-4" aria-label={day}>
              <h2 className="mb-2 font-semibold">{day}</h2>
              <ul className="divide-y rounded-md border">
                {agenda
                  .filter((row) => row.day === day)
                  .map((row) => (
                    <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                      <div className="min-w-0 wrap-anywhere">
                        <p className="font-medium">
                          {row.when} · <Link to={`/admin/leads/${row.lead_id}`}>{row.visitor_name}</Link>
                        </p>
                        <p className="text-muted-foreground text-sm">
                          {bookingStatusLabels[row.status]} · with {row.staff_name || row.staff_email}
                          {row.utm_campaign ? ` · campaign ${row.utm_campaign}` : ""}
                        </p>
                      </div>
                      <CallActions
                        call={row}
                        confirmingCancel={query.cancel === row.id}
                        cancelHref={`?${withParam(query, "cancel", row.id)}`}
                        keepHref={`?${withParam(query, "cancel", null)}`}
                      />
                    </li>
                  ))}
              </ul>
            </section>
          ))
        )}
      </TitledCard>
      <TitledCard
        title="Availability"
        description="Weekly hours, one range a line (mon-fri 09:00-17:00); date overrides as 2026-12-24 off."
      >
        {canEditOthers ? (
          <Form method="get" className="mb-4 flex items-end gap-3">
            <label className="grid gap-1 text-sm">
              Whose hours
              <select name="hours" defaultValue={availability.staffId} className={inputClass}>
                {people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name || person.email}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" variant="outline">
              Open
            </Button>
          </Form>
        ) : null}
        <Form method="post" className="grid gap-4 sm:grid-cols-2" key={availability.staffId}>
          <input type="hidden" name="intent" value="save-availability" />
          <input type="hidden" name="userId" value={availability.staffId} />
          <label className="grid gap-1 text-sm">
            Time zone
            <select name="timeZone" defaultValue={availability.timeZone} className={inputClass}>
              <SelectOptions values={timeZoneNames()} />
            </select>
          </label>
          <label className="grid gap-1 text-sm">
            How the call happens
            <select name="meetingKind" defaultValue={availability.meetingKind} className={inputClass}>
              {MEETING_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {meetingKindLabels[kind]}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm sm:col-span-2">
            Phone number, video link ({"{booking}"} becomes the booking's id) or office address
            <input name="meetingDetail" defaultValue={availability.meetingDetail ?? ""} className={inputClass} />
          </label>
          <label className="grid gap-1 text-sm">
            Weekly hours
            <textarea
              name="weekly"
              rows={4}
              defaultValue={availability.weeklyText}
              className="rounded-md border p-2 text-sm"
            />
          </label>
          <label className="grid gap-1 text-sm">
            Days off and date overrides
            <textarea
              name="overrides"
              rows={4}
              defaultValue={availability.overridesText}
              className="rounded-md border p-2 text-sm"
            />
          </label>
          {(
            [
              ["callMinutes", "Call length (minutes)", availability.callMinutes],
              ["bufferBeforeMinutes", "Buffer before (minutes)", availability.bufferBeforeMinutes],
              ["bufferAfterMinutes", "Buffer after (minutes)", availability.bufferAfterMinutes],
              ["minNoticeMinutes", "Minimum notice (minutes)", availability.minNoticeMinutes],
              ["horizonDays", "Booking horizon (days)", availability.horizonDays],
              ["maxPerDay", "Most calls a day (empty: no limit)", availability.maxPerDay ?? ""],
            ] as const
          ).map(([name, label, value]) => (
            <label key={name} className="grid gap-1 text-sm">
              {label}
              <input name={name} inputMode="numeric" defaultValue={String(value)} className={inputClass} />
            </label>
          ))}
          <label className="grid gap-1 text-sm sm:col-span-2">
            Private calendar address (iCalendar); its busy times block calls
            {availability.calendarUrl ? " — one is set" : ""}
            <input
              name="calendarUrl"
              type="url"
              placeholder={availability.calendarUrl ? "(kept unless you enter another)" : "https://…"}
              className={inputClass}
            />
          </label>
          {availability.calendarUrl ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="clearCalendar" /> Remove the calendar address
            </label>
          ) : null}
          {availability.calendarError ? (
            <p className="text-destructive text-sm sm:col-span-2">
              Last calendar check failed: {availability.calendarError}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit">Save availability</Button>
          </div>
        </Form>
      </TitledCard>
      <CalendarFeedCard hasFeed={hasFeed} newFeedUrl={newFeedUrl} />
    </div>
  );
}
