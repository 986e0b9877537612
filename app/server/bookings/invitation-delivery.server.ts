import type { Database, Row } from "../db/schema.server";

/**
 * Whether the visitor's latest invitation for this booking has gone or can still go: it was queued (no
 * cap held it back), has not failed for good, and a mail server is configured to send it. The booking
 * page only tells the visitor "we have e-mailed" when this holds; otherwise the page is their record.
 */
export async function visitorInvitationCanGo(
  db: Database,
  booking: Pick<Row<"bookings">, "id" | "visitor_email">,
  queuedNote: string | null,
) {
  const latest = await db
    .selectFrom("email_outbox")
    .select(["status"])
    .where("booking_id", "=", booking.id)
    .where("kind", "=", "booking_invitation")
    .where("to_address", "=", booking.visitor_email)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!latest || latest.status === "failed") return false;
  return latest.status === "sent" || queuedNote === null;
}
