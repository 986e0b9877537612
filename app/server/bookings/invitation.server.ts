import { brand } from "~/content/brand";
import { meetingKindLabels } from "~/lib/schemas/availability";
import { formatDateTimeIn } from "~/lib/time-zone";
import type { MeetingKind } from "../db/schema.server";
import type { OutgoingMail } from "../mail/outbox.server";
import { writeCalendar } from "./icalendar-writer.server";

/** What an invitation, a reminder or a cancellation says about one booking. */
export type BookingFacts = {
  id: string;
  leadId: string;
  sequence: number;
  startsAt: string;
  endsAt: string;
  visitorName: string;
  visitorEmail: string;
  visitorTimeZone: string;
  staffName: string;
  staffEmail: string;
  staffTimeZone: string;
  meetingKind: MeetingKind;
  meetingDetail: string | null;
};

export type BookingLinks = { view: string; reschedule: string; cancel: string };

export function meetingPlace(facts: Pick<BookingFacts, "meetingKind" | "meetingDetail" | "id">) {
  const detail = facts.meetingDetail?.replaceAll("{booking}", facts.id) ?? null;
  if (facts.meetingKind === "phone") return detail ? `Phone call: ${detail}` : "Phone call: we will call you";
  return detail ? `${meetingKindLabels[facts.meetingKind]}: ${detail}` : meetingKindLabels[facts.meetingKind];
}

/**
 * The booking as an iCalendar object: METHOD:REQUEST while it stands, METHOD:CANCEL once cancelled.
 * The UID stays the booking's and SEQUENCE grows, so a calendar updates the event it has rather than
 * adding another. Times are UTC, which every calendar reads the same way.
 */
export function bookingCalendar(
  facts: BookingFacts,
  {
    method,
    host,
    stampMs,
    links,
  }: { method: "REQUEST" | "CANCEL"; host: string; stampMs: number; links?: BookingLinks },
) {
  const description = [
    `Your free strategy call with ${facts.staffName || brand.name}.`,
    meetingPlace(facts),
    ...(links && method === "REQUEST" ? [`Reschedule: ${links.reschedule}`, `Cancel: ${links.cancel}`] : []),
  ].join("\n");
  return writeCalendar({
    method,
    events: [
      {
        uid: `${facts.id}@${host}`,
        sequence: facts.sequence,
        stampedAt: new Date(stampMs).toISOString(),
        startsAt: facts.startsAt,
        endsAt: facts.endsAt,
        summary: `Free strategy call: ${brand.name} and ${facts.visitorName}`,
        description,
        location: meetingPlace(facts),
        cancelled: method === "CANCEL",
        organizer: { name: facts.staffName || brand.name, email: facts.staffEmail },
        attendee: { name: facts.visitorName, email: facts.visitorEmail },
      },
    ],
  });
}

type MailOptions = { host: string; stampMs: number; links: BookingLinks; baseUrl: string };

/** The visitor's invitation and the staff member's, each with the time in the reader's own zone. */
export function invitationMails(facts: BookingFacts, kind: "new" | "moved", options: MailOptions): OutgoingMail[] {
  const moved = kind === "moved";
  const common = { kind: "booking_invitation" as const, leadId: facts.leadId, bookingId: facts.id };
  // The links act as the visitor: the staff member's copy carries none, in its text or its calendar.
  const { links, ...withoutLinks } = options;
  return [
    {
      ...common,
      calendar: bookingCalendar(facts, { method: "REQUEST", ...options }),
      to: facts.visitorEmail,
      subject: `${moved ? "Moved" : "Confirmed"}: your free strategy call, ${formatDateTimeIn(facts.visitorTimeZone, facts.startsAt)}`,
      text: [
        `Hello ${facts.visitorName},`,
        "",
        `${moved ? "Your strategy call has moved to" : "Your free strategy call is booked for"} ${formatDateTimeIn(facts.visitorTimeZone, facts.startsAt)} (${facts.visitorTimeZone}).`,
        meetingPlace(facts),
        `You will talk with ${facts.staffName || "our team"}.`,
        "",
        "The invitation is attached: add it to your calendar.",
        `See your booking: ${links.view}`,
        `Pick another time: ${links.reschedule}`,
        `Cancel the call: ${links.cancel}`,
        "",
        brand.name,
      ].join("\n"),
    },
    {
      ...common,
      calendar: bookingCalendar(facts, { method: "REQUEST", ...withoutLinks }),
      to: facts.staffEmail,
      subject: `${moved ? "Call moved" : "New call booked"}: ${facts.visitorName}, ${formatDateTimeIn(facts.staffTimeZone, facts.startsAt)}`,
      text: [
        `${facts.visitorName} <${facts.visitorEmail}> ${moved ? "moved their call to" : "booked a call for"} ${formatDateTimeIn(facts.staffTimeZone, facts.startsAt)} (${facts.staffTimeZone}).`,
        meetingPlace(facts),
        "",
        `The lead: ${options.baseUrl}/admin/leads/${facts.leadId}`,
      ].join("\n"),
    },
  ];
}

export function cancellationMails(
  facts: BookingFacts,
  options: Omit<MailOptions, "links"> & { reason?: string | null },
): OutgoingMail[] {
  const calendar = bookingCalendar(facts, { method: "CANCEL", ...options });
  const common = { kind: "booking_invitation" as const, leadId: facts.leadId, bookingId: facts.id, calendar };
  return [
    {
      ...common,
      to: facts.visitorEmail,
      subject: `Cancelled: your strategy call, ${formatDateTimeIn(facts.visitorTimeZone, facts.startsAt)}`,
      text: [
        `Hello ${facts.visitorName},`,
        "",
        `Your strategy call on ${formatDateTimeIn(facts.visitorTimeZone, facts.startsAt)} is cancelled.`,
        ...(options.reason ? ["", options.reason, ""] : []),
        `Book another time whenever you like: ${options.baseUrl}/book`,
        "",
        brand.name,
      ].join("\n"),
    },
    {
      ...common,
      to: facts.staffEmail,
      subject: `Call cancelled: ${facts.visitorName}, ${formatDateTimeIn(facts.staffTimeZone, facts.startsAt)}`,
      text: `${facts.visitorName} <${facts.visitorEmail}>'s call on ${formatDateTimeIn(facts.staffTimeZone, facts.startsAt)} is cancelled.\n\nThe lead: ${options.baseUrl}/admin/leads/${facts.leadId}`,
    },
  ];
}

export const REMINDER_OFFSETS = [
  { label: "tomorrow", beforeMs: 24 * 60 * 60_000 },
  { label: "in one hour", beforeMs: 60 * 60_000 },
] as const;

/** The reminders still ahead: 24 hours and 1 hour before, each queued to go out at its time. */
export function reminderMails(facts: BookingFacts, { nowMs, links }: { nowMs: number; links: BookingLinks }) {
  const startMs = Date.parse(facts.startsAt);
  return REMINDER_OFFSETS.filter(({ beforeMs }) => startMs - beforeMs > nowMs).map(
    ({ label, beforeMs }): OutgoingMail => ({
      kind: "booking_reminder",
      leadId: facts.leadId,
      bookingId: facts.id,
      sendAt: new Date(startMs - beforeMs).toISOString(),
      to: facts.visitorEmail,
      subject: `Reminder: your strategy call ${label}, ${formatDateTimeIn(facts.visitorTimeZone, facts.startsAt)}`,
      text: [
        `Hello ${facts.visitorName},`,
        "",
        `A reminder: your free strategy call is ${label}, ${formatDateTimeIn(facts.visitorTimeZone, facts.startsAt)} (${facts.visitorTimeZone}).`,
        meetingPlace(facts),
        "",
        `Pick another time: ${links.reschedule}`,
        `Cancel the call: ${links.cancel}`,
      ].join("\n"),
    }),
  );
}
