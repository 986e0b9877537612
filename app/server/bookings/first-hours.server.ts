import { AVAILABILITY_DEFAULTS, availabilitySchema, formatWeeklyLine } from "~/lib/schemas/availability";
import type { FirstHours } from "~/lib/schemas/first-hours";
import type { AuditActor } from "../audit/audit.server";
import type { Database } from "../db/schema.server";
import { setAvailability } from "./availability.server";

/**
 * The first admin's hours for calls, from setup: without any, a fresh install offers no time to book.
 * Half-hour video calls with four hours' notice, up to 30 days ahead; the Bookings screen changes them.
 */
export async function setFirstAdminHours(db: Database, userId: string, hours: FirstHours, actor: AuditActor) {
  const availability = availabilitySchema.parse({
    userId,
    timeZone: hours.timeZone,
    weekly: hours.weekly.map(formatWeeklyLine).join("\n"),
    ...AVAILABILITY_DEFAULTS,
    meetingKind: "video",
  });
  await setAvailability(db, availability, actor);
}
