import { describe, expect, it } from "vitest";
import { bookCall } from "~/server/bookings/bookings.server";
import { visitorInvitationCanGo } from "~/server/bookings/invitation-delivery.server";
import { listOpenSlots } from "~/server/bookings/open-slots.server";
import { NO_SMTP_REASON } from "~/server/mail/worker.server";
import { staffWhoTakesCalls, visitorLead, WEEKDAYS } from "../support/bookings";
import { databasePerTest, dialects } from "../support/databases";

const secret = "test-secret-0123456789abcdef0123456789";
/** Monday 16 March 2026, 06:00 UTC. */
const NOW = Date.parse("2026-03-16T06:00:00Z");

describe.each(dialects)("whether the booking page may say the invitation was e-mailed, on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  async function booked() {
    const { db } = await freshDatabase();
    await staffWhoTakesCalls(db, "bea@agency.example", { hours: WEEKDAYS });
    const leadId = await visitorLead(db, "vera@example.com");
    const { starts } = await listOpenSlots(db, null, { nowMs: NOW });
    const outcome = await bookCall(
      db,
      { leadId, startMs: starts[0]!, visitorTimeZone: "UTC" },
      { baseUrl: "https://agency.example", secret, nowMs: NOW },
    );
    if (outcome.ok !== true) throw new Error("nothing was booked");
    const booking = await db.selectFrom("bookings").selectAll().where("lead_id", "=", leadId).executeTakeFirstOrThrow();
    return { db, booking };
  }

  it("says so while the invitation is queued with a mail server configured, or already sent", async () => {
    const { db, booking } = await booked();
    expect(await visitorInvitationCanGo(db, booking, null)).toBe(true);
    await db.updateTable("email_outbox").set({ status: "sent" }).where("booking_id", "=", booking.id).execute();
    expect(await visitorInvitationCanGo(db, booking, NO_SMTP_REASON)).toBe(true);
  });

  it("does not when no mail server is configured, when the invitation failed, or when none was queued", async () => {
    const { db, booking } = await booked();
    expect(await visitorInvitationCanGo(db, booking, NO_SMTP_REASON)).toBe(false);
    await db
      .updateTable("email_outbox")
      .set({ status: "failed" })
      .where("booking_id", "=", booking.id)
      .where("to_address", "=", booking.visitor_email)
      .execute();
    expect(await visitorInvitationCanGo(db, booking, null)).toBe(false);
    await db.deleteFrom("email_outbox").where("booking_id", "=", booking.id).execute();
    expect(await visitorInvitationCanGo(db, booking, null)).toBe(false);
  });
});
