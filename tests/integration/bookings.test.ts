import http from "node:http";
import type { AddressInfo } from "node:net";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { listAuditEntries } from "~/server/audit/audit.server";
import { setAvailability } from "~/server/bookings/availability.server";
import { readLink } from "~/server/bookings/booking-links.server";
import { bookCall, cancelBooking, getBooking, rescheduleBooking } from "~/server/bookings/bookings.server";
import { refreshStaffCalendar } from "~/server/bookings/busy-calendar.server";
import { listOpenSlots } from "~/server/bookings/open-slots.server";
import type { Database } from "~/server/db/schema.server";
import { saveLeadAssignment } from "~/server/leads/owners.server";
import { claimDueMails } from "~/server/mail/outbox.server";
import { createStaffUser } from "~/server/users/staff-users.server";
import { callHours, visitorLead, WEEKDAYS } from "../support/bookings";
import { databasePerTest, dialects } from "../support/databases";

const secret = "test-secret-0123456789abcdef0123456789";
const attribution = {
  pageUrl: "https://agency.example/?utm_source=google&utm_campaign=spring-sale",
  landingPath: "/services/paid-ads",
  referrer: null,
  userAgent: "UA",
  browserInfo: null,
};
const at = (iso: string) => Date.parse(iso);
/** Monday 16 March 2026, 06:00 UTC: New York has moved its clocks, Berlin has not. */
const NOW = at("2026-03-16T06:00:00Z");
const context = (nowMs = NOW) => ({ baseUrl: "https://agency.example", secret, nowMs });

/** Weekday hours in Berlin (see `callHours`), `given` changing any field. */
const availability = (userId: string, given: Record<string, string> = {}) =>
  callHours(userId, { ...WEEKDAYS, ...given });

/** The VEVENT of an outbox mail's invitation, read by ical.js. */
function parsedInvitation(calendar: string | null) {
  const component = new ICAL.Component(ICAL.parse(calendar ?? ""));
  const event = component.getFirstSubcomponent("vevent");
  if (!event) throw new Error("no VEVENT");
  const parsed = new ICAL.Event(event);
  return {
    method: component.getFirstPropertyValue("method"),
    uid: parsed.uid,
    sequence: parsed.sequence,
    start: parsed.startDate.toJSDate().toISOString(),
    end: parsed.endDate.toJSDate().toISOString(),
    status: event.getFirstPropertyValue("status"),
    attendee: String(event.getFirstPropertyValue("attendee")),
    organizer: String(event.getFirstPropertyValue("organizer")),
  };
}

describe.each(dialects)("booking a strategy call on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  async function setup() {
    const { db, reopen } = await freshDatabase();
    const system = { id: null, email: "test" };
    const berlin = await createStaffUser(
      db,
      { email: "bea@agency.example", password: "staff-pass-2468", role: "sales", name: "Bea" },
      system,
    );
    await setAvailability(db, availability(berlin.id), system);
    return { db, reopen, berlin, system };
  }

  const newLead = (db: Database, email = "visitor@example.com") => visitorLead(db, email, attribution);

  /** A new visitor's enquiry, booked at once at `iso` (the visitor in UTC). */
  const callForNewLead = async (db: Database, email: string, iso: string) =>
    bookCall(db, { leadId: await newLead(db, email), startMs: at(iso), visitorTimeZone: "UTC" }, context());

  const invitationsOf = (db: Database, bookingId: string) =>
    db
      .selectFrom("email_outbox")
      .select(["to_address", "kind", "calendar", "subject", "text_body", "next_attempt_at"])
      .where("booking_id", "=", bookingId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();

  it("offers the staff member's hours, books one, sends both invitations in the visitor's zone and reminds at the right times", async () => {
    const { db, berlin } = await setup();
    const leadId = await newLead(db);
    const { starts } = await listOpenSlots(db, null, { nowMs: NOW });
    // Four hours' notice from 07:00 Berlin: 11:00 Berlin (10:00 UTC) is the first; New York is five hours behind this week.
    expect(new Date(starts[0] as number).toISOString()).toBe("2026-03-16T10:00:00.000Z");
    const startMs = at("2026-03-17T08:00:00Z");
    const booked = await bookCall(db, { leadId, startMs, visitorTimeZone: "America/New_York" }, context());
    if (!booked.ok) throw new Error("not booked");
    const booking = await getBooking(db, booked.bookingId);
    expect(booking).toMatchObject({
      staff_id: berlin.id,
      lead_id: leadId,
      status: "booked",
      utm_campaign: "spring-sale",
      landing_path: "/services/paid-ads",
    });
    // The lead had no owner: the person taking the call owns it now.
    expect(
      (await db.selectFrom("leads").select("owner_id").where("id", "=", leadId).executeTakeFirstOrThrow()).owner_id,
    ).toBe(berlin.id);

    const mails = await invitationsOf(db, booked.bookingId);
    const visitorMail = mails.find(
      (mail) => mail.to_address === "visitor@example.com" && mail.kind === "booking_invitation",
    );
    const staffMail = mails.find((mail) => mail.to_address === "bea@agency.example");
    // 08:00 UTC is 04:00 in New York (summer time there) and 09:00 in Berlin (still winter time).
    expect(visitorMail?.subject).toContain("Mar 17, 2026, 4:00 AM EDT");
    expect(staffMail?.subject).toContain("Mar 17, 2026, 9:00 AM GMT+1");
    for (const mail of [visitorMail, staffMail]) {
      const invitation = parsedInvitation(mail?.calendar ?? null);
      expect(invitation).toMatchObject({
        method: "REQUEST",
        sequence: 0,
        start: "2026-03-17T08:00:00.000Z",
        end: "2026-03-17T08:30:00.000Z",
        status: "CONFIRMED",
      });
      expect(invitation.attendee).toBe("mailto:visitor@example.com");
      expect(invitation.organizer).toBe("mailto:bea@agency.example");
    }
    // The links act as the visitor: only the visitor's copy has them, in its text and its calendar.
    expect(visitorMail?.calendar).toContain("token=");
    expect(`${staffMail?.text_body}\n${staffMail?.calendar}`).not.toContain("token=");
    const reschedule = /Pick another time: (\S+)/.exec(visitorMail?.text_body ?? "")?.[1] ?? "";
    expect(readLink(secret, new URL(reschedule).searchParams.get("token"), "reschedule", NOW)?.id).toBe(
      booked.bookingId,
    );
    expect(readLink(secret, new URL(reschedule).searchParams.get("token"), "cancel", NOW)).toBeNull();

    // Reminders: 24 hours and 1 hour before, and not a minute sooner.
    const reminders = mails.filter((mail) => mail.kind === "booking_reminder").map((mail) => mail.next_attempt_at);
    expect(reminders.map((iso) => new Date(iso).toISOString())).toEqual([
      "2026-03-16T08:00:00.000Z",
      "2026-03-17T07:00:00.000Z",
    ]);
    const dueReminders = async (iso: string) =>
      (await claimDueMails(db, { nowMs: at(iso), limit: 50 })).filter((mail) => mail.kind === "booking_reminder")
        .length;
    await db.updateTable("email_outbox").set({ status: "sent" }).where("kind", "!=", "booking_reminder").execute();
    expect(await dueReminders("2026-03-16T07:59:00Z")).toBe(0);
    expect(await dueReminders("2026-03-16T08:00:00Z")).toBe(1);
    await db.updateTable("email_outbox").set({ status: "sent" }).where("status", "=", "sending").execute();
    expect(await dueReminders("2026-03-17T06:59:00Z")).toBe(0);
    expect(await dueReminders("2026-03-17T07:00:00Z")).toBe(1);

    // The booked time is no longer offered.
    const after = await listOpenSlots(db, null, { nowMs: NOW });
    expect(after.starts).not.toContain(startMs);
    expect(after.starts).toContain(startMs + 30 * 60_000);
    expect((await listAuditEntries(db, { entityType: "booking" })).map((entry) => entry.action)).toEqual([
      "booking.create",
    ]);
    const events = await db.selectFrom("webhook_events").select("type").where("type", "like", "booking.%").execute();
    expect(events.map((event) => event.type)).toEqual(["booking.created"]);
  });

  it("moves and cancels a call: both invitations follow with a higher SEQUENCE, and reminders follow the time", async () => {
    const { db } = await setup();
    const leadId = await newLead(db);
    const booked = await bookCall(
      db,
      { leadId, startMs: at("2026-03-17T08:00:00Z"), visitorTimeZone: "Asia/Kolkata" },
      context(),
    );
    if (!booked.ok) throw new Error("not booked");
    const moved = await rescheduleBooking(
      db,
      { bookingId: booked.bookingId, startMs: at("2026-03-18T13:00:00Z") },
      context(),
    );
    expect(moved.ok).toBe(true);
    let mails = await invitationsOf(db, booked.bookingId);
    const updates = mails.filter(
      (mail) => mail.kind === "booking_invitation" && parsedInvitation(mail.calendar).sequence === 1,
    );
    expect(updates.map((mail) => mail.to_address).sort()).toEqual(["bea@agency.example", "visitor@example.com"]);
    for (const mail of updates) {
      expect(parsedInvitation(mail.calendar)).toMatchObject({ method: "REQUEST", start: "2026-03-18T13:00:00.000Z" });
    }
    // 13:00 UTC is 18:30 in Kolkata.
    expect(updates.find((mail) => mail.to_address === "visitor@example.com")?.subject).toContain("6:30 PM GMT+5:30");
    const reminderTimes = mails
      .filter((mail) => mail.kind === "booking_reminder")
      .map((mail) => new Date(mail.next_attempt_at).toISOString());
    expect(reminderTimes).toEqual(["2026-03-17T13:00:00.000Z", "2026-03-18T12:00:00.000Z"]);
    // The old time is free again, the new one taken.
    const { starts } = await listOpenSlots(db, null, { nowMs: NOW });
    expect(starts).toContain(at("2026-03-17T08:00:00Z"));
    expect(starts).not.toContain(at("2026-03-18T13:00:00Z"));

    await cancelBooking(db, { bookingId: booked.bookingId }, context());
    mails = await invitationsOf(db, booked.bookingId);
    const cancellations = mails.filter((mail) => mail.calendar && parsedInvitation(mail.calendar).method === "CANCEL");
    expect(cancellations.map((mail) => mail.to_address).sort()).toEqual(["bea@agency.example", "visitor@example.com"]);
    for (const mail of cancellations)
      expect(parsedInvitation(mail.calendar)).toMatchObject({ sequence: 2, status: "CANCELLED" });
    expect(mails.filter((mail) => mail.kind === "booking_reminder")).toEqual([]);
    expect((await getBooking(db, booked.bookingId))?.status).toBe("cancelled");
    expect((await listOpenSlots(db, null, { nowMs: NOW })).starts).toContain(at("2026-03-18T13:00:00Z"));
    const events = await db
      .selectFrom("webhook_events")
      .select("type")
      .where("type", "like", "booking.%")
      .orderBy("created_at")
      .execute();
    expect(events.map((event) => event.type)).toEqual(["booking.created", "booking.rescheduled", "booking.cancelled"]);
  });

  it("routes to the lead's owner, else round robin over the chosen staff, offering the union of their free times", async () => {
    const { db, berlin, system } = await setup();
    const kolkata = await createStaffUser(
      db,
      { email: "kai@agency.example", password: "staff-pass-2468", role: "sales", name: "Kai" },
      system,
    );
    await setAvailability(
      db,
      availability(kolkata.id, { timeZone: "Asia/Kolkata", weekly: "mon-fri 10:00-12:00" }),
      system,
    );
    const admin = await createStaffUser(
      db,
      { email: "boss@agency.example", password: "staff-pass-2468", role: "admin" },
      system,
    );
    await saveLeadAssignment(
      db,
      { roundRobin: [berlin.id, kolkata.id], perForm: {} },
      { id: admin.id, email: admin.email },
    );
    const union = (await listOpenSlots(db, null, { nowMs: NOW })).starts;
    // Kolkata's 10:00 (04:30 UTC) is before Berlin's day starts.
    expect(union).toContain(at("2026-03-17T04:30:00Z"));
    expect(union).toContain(at("2026-03-17T15:30:00Z"));
    const leadId = await newLead(db);
    const owner = (await db.selectFrom("leads").select("owner_id").where("id", "=", leadId).executeTakeFirstOrThrow())
      .owner_id;
    // The lead's owner takes its call: only their times are offered.
    const ownersTimes = (await listOpenSlots(db, { ownerId: owner, formId: null }, { nowMs: NOW })).starts;
    expect(ownersTimes.every((start) => union.includes(start))).toBe(true);
    expect(ownersTimes.length).toBeLessThan(union.length);
    expect(ownersTimes.includes(at("2026-03-17T04:30:00Z"))).toBe(owner === kolkata.id);
    const booked = await bookCall(db, { leadId, startMs: ownersTimes[0] as number, visitorTimeZone: "UTC" }, context());
    if (!booked.ok) throw new Error("not booked");
    expect((await getBooking(db, booked.bookingId))?.staff_id).toBe(owner);
  });

  it("gives a contested time to exactly one of many visitors at once, and offers the others the nearest free times", async () => {
    const { db, reopen } = await setup();
    const leads: string[] = [];
    for (let i = 0; i < 20; i++) leads.push(await newLead(db, `racer${i}@example.com`));
    const startMs = at("2026-03-17T09:00:00Z");
    // On PostgreSQL two connections (two app processes) compete; a SQLite connection in one process
    // blocks the event loop while it waits for the file, so there the requests share one connection.
    const other = dialect === "postgres" ? reopen() : db;
    const outcomes = await Promise.all(
      leads.map((leadId, i) => bookCall(i % 2 ? other : db, { leadId, startMs, visitorTimeZone: "UTC" }, context())),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    const losers = outcomes.filter((outcome) => !outcome.ok);
    expect(losers).toHaveLength(19);
    for (const loser of losers) {
      if (loser.ok) continue;
      expect(loser.nearest).not.toContain(startMs);
      expect(loser.nearest).toContain(startMs - 30 * 60_000);
      expect(loser.nearest).toContain(startMs + 30 * 60_000);
    }
    const rows = await db
      .selectFrom("bookings")
      .select("id")
      .where("starts_at", "=", new Date(startMs).toISOString())
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("never lets the database hold two overlapping calls of one person, buffers included", async () => {
    const { db, berlin, system } = await setup();
    await setAvailability(db, availability(berlin.id, { bufferAfterMinutes: "15" }), system);
    const first = await callForNewLead(db, "a@example.com", "2026-03-17T09:00:00Z");
    expect(first.ok).toBe(true);
    // 09:30 would start inside the first call's wrap-up time: not offered, and refused if asked for.
    expect((await listOpenSlots(db, null, { nowMs: NOW })).starts).not.toContain(at("2026-03-17T09:30:00Z"));
    const second = await callForNewLead(db, "b@example.com", "2026-03-17T09:30:00Z");
    expect(second.ok).toBe(false);
    // Even written past the checks, the claims table refuses the overlap.
    await expect(
      db
        .insertInto("booking_slot_claims")
        .values({ staff_id: berlin.id, granule: at("2026-03-17T09:40:00Z") / 60_000, booking_id: "intruder" })
        .execute(),
    ).rejects.toThrow();
  });

  it("keeps to the daily maximum of calls", async () => {
    const { db, berlin, system } = await setup();
    await setAvailability(db, availability(berlin.id, { maxPerDay: "1" }), system);
    const first = await callForNewLead(db, "a@example.com", "2026-03-17T09:00:00Z");
    expect(first.ok).toBe(true);
    const { starts } = await listOpenSlots(db, null, { nowMs: NOW });
    expect(starts.filter((start) => new Date(start).toISOString().startsWith("2026-03-17"))).toEqual([]);
    const second = await callForNewLead(db, "b@example.com", "2026-03-17T13:00:00Z");
    expect(second.ok).toBe(false);
    // A busy time from the staff member's calendar blocks its own time but is not one of the day's calls.
    await db
      .insertInto("staff_busy_times")
      .values({ user_id: berlin.id, starts_at: "2026-03-18T10:00:00.000Z", ends_at: "2026-03-18T10:30:00.000Z" })
      .execute();
    const after = await listOpenSlots(db, null, { nowMs: NOW });
    const onTheBusyDay = after.starts
      .map((start) => new Date(start).toISOString())
      .filter((iso) => iso.startsWith("2026-03-18"));
    expect(onTheBusyDay.length).toBeGreaterThan(0);
    expect(onTheBusyDay).not.toContain("2026-03-18T10:00:00.000Z");
  });

  it("blocks the times a staff member's own calendar feed says are busy, repeats included, read with the address guard", async () => {
    const { db, berlin, system } = await setup();
    const feed = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Test//EN",
      "BEGIN:VTIMEZONE",
      "TZID:Europe/Berlin",
      "BEGIN:STANDARD",
      "DTSTART:19701025T030000",
      "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
      "TZOFFSETFROM:+0200",
      "TZOFFSETTO:+0100",
      "END:STANDARD",
      "BEGIN:DAYLIGHT",
      "DTSTART:19700329T020000",
      "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
      "TZOFFSETFROM:+0100",
      "TZOFFSETTO:+0200",
      "END:DAYLIGHT",
      "END:VTIMEZONE",
      "BEGIN:VEVENT",
      "UID:standup@test",
      "DTSTAMP:20260301T000000Z",
      "DTSTART;TZID=Europe/Berlin:20260302T100000",
      "DTEND;TZID=Europe/Berlin:20260302T110000",
      "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
      "SUMMARY:Standup",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:free@test",
      "DTSTAMP:20260301T000000Z",
      "DTSTART:20260317T130000Z",
      "DTEND:20260317T140000Z",
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/calendar" });
      response.end(feed);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar.ics`;
      await setAvailability(db, availability(berlin.id, { calendarUrl: address }), system);
      // Without the private-address allowance (production), loopback is refused and nothing is blocked.
      const refused = await refreshStaffCalendar(db, berlin.id, { allowPrivate: false, nowMs: NOW });
      expect(refused.ok).toBe(false);
      expect((await listOpenSlots(db, null, { nowMs: NOW })).starts).toContain(at("2026-03-17T09:00:00Z"));
      // Too large an answer is refused too.
      expect((await refreshStaffCalendar(db, berlin.id, { allowPrivate: true, nowMs: NOW, maxBytes: 100 })).ok).toBe(
        false,
      );

      expect(await refreshStaffCalendar(db, berlin.id, { allowPrivate: true, nowMs: NOW })).toMatchObject({ ok: true });
      const { starts } = await listOpenSlots(db, null, { nowMs: NOW });
      // 10:00-11:00 Berlin every weekday: 09:00 and 09:30 UTC this week (winter time)…
      expect(starts).not.toContain(at("2026-03-17T09:00:00Z"));
      expect(starts).not.toContain(at("2026-03-17T09:30:00Z"));
      expect(starts).toContain(at("2026-03-17T10:00:00Z"));
      // …and 08:00 UTC after Berlin moves its clocks.
      expect(starts).not.toContain(at("2026-03-31T08:00:00Z"));
      expect(starts).toContain(at("2026-03-31T09:00:00Z"));
      // A free (transparent) event blocks nothing.
      expect(starts).toContain(at("2026-03-17T13:00:00Z"));
      const booked = await callForNewLead(db, "visitor@example.com", "2026-03-18T09:00:00Z");
      expect(booked.ok).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
