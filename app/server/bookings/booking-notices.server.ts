import type { Transaction } from "kysely";
import { queueAdStage } from "../ads/conversions.server";
import type { Database, DB, Row } from "../db/schema.server";
import { fromJson } from "../db/values.server";
import { queueMails } from "../mail/outbox.server";
import { visibleStaffName } from "../users/display-name.server";
import { recordWebhookEvent } from "../webhooks/events.server";
import { type LinkPurpose, signLink } from "./booking-links.server";
import { capBookingMails } from "./booking-mail-cap.server";
import {
  type BookingFacts,
  type BookingLinks,
  cancellationMails,
  invitationMails,
  reminderMails,
} from "./invitation.server";

const DAY = 24 * 60 * 60_000;

/** What a booking needs to know about where it is going out: links, invitations, the clock. */
export type BookingContext = { baseUrl: string; secret: string; nowMs: number; queuedNote?: string | null };

export function linksOf(
  context: Pick<BookingContext, "baseUrl" | "secret">,
  booking: { id: string; sequence: number; endsAt: string },
): BookingLinks {
  const expiresMs = Date.parse(booking.endsAt);
  const link = (purpose: LinkPurpose, path: string) =>
    `${context.baseUrl}${path}?token=${encodeURIComponent(signLink(context.secret, { id: booking.id, purpose, sequence: booking.sequence, expiresMs }))}`;
  return {
    // The booking's own page stays readable a week after the call.
    view: `${context.baseUrl}/book/booking?token=${encodeURIComponent(signLink(context.secret, { id: booking.id, purpose: "view", sequence: booking.sequence, expiresMs: expiresMs + 7 * DAY }))}`,
    reschedule: link("reschedule", "/book/reschedule"),
    cancel: link("cancel", "/book/cancel"),
  };
}

/** What an invitation or a mail says of a call: its times, both people, where it happens. */
export async function bookingFacts(db: Database, booking: Row<"bookings">): Promise<BookingFacts> {
  const staff = await db
    .selectFrom("user")
    .select(["name", "email"])
    .where("id", "=", booking.staff_id)
    .executeTakeFirst();
  return {
    id: booking.id,
    leadId: booking.lead_id,
    sequence: booking.sequence,
    startsAt: booking.starts_at,
    endsAt: booking.ends_at,
    visitorName: booking.visitor_name,
    visitorEmail: booking.visitor_email,
    visitorTimeZone: booking.visitor_time_zone,
    staffName: visibleStaffName(staff) ?? "",
    staffEmail: staff?.email ?? "",
    staffTimeZone: booking.staff_time_zone,
    meetingKind: booking.meeting_kind,
    meetingDetail: booking.meeting_detail,
  };
}

const host = (baseUrl: string) => new URL(baseUrl).host;

export async function queueBookingMails(
  trx: Transaction<DB>,
  booking: Row<"bookings">,
  kind: "new" | "moved" | "cancelled",
  context: BookingContext,
  { reason = null }: { reason?: string | null } = {},
) {
  // Reminders of the time it had are withdrawn; the new time gets its own.
  await trx
    .deleteFrom("email_outbox")
    .where("booking_id", "=", booking.id)
    .where("kind", "=", "booking_reminder")
    .where("status", "=", "queued")
    .execute();
  const facts = await bookingFacts(trx, booking);
  const options = { host: host(context.baseUrl), stampMs: context.nowMs, baseUrl: context.baseUrl };
  const at = new Date(context.nowMs).toISOString();
  const links = linksOf(context, { id: booking.id, sequence: booking.sequence, endsAt: booking.ends_at });
  const mails =
    kind === "cancelled"
      ? cancellationMails(facts, { ...options, reason })
      : [
          ...invitationMails(facts, kind, { ...options, links }),
          ...reminderMails(facts, { nowMs: context.nowMs, links }),
        ];
  // The visitor's address has a daily cap; the staff member's copy always goes.
  const { go, held, reason: heldReason } = await capBookingMails(trx, mails, facts.visitorEmail, context.nowMs);
  await queueMails(trx, go, at, context.queuedNote ?? null);
  if (held.length > 0) await queueMails(trx, held, at, heldReason, "failed");
}

function webhookBooking(booking: Row<"bookings">) {
  return {
    id: booking.id,
    lead_id: booking.lead_id,
    staff_id: booking.staff_id,
    starts_at: booking.starts_at,
    ends_at: booking.ends_at,
    visitor_time_zone: booking.visitor_time_zone,
    status: booking.status,
    sequence: booking.sequence,
    utm_campaign: booking.utm_campaign,
    landing_path: booking.landing_path,
    estimate: fromJson(booking.estimate, null),
  };
}

export async function recordBookingEvent(
  trx: Transaction<DB>,
  type: "booking.created" | "booking.rescheduled" | "booking.cancelled",
  booking: Row<"bookings">,
  at: string,
) {
  if (type === "booking.created" && booking.lead_id) await queueAdStage(trx, [booking.lead_id], "call_booked", at);
  await recordWebhookEvent(trx, {
    type,
    at,
    leadId: booking.lead_id,
    email: booking.visitor_email,
    data: { booking: webhookBooking(booking) },
  });
}
