import { InsertQueryNode, type KyselyPlugin, TableNode } from "kysely";
import { describe, expect, it } from "vitest";
import {
  bookCall,
  cancelBooking,
  getBooking,
  requireCallAccess,
  rescheduleBooking,
  setBookingOutcome,
} from "~/server/bookings/bookings.server";
import type { Database } from "~/server/db/schema.server";
import { createStaffUser } from "~/server/users/staff-users.server";
import { staffWhoTakesCalls, visitorLead } from "../support/bookings";
import { databasePerTest, dialects } from "../support/databases";

const at = (iso: string) => Date.parse(iso);
/** Monday 16 March 2026, 06:00 UTC. */
const NOW = at("2026-03-16T06:00:00Z");
const BASE_URL = "https://agency.example";
/** Refuses every insert into audit_logs, as a database would that fails at the audit entry. */
const auditFails: KyselyPlugin = {
  transformQuery({ node }) {
    if (
      InsertQueryNode.is(node) &&
      node.into &&
      TableNode.is(node.into) &&
      node.into.table.identifier.name === "audit_logs"
    ) {
      throw new Error("audit entry refused");
    }
    return node;
  },
  async transformResult({ result }) {
    return result;
  },
};
/** The cancellation mails a call's visitor was sent. */
const cancellationMails = (db: Database, bookingId: string) =>
  db
    .selectFrom("email_outbox")
    .select(["to_address", "text_body"])
    .where("booking_id", "=", bookingId)
    .where("subject", "like", "Cancelled%")
    .execute();
const context = (nowMs = NOW) => ({ baseUrl: BASE_URL, secret: "test-secret-0123456789abcdef0123456789", nowMs });

describe.each(dialects)("rules a booked call keeps on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  async function bookedCall() {
    const { db } = await freshDatabase();
    const bea = await staffWhoTakesCalls(db);
    const leadId = await visitorLead(db, "vera@example.com");
    const booked = await bookCall(
      db,
      { leadId, startMs: at("2026-03-17T09:00:00Z"), visitorTimeZone: "Europe/Berlin" },
      context(),
    );
    if (!booked.ok) throw new Error("not booked");
    return { db, bea, bookingId: booked.bookingId };
  }

  it("never moves a call into a time the staff member's calendar says is busy", async () => {
    const { db, bea, bookingId } = await bookedCall();
    // What the last read of Bea's calendar said: busy on Wednesday 10:00-11:00 UTC.
    await db
      .insertInto("staff_busy_times")
      .values({ user_id: bea.id, starts_at: "2026-03-18T10:00:00.000Z", ends_at: "2026-03-18T11:00:00.000Z" })
      .execute();
    for (const start of ["2026-03-18T10:00:00Z", "2026-03-18T10:30:00Z", "2026-03-18T09:45:00Z"]) {
      const moved = await rescheduleBooking(db, { bookingId, startMs: at(start) }, context());
      expect(moved.ok, start).toBe(false);
    }
    expect((await getBooking(db, bookingId))?.starts_at).toSatisfy(
      (value: string) => new Date(value).toISOString() === "2026-03-17T09:00:00.000Z",
    );
    // Next to the busy time is free.
    expect((await rescheduleBooking(db, { bookingId, startMs: at("2026-03-18T11:00:00Z") }, context())).ok).toBe(true);
  });

  it("takes no outcome before the call has started, and takes one once it has", async () => {
    const { db, bea, bookingId } = await bookedCall();
    const actor = { id: bea.id, email: "bea@agency.example" };
    for (const status of ["completed", "no_show"] as const) {
      await expect(setBookingOutcome(db, bookingId, status, actor, at("2026-03-17T08:59:00Z"))).rejects.toThrow(
        "The call has not started yet.",
      );
    }
    expect((await getBooking(db, bookingId))?.status).toBe("booked");
    await setBookingOutcome(db, bookingId, "no_show", actor, at("2026-03-17T09:10:00Z"));
    expect((await getBooking(db, bookingId))?.status).toBe("no_show");
  });

  it("lets sales change only their own calls and those of leads nobody owns, admins any", async () => {
    const { db, bea, bookingId } = await bookedCall();
    const system = { id: null, email: "test" };
    const sam = await createStaffUser(
      db,
      { email: "sam@agency.example", password: "staff-pass-1357", role: "sales" },
      system,
    );
    const ada = await createStaffUser(
      db,
      { email: "ada@agency.example", password: "staff-pass-1357", role: "admin" },
      system,
    );
    // The lead is Bea's since she took the call.
    await expect(requireCallAccess(db, bookingId, { id: sam.id, role: "sales" })).rejects.toThrow(
      "This call is another person's: only they or an admin can change it.",
    );
    await requireCallAccess(db, bookingId, { id: bea.id, role: "sales" });
    await requireCallAccess(db, bookingId, { id: ada.id, role: "admin" });
    const booking = await getBooking(db, bookingId);
    await db
      .updateTable("leads")
      .set({ owner_id: null })
      .where("id", "=", booking?.lead_id as string)
      .execute();
    await requireCallAccess(db, bookingId, { id: sam.id, role: "sales" });
  });

  it("puts the reason staff gave for cancelling into the visitor's cancellation", async () => {
    const { db, bea, bookingId } = await bookedCall();
    await cancelBooking(
      db,
      {
        bookingId,
        actor: { id: bea.id, email: "bea@agency.example" },
        reason: "I am ill; sorry, please pick another day.",
      },
      context(),
    );
    const mails = await cancellationMails(db, bookingId);
    expect(mails.map((mail) => mail.to_address)).toEqual(["vera@example.com"]);
    expect(mails[0]?.text_body).toContain("\n\nI am ill; sorry, please pick another day.\n\n");
  });

  it("cancels a call and writes its audit entry in one transaction: when the entry fails, the call stays booked", async () => {
    const { db, bea, bookingId } = await bookedCall();
    const actor = { id: bea.id, email: "bea@agency.example" };
    await expect(cancelBooking(db.withPlugin(auditFails), { bookingId, actor }, context())).rejects.toThrow(
      "audit entry refused",
    );
    expect((await getBooking(db, bookingId))?.status).toBe("booked");
    expect(await cancellationMails(db, bookingId)).toEqual([]);
    // Its time is still held: another enquiry cannot take it.
    const leadId = await visitorLead(db, "otto@example.com");
    const again = await bookCall(
      db,
      { leadId, startMs: at("2026-03-17T09:00:00Z"), visitorTimeZone: "UTC" },
      context(),
    );
    expect(again.ok).toBe(false);
    // With the entry written, the same cancel goes through and is audited once.
    await cancelBooking(db, { bookingId, actor }, context());
    expect((await getBooking(db, bookingId))?.status).toBe("cancelled");
    const entries = await db.selectFrom("audit_logs").select("action").where("action", "=", "booking.cancel").execute();
    expect(entries).toHaveLength(1);
  });
});
