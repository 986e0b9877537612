import { dayIn, formatDateTimeIn, zonedToUtc } from "~/lib/time-zone";
import type { AgendaCall, CallEvent, CallEventKind, UpcomingCall } from "~/lib/types/bookings";
import type { BookingStatus, Database } from "../db/schema.server";
import { fromJson } from "../db/values.server";
import { meetingPlace } from "./invitation.server";
import { isLive, liveStatusCondition } from "./live-statuses.server";

const DAY = 24 * 60 * 60_000;

const EVENT_KINDS: Record<string, CallEventKind> = {
  "booking.create": "booked",
  "booking.reschedule": "rescheduled",
  "booking.cancel": "cancelled",
  "booking.completed": "completed",
  "booking.no_show": "no_show",
};

/**
 * The lead's calls as a timeline, newest first: each booking, move, cancellation and outcome from the
 * audit trail (every change to a booking is audited in its transaction), in the agency's zone.
 */
export async function leadCallTimeline(db: Database, leadId: string, timeZone: string): Promise<CallEvent[]> {
  const rows = await db
    .selectFrom("bookings")
    .innerJoin("user", "user.id", "bookings.staff_id")
    .innerJoin("audit_logs", (join) =>
      join.onRef("audit_logs.entity_id", "=", "bookings.id").on("audit_logs.entity_type", "=", "booking"),
    )
    .select([
      "bookings.id as booking_id",
      "bookings.starts_at",
      "user.name as staff_name",
      "audit_logs.action",
      "audit_logs.actor_email",
      "audit_logs.summary",
      "audit_logs.created_at",
      "audit_logs.id as audit_id",
    ])
    .where("bookings.lead_id", "=", leadId)
    .where("audit_logs.action", "in", Object.keys(EVENT_KINDS))
    .orderBy("audit_logs.created_at", "desc")
    .orderBy("audit_logs.id", "desc")
    .limit(200)
    .execute();
  return rows.map((row) => {
    const summary = fromJson<Record<string, unknown>>(row.summary, {});
    const text = (key: string) => (typeof summary[key] === "string" ? (summary[key] as string) : null);
    const callAt = text("to") ?? text("startsAt") ?? row.starts_at;
    const movedFrom = text("from");
    const kind = EVENT_KINDS[row.action] as CallEventKind;
    return {
      bookingId: row.booking_id,
      kind,
      at: formatDateTimeIn(timeZone, row.created_at),
      actorEmail: row.actor_email,
      staffName: row.staff_name,
      callTime: formatDateTimeIn(timeZone, callAt),
      callDay: dayIn(timeZone, Date.parse(callAt)),
      movedFrom: kind === "rescheduled" && movedFrom ? formatDateTimeIn(timeZone, movedFrom) : null,
    };
  });
}

export type AgendaFilters = { fromIso: string; toIso: string; staffId: string | null; status: BookingStatus | null };

/** The calls starting in a span, with who takes them and the lead's name, in time order. */
export async function listAgenda(db: Database, filters: AgendaFilters) {
  let query = db
    .selectFrom("bookings")
    .innerJoin("user", "user.id", "bookings.staff_id")
    .select([
      "bookings.id",
      "bookings.lead_id",
      "bookings.starts_at",
      "bookings.ends_at",
      "bookings.status",
      "bookings.visitor_name",
      "bookings.visitor_email",
      "bookings.visitor_time_zone",
      "bookings.utm_campaign",
      "user.name as staff_name",
      "user.email as staff_email",
    ])
    .where("bookings.starts_at", ">=", filters.fromIso)
    .where("bookings.starts_at", "<", filters.toIso);
  if (filters.staffId) query = query.where("bookings.staff_id", "=", filters.staffId);
  if (filters.status) query = query.where("bookings.status", "=", filters.status);
  return query.orderBy("bookings.starts_at").limit(500).execute();
}

/**
 * The span an agenda of `date` (YYYY-MM-DD) covers: from that day's midnight in `timeZone`, one day
 * or seven. Each end is a wall-clock midnight, so a day with a clock change is 23 or 25 hours long.
 */
export function agendaWindow(timeZone: string, date: string, view: "day" | "week") {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const at = (days: number) => new Date(zonedToUtc(timeZone, year, month, day + days)).toISOString();
  return { fromIso: at(0), toIso: at(view === "week" ? 7 : 1) };
}

export type AgendaQuery = {
  timeZone: string;
  date: string;
  view: "day" | "week";
  staffId: string | null;
  status: BookingStatus | null;
};

/**
 * The staff agenda of a day or a week in the agency's zone: each call with its time and day as staff
 * read them, whether it still holds time, and whether it has started (outcomes are marked from then).
 */
export async function agendaCalls(db: Database, query: AgendaQuery, nowMs = Date.now()): Promise<AgendaCall[]> {
  const { timeZone, date, view, staffId, status } = query;
  const rows = await listAgenda(db, { ...agendaWindow(timeZone, date, view), staffId, status });
  return rows.map((row) => ({
    ...row,
    live: isLive(row.status),
    started: Date.parse(row.starts_at) <= nowMs,
    when: formatDateTimeIn(timeZone, row.starts_at),
    day: dayIn(timeZone, Date.parse(row.starts_at)),
  }));
}

/**
 * A staff member's next live calls, soonest first, from `nowMs` (calls under way included) and
 * optionally up to `untilMs`; `more` says whether there are others past the limit.
 */
export async function upcomingCalls(
  db: Database,
  staffId: string,
  timeZone: string,
  { nowMs = Date.now(), untilMs, limit = 5 }: { nowMs?: number; untilMs?: number; limit?: number } = {},
): Promise<{ calls: UpcomingCall[]; more: boolean }> {
  let query = db
    .selectFrom("bookings")
    .select(["id", "lead_id", "visitor_name", "starts_at", "ends_at", "meeting_kind", "meeting_detail"])
    .where("staff_id", "=", staffId)
    .where(liveStatusCondition())
    // No call lasts longer than a day: the index range starts there, the end narrows it down.
    .where("starts_at", ">", new Date(nowMs - DAY).toISOString())
    .where("ends_at", ">", new Date(nowMs).toISOString());
  if (untilMs !== undefined) query = query.where("starts_at", "<", new Date(untilMs).toISOString());
  const rows = await query
    .orderBy("starts_at")
    .limit(limit + 1)
    .execute();
  return {
    calls: rows.slice(0, limit).map((row) => ({
      id: row.id,
      leadId: row.lead_id,
      visitorName: row.visitor_name,
      startsAt: row.starts_at,
      when: formatDateTimeIn(timeZone, row.starts_at),
      place: meetingPlace({ id: row.id, meetingKind: row.meeting_kind, meetingDetail: row.meeting_detail }),
    })),
    more: rows.length > limit,
  };
}
