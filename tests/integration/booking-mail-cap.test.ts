import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { BOOKING_MAILS_PER_ADDRESS_PER_DAY } from "~/server/bookings/booking-mail-cap.server";
import { bookCall, cancelBooking, rescheduleBooking } from "~/server/bookings/bookings.server";
import { visitorInvitationCanGo } from "~/server/bookings/invitation-delivery.server";
import { listOpenSlots } from "~/server/bookings/open-slots.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { down as dropMailboxIndex } from "~/server/db/migrations/0030-outbox-mailbox-day.server";
import type { Database } from "~/server/db/schema.server";
import { captureLead } from "~/server/leads/capture.server";
import { getLeadDetail } from "~/server/leads/leads.server";
import { staffWhoTakesCalls } from "../support/bookings";
import { createMigratedDatabase, databasePerTest, dialects, type TestDatabase } from "../support/databases";

const secret = "test-secret-0123456789abcdef0123456789";
const attribution = { pageUrl: null, landingPath: "/", referrer: null, userAgent: "UA", browserInfo: null };
const mailContext = { baseUrl: "https://agency.example", notifyEmails: ["team@agency.example"] };
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Monday 16 March 2026, 06:00 UTC. */
const NOW = Date.parse("2026-03-16T06:00:00Z");
const context = (nowMs = NOW) => ({ baseUrl: "https://agency.example", secret, nowMs });
const HELD = /^Not sent: this address already had 6 booking e-mails today/;

describe.each(dialects)("the daily cap on booking mails to one address, on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  async function setup() {
    const { db } = await freshDatabase();
    await staffWhoTakesCalls(db, "bea@agency.example");
    const { leadId } = await captureLead(db, {
      flow: "contact",
      input: { name: "Vera Visitor", email: "vera@example.com", country: "us", industry: "saas" } as never,
      attribution,
      mail: mailContext,
    });
    // Starts two days on and later: each invitation comes with both its reminders.
    const { starts } = await listOpenSlots(db, null, { nowMs: NOW });
    return { db, leadId, starts: starts.filter((start) => start > NOW + 2 * DAY) };
  }

  const mailsTo = (db: Database, address: string) =>
    db
      .selectFrom("email_outbox")
      .select(["kind", "status", "attempts", "last_error", "subject"])
      .where("to_address", "=", address)
      .where("kind", "in", ["booking_invitation", "booking_reminder"])
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  const mayGo = (mails: { status: string }[]) => mails.filter((mail) => mail.status !== "failed");

  it("holds back what would go over the cap as a failed mail with its reason, and the call still moves", async () => {
    const { db, leadId, starts } = await setup();
    const booked = await bookCall(db, { leadId, startMs: starts[0]!, visitorTimeZone: "UTC" }, context());
    if (!booked.ok) throw new Error("nothing was booked");
    const booking = { id: booked.bookingId, visitor_email: "vera@example.com" };
    expect(await visitorInvitationCanGo(db, booking, null)).toBe(true);

    // Moved again and again within the hour: every move sends a new invitation and new reminders.
    let moves = 0;
    for (const start of starts.slice(1, 10)) {
      const nowMs = NOW + (moves + 1) * 60_000;
      const moved = await rescheduleBooking(db, { bookingId: booked.bookingId, startMs: start }, context(nowMs));
      expect(moved.ok).toBe(true);
      moves++;
      expect(mayGo(await mailsTo(db, "vera@example.com")).length).toBeLessThanOrEqual(
        BOOKING_MAILS_PER_ADDRESS_PER_DAY,
      );
    }
    const visitorMails = await mailsTo(db, "vera@example.com");
    expect(mayGo(visitorMails)).toHaveLength(BOOKING_MAILS_PER_ADDRESS_PER_DAY);
    const held = visitorMails.filter((mail) => mail.status === "failed");
    expect(held.length).toBeGreaterThan(0);
    for (const mail of held) {
      expect(mail.attempts).toBe(0);
      expect(mail.last_error).toMatch(HELD);
    }
    // The last move's invitation was held: the booking page tells the visitor to keep its address.
    const invitations = visitorMails.filter((mail) => mail.kind === "booking_invitation");
    expect(invitations.at(-1)).toMatchObject({ status: "failed" });
    expect(await visitorInvitationCanGo(db, booking, null)).toBe(false);

    // The call stands at the last time it was moved to.
    const call = await db
      .selectFrom("bookings")
      .select(["starts_at", "status"])
      .where("id", "=", booked.bookingId)
      .executeTakeFirstOrThrow();
    expect(Date.parse(call.starts_at)).toBe(starts[moves]);
    expect(call.status).toBe("rescheduled");

    // The staff member hears of every move; the cap is the visitor's address's.
    const staffMails = await mailsTo(db, "bea@agency.example");
    expect(staffMails).toHaveLength(moves + 1);
    expect(staffMails.every((mail) => mail.status === "queued")).toBe(true);

    // The lead page's mail log says why the visitor's mail did not go.
    const detail = await getLeadDetail(db, leadId);
    const logged = detail!.mails.filter((mail) => mail.status === "failed");
    expect(logged.length).toBe(held.length);
    expect(logged[0]!.lastError).toMatch(HELD);
  });

  it("counts the address in any case, across cancellations and new bookings", async () => {
    const { db, leadId, starts } = await setup();
    // Booked and cancelled three times, the address typed in other cases each time: one mailbox.
    const spellings = ["vera@example.com", "VERA@Example.com", "Vera@EXAMPLE.com", "vera@Example.COM"];
    for (const [index, email] of spellings.entries()) {
      const nowMs = NOW + index * HOUR;
      const booked = await bookCall(
        db,
        { leadId, startMs: starts[index]!, visitorTimeZone: "UTC", visitor: { name: "Vera Visitor", email } },
        context(nowMs),
      );
      if (!booked.ok) throw new Error("nothing was booked");
      if (index < 3) await cancelBooking(db, { bookingId: booked.bookingId }, context(nowMs + 60_000));
    }
    const all = await db
      .selectFrom("email_outbox")
      .select(["kind", "status", "to_address", "last_error"])
      .where("kind", "in", ["booking_invitation", "booking_reminder"])
      .where(sql`lower(to_address)`, "=", "vera@example.com")
      .execute();
    // Six went (each booking's invitation and cancellation, a reminder until it was withdrawn); the
    // fourth booking's invitation and reminders were held.
    expect(all.filter((mail) => mail.status === "queued")).toHaveLength(6);
    const held = all.filter((mail) => mail.status === "failed");
    expect(held.every((mail) => HELD.test(mail.last_error ?? ""))).toBe(true);
    const fourth = all.filter((mail) => mail.to_address === "vera@Example.COM");
    expect(fourth.map((mail) => mail.status)).toEqual(["failed", "failed", "failed"]);
  });

  it("counts only the last 24 hours: a day later the address is mailed again", async () => {
    const { db, leadId, starts } = await setup();
    const booked = await bookCall(db, { leadId, startMs: starts[0]!, visitorTimeZone: "UTC" }, context());
    if (!booked.ok) throw new Error("nothing was booked");
    const later = starts.filter((start) => start > NOW + 4 * DAY);
    for (const [index, start] of later.slice(0, 6).entries()) {
      await rescheduleBooking(db, { bookingId: booked.bookingId, startMs: start }, context(NOW + (index + 1) * 60_000));
    }
    const booking = { id: booked.bookingId, visitor_email: "vera@example.com" };
    expect(await visitorInvitationCanGo(db, booking, null)).toBe(false);
    const nextDay = NOW + DAY + HOUR;
    const moved = await rescheduleBooking(db, { bookingId: booked.bookingId, startMs: later[6]! }, context(nextDay));
    expect(moved.ok).toBe(true);
    expect(await visitorInvitationCanGo(db, booking, null)).toBe(true);
  });
});

describe.each(dialects)("the daily cap under bookings at once, on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("holds when four calls for one address are moved at the same moment", async () => {
    const { db } = await freshDatabase();
    // Four people, each with one of the calls: the moves share no row but the address.
    for (const name of ["bea", "cy", "di", "eve"]) await staffWhoTakesCalls(db, `${name}@agency.example`, { name });
    const { starts } = await listOpenSlots(db, null, { nowMs: NOW });
    const first = starts.find((start) => start >= NOW + 2 * DAY)!;
    const bookingIds: string[] = [];
    for (const name of ["ann", "ben", "cal", "dee"]) {
      const { leadId } = await captureLead(db, {
        flow: "contact",
        input: { name, email: `${name}@example.com`, country: "us", industry: "saas" } as never,
        attribution,
        mail: mailContext,
      });
      const visitor = { name: "Vic", email: "vic@example.com" };
      const booked = await bookCall(db, { leadId, startMs: first, visitorTimeZone: "UTC", visitor }, context());
      if (!booked.ok) throw new Error("nothing was booked");
      bookingIds.push(booked.bookingId);
    }
    expect(
      new Set(
        await db
          .selectFrom("bookings")
          .select("staff_id")
          .execute()
          .then((rows) => rows.map((row) => row.staff_id)),
      ).size,
    ).toBe(4);
    // A day later those mails are out of the count: each move's invitation and reminders would fit alone.
    const later = NOW + DAY + HOUR;
    const to = starts.find((start) => start >= NOW + 4 * DAY)!;
    const outcomes = await Promise.all(
      bookingIds.map((bookingId) => rescheduleBooking(db, { bookingId, startMs: to }, context(later))),
    );
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    const moved = await db
      .selectFrom("email_outbox")
      .select("status")
      .where("to_address", "=", "vic@example.com")
      .where("created_at", "=", new Date(later).toISOString())
      .execute();
    expect(moved).toHaveLength(12);
    expect(moved.filter((mail) => mail.status === "queued")).toHaveLength(BOOKING_MAILS_PER_ADDRESS_PER_DAY);
  });
});

describe.each(dialects)("the outbox's mailbox index on %s", (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
  });

  it("is added to a database that already ran the migrations numbered after it", async () => {
    database = await createMigratedDatabase(dialect);
    const { db } = database;
    // A database as the release before it left it: 0031 and 0032 ran, 0030 did not exist.
    await dropMailboxIndex(db as never);
    await sql`delete from kysely_migration where name = '0030-outbox-mailbox-day'`.execute(db);
    expect(await migrateToLatest(db)).toEqual(["0030-outbox-mailbox-day"]);
  });
});
