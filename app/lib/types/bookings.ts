/** What the admin screens show of bookings. */

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
