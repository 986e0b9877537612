import {
  AVAILABILITY_DEFAULTS,
  type AvailabilityInput,
  type DateOverride,
  formatOverrideLine,
  formatWeeklyLine,
  type WeeklyRange,
} from "~/lib/schemas/availability";
import { canonicalTimeZone } from "~/lib/time-zone";
import type { AvailabilityForm } from "~/lib/types/bookings";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import type { Database, MeetingKind, Row } from "../db/schema.server";
import { fromJson, now, toJson } from "../db/values.server";
import { requireAssignableStaff } from "../leads/owners.server";
import { getAgencyTimeZone } from "../settings/time-zone.server";
import type { Schedule } from "./slots.server";

const auditAvailability = auditOf("availability");

/** A staff member's availability as screens and the command line show it. */
export type Availability = Schedule & {
  meetingKind: MeetingKind;
  meetingDetail: string | null;
  calendarUrl: string | null;
  calendarCheckedAt: string | null;
  calendarError: string | null;
  feedToken: string | null;
  /** False until someone saved it: such staff take no bookings. */
  saved: boolean;
};

export function availabilityOf(row: Row<"staff_availability">): Availability {
  return {
    staffId: row.user_id,
    // Saved before zones were kept by their current names, a zone may be spelled the old way.
    timeZone: canonicalTimeZone(row.time_zone) ?? row.time_zone,
    weekly: fromJson<WeeklyRange[]>(row.weekly, []),
    overrides: fromJson<DateOverride[]>(row.date_overrides, []),
    callMinutes: row.call_minutes,
    bufferBeforeMinutes: row.buffer_before_minutes,
    bufferAfterMinutes: row.buffer_after_minutes,
    minNoticeMinutes: row.min_notice_minutes,
    horizonDays: row.horizon_days,
    maxPerDay: row.max_per_day,
    meetingKind: row.meeting_kind,
    meetingDetail: row.meeting_detail,
    calendarUrl: row.calendar_url,
    calendarCheckedAt: row.calendar_checked_at,
    calendarError: row.calendar_error,
    feedToken: row.feed_token,
    saved: true,
  };
}

/** What a staff member who never set their hours starts from: the agency's zone and the defaults, no hours. */
export async function defaultAvailability(db: Database, staffId: string): Promise<Availability> {
  return {
    staffId,
    timeZone: await getAgencyTimeZone(db),
    weekly: [],
    overrides: [],
    ...AVAILABILITY_DEFAULTS,
    maxPerDay: null,
    meetingKind: "video",
    meetingDetail: null,
    calendarUrl: null,
    calendarCheckedAt: null,
    calendarError: null,
    feedToken: null,
    saved: false,
  };
}

export async function getAvailability(db: Database, staffId: string): Promise<Availability> {
  const row = await db.selectFrom("staff_availability").selectAll().where("user_id", "=", staffId).executeTakeFirst();
  return row ? availabilityOf(row) : defaultAvailability(db, staffId);
}

/**
 * A staff member's availability as the hours form shows it: the ranges as lines to edit, and only
 * whether a calendar address is set (the address is a secret of its own and never goes to a page).
 */
export async function availabilityForm(db: Database, staffId: string): Promise<AvailabilityForm> {
  const saved = await getAvailability(db, staffId);
  return {
    staffId: saved.staffId,
    timeZone: saved.timeZone,
    meetingKind: saved.meetingKind,
    meetingDetail: saved.meetingDetail ?? "",
    weeklyText: saved.weekly.map(formatWeeklyLine).join("\n"),
    overridesText: saved.overrides.map(formatOverrideLine).join("\n"),
    callMinutes: saved.callMinutes,
    bufferBeforeMinutes: saved.bufferBeforeMinutes,
    bufferAfterMinutes: saved.bufferAfterMinutes,
    minNoticeMinutes: saved.minNoticeMinutes,
    horizonDays: saved.horizonDays,
    maxPerDay: saved.maxPerDay,
    hasCalendar: saved.calendarUrl !== null,
    calendarError: saved.calendarError,
  };
}

/** The saved availability of these staff members (those who never saved theirs are left out). */
export async function listAvailability(db: Database, staffIds: string[]) {
  if (staffIds.length === 0) return [];
  const rows = await db.selectFrom("staff_availability").selectAll().where("user_id", "in", staffIds).execute();
  return rows.map(availabilityOf);
}

/** Saves availability for an admin or sales member; the calendar address is kept unless a new one or "clear" is given. */
export async function setAvailability(db: Database, input: AvailabilityInput, actor: AuditActor | null) {
  return db.transaction().execute(async (trx) => {
    await requireAssignableStaff(trx, input.userId).catch(() => {
      throw new AppError("INVALID_INPUT", "Only active admin or sales staff take calls.", { field: "userId" });
    });
    const before = await getAvailability(trx, input.userId);
    const calendarUrl = input.clearCalendar ? null : (input.calendarUrl ?? before.calendarUrl);
    const calendarChanged = calendarUrl !== before.calendarUrl;
    const values = {
      time_zone: input.timeZone,
      weekly: toJson(input.weekly),
      date_overrides: toJson(input.overrides),
      call_minutes: input.callMinutes,
      buffer_before_minutes: input.bufferBeforeMinutes,
      buffer_after_minutes: input.bufferAfterMinutes,
      min_notice_minutes: input.minNoticeMinutes,
      horizon_days: input.horizonDays,
      max_per_day: input.maxPerDay,
      meeting_kind: input.meetingKind,
      meeting_detail: input.meetingDetail,
      calendar_url: calendarUrl,
      ...(calendarChanged ? { calendar_checked_at: null, calendar_error: null } : {}),
      updated_at: now(),
    };
    if (before.saved) {
      await trx.updateTable("staff_availability").set(values).where("user_id", "=", input.userId).execute();
    } else {
      await trx
        .insertInto("staff_availability")
        .values({ user_id: input.userId, feed_token: null, calendar_error: null, ...values })
        .execute();
    }
    // The old calendar's busy times no longer say anything about this person.
    if (calendarChanged) await trx.deleteFrom("staff_busy_times").where("user_id", "=", input.userId).execute();
    await auditAvailability(trx, actor, "availability.update", input.userId, {
      timeZone: input.timeZone,
      weekly: input.weekly.map(formatWeeklyLine),
      overrides: input.overrides.map(formatOverrideLine),
      callMinutes: input.callMinutes,
      calendar: calendarChanged ? (calendarUrl ? "set" : "removed") : "unchanged",
    });
    return getAvailability(trx, input.userId);
  });
}

/** The availability as lines of text, the way `availability:show` prints it. */
export function describeAvailability(availability: Availability) {
  const minutes = (value: number) => `${value} min`;
  return [
    `time zone:      ${availability.timeZone}`,
    `weekly hours:   ${availability.weekly.length ? availability.weekly.map(formatWeeklyLine).join("; ") : "(none: takes no calls)"}`,
    `date overrides: ${availability.overrides.length ? availability.overrides.map(formatOverrideLine).join("; ") : "(none)"}`,
    `call length:    ${minutes(availability.callMinutes)}`,
    `buffers:        ${minutes(availability.bufferBeforeMinutes)} before, ${minutes(availability.bufferAfterMinutes)} after`,
    `minimum notice: ${minutes(availability.minNoticeMinutes)}`,
    `horizon:        ${availability.horizonDays} days`,
    `calls a day:    ${availability.maxPerDay ?? "no limit"}`,
    `meeting:        ${availability.meetingKind}${availability.meetingDetail ? ` (${availability.meetingDetail})` : ""}`,
    `calendar:       ${availability.calendarUrl ? `set${availability.calendarError ? `, last check failed: ${availability.calendarError}` : ""}` : "(none)"}`,
  ].join("\n");
}
