// availability:set and availability:show: a staff member's bookable hours.
import { availabilitySchema, formatOverrideLine, formatWeeklyLine } from "~/lib/schemas/availability";
import { describeAvailability, getAvailability, setAvailability } from "~/server/bookings/availability.server";
import type { Database } from "~/server/db/schema.server";
import { type Command, cliActor, emailOption, existingUser, type Options, UsageError } from "./options";

/** Sets a staff member's availability with the admin form's checks; what is not given keeps its value. */
async function setAvailabilityFromOptions(db: Database, values: Options) {
  const lines = (name: string) => {
    const given = values[name];
    return Array.isArray(given) ? given : undefined;
  };
  const user = await existingUser(db, emailOption(values));
  const current = await getAvailability(db, user.id);
  const option = (name: string, fallback: string | number | null) => {
    const given = values[name];
    return typeof given === "string" ? given : fallback === null ? undefined : String(fallback);
  };
  const calendarUrl = typeof values["calendar-url"] === "string" ? values["calendar-url"] : undefined;
  const parsed = availabilitySchema.safeParse({
    userId: user.id,
    timeZone: option("time-zone", current.timeZone),
    weekly: (lines("weekly") ?? current.weekly.map(formatWeeklyLine)).join("\n"),
    overrides: (lines("override") ?? current.overrides.map(formatOverrideLine)).join("\n"),
    callMinutes: option("call-minutes", current.callMinutes),
    bufferBeforeMinutes: option("buffer-before", current.bufferBeforeMinutes),
    bufferAfterMinutes: option("buffer-after", current.bufferAfterMinutes),
    minNoticeMinutes: option("min-notice", current.minNoticeMinutes),
    horizonDays: option("horizon-days", current.horizonDays),
    maxPerDay: values["max-per-day"] === "none" ? "" : option("max-per-day", current.maxPerDay),
    meetingKind: option("meeting", current.meetingKind),
    meetingDetail: option("meeting-detail", current.meetingDetail),
    // Not given: the address is kept; given empty: removed, so an operator can always take away a bad one.
    calendarUrl: calendarUrl,
    clearCalendar: calendarUrl?.trim() === "" ? "on" : undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const flag: Record<string, string> = {
      timeZone: "time-zone",
      weekly: "weekly",
      overrides: "override",
      callMinutes: "call-minutes",
      bufferBeforeMinutes: "buffer-before",
      bufferAfterMinutes: "buffer-after",
      minNoticeMinutes: "min-notice",
      horizonDays: "horizon-days",
      maxPerDay: "max-per-day",
      meetingKind: "meeting",
      meetingDetail: "meeting-detail",
      calendarUrl: "calendar-url",
    };
    throw new UsageError(`--${flag[String(issue?.path[0])] ?? String(issue?.path[0])}: ${issue?.message}`);
  }
  const saved = await setAvailability(db, parsed.data, cliActor);
  return `Availability of ${user.email} saved.\n${describeAvailability(saved)}`;
}

export const availabilityCommands: Record<string, Command> = {
  "availability:set": (db, values) => setAvailabilityFromOptions(db, values),
  "availability:show": async (db, values) => {
    const user = await existingUser(db, emailOption(values));
    const availability = await getAvailability(db, user.id);
    return `${user.email}${availability.saved ? "" : " (never set: defaults shown)"}\n${describeAvailability(availability)}`;
  },
};
