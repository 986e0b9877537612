/** What the admin screens show of bookings. */

import type { MEETING_KINDS } from "~/lib/schemas/availability";
import type { BOOKING_STATUSES } from "~/lib/schemas/bookings-admin";

export type CallEventKind = "booked" | "rescheduled" | "cancelled" | "completed" | "no_show";

/** One thing that happened to one of a lead's calls, with the times in the zone asked for. */
export type CallEvent = {
  bookingId: string;
  kind: CallEventKind;
  /** When it happened. */
  at: string;
  /** Who did it; null for the visitor (through the booking page or their mailed links). */
  actorEmail: string | null;
  staffName: string;
  /** The call's time this event is about (the new time of a reschedule), formatted, and its day. */
  callTime: string;
  callDay: string;
  /** The time a reschedule moved the call from, formatted. */
  movedFrom: string | null;
};

/** One of a staff member's calls to come. */
export type UpcomingCall = {
  id: string;
  leadId: string;
  visitorName: string;
  startsAt: string;
  /** The start in the agency's zone, as staff read it. */
  when: string;
  /** How the call happens: "Video call: https://…", "Phone call: +49…". */
  place: string;
};

/** One call on the staff agenda, with its times in the agency's zone. */
export type AgendaCall = {
  id: string;
  lead_id: string;
  starts_at: string;
  ends_at: string;
  status: (typeof BOOKING_STATUSES)[number];
  visitor_name: string;
  visitor_email: string;
  visitor_time_zone: string;
  utm_campaign: string | null;
  staff_name: string;
  staff_email: string;
  /** The call still holds the staff member's time (booked or moved, not cancelled or done). */
  live: boolean;
  /** It has started: its outcome can be marked. */
  started: boolean;
  /** The start as staff read it, and its day (YYYY-MM-DD). */
  when: string;
  day: string;
};

/** A staff member's hours as their form shows them (see `availabilityForm`). */
export type AvailabilityForm = {
  staffId: string;
  timeZone: string;
  meetingKind: (typeof MEETING_KINDS)[number];
  meetingDetail: string;
  /** The weekly ranges and the date overrides, one a line, as typed. */
  weeklyText: string;
  overridesText: string;
  callMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  maxPerDay: number | null;
  /** A busy-time calendar address is set (the address itself stays on the server). */
  hasCalendar: boolean;
  /** Why the last reading of that calendar failed, if it did. */
  calendarError: string | null;
};
