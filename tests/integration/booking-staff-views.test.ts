import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { agendaCalls, agendaWindow, leadCallTimeline, upcomingCalls } from "~/server/bookings/agenda.server";
import { availabilityForm } from "~/server/bookings/availability.server";
import { bookingEnquiry, bookingStaffName } from "~/server/bookings/booking-pages.server";
import { bookCall, cancelBooking, rescheduleBooking, setBookingOutcome } from "~/server/bookings/bookings.server";
import {
  bookingFeedCalendar,
  createBookingFeed,
  feedPath,
  hasBookingFeed,
  revokeBookingFeed,
} from "~/server/bookings/staff-feed.server";
import type { Database } from "~/server/db/schema.server";
import { captureLead } from "~/server/leads/capture.server";
import { queueFollowUpDigests } from "~/server/leads/follow-ups.server";
import { createStaffUser } from "~/server/users/staff-users.server";
import { staffWhoTakesCalls } from "../support/bookings";
import { databasePerTest, dialects } from "../support/databases";

const secret = "test-secret-0123456789abcdef0123456789";
const BASE_URL = "https://agency.example";
const at = (iso: string) => Date.parse(iso);
/** Monday 16 March 2026, 06:00 UTC. */
const NOW = at("2026-03-16T06:00:00Z");
const context = (nowMs = NOW) => ({ baseUrl: BASE_URL, secret, nowMs });
const system = { id: null, email: "test" };

/** The VEVENTs of a feed, read by ical.js. */
function feedEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      status: component.getFirstPropertyValue("status"),
    };
  });
}

describe.each(dialects)("a staff member's calls on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  async function setup() {
    const { db } = await freshDatabase();
    const bea = await staffWhoTakesCalls(db);
    return { db, bea, beaActor: { id: bea.id, email: "bea@agency.example" } };
  }

  async function newLead(db: Database, name: string, email: string) {
    const saved = await captureLead(db, {
      flow: "contact",
      input: { name, email, country: "us", industry: "saas" } as never,
      attribution: {
        pageUrl: "https://agency.example/",
        landingPath: "/",
        referrer: null,
        userAgent: "UA",
        browserInfo: null,
      },
      mail: { baseUrl: BASE_URL, notifyEmails: [] },
    });
    return saved.leadId;
  }

  async function book(db: Database, leadId: string, iso: string) {
    const booked = await bookCall(db, { leadId, startMs: at(iso), visitorTimeZone: "America/New_York" }, context());
    if (!booked.ok) throw new Error(`not booked at ${iso}`);
    return booked.bookingId;
  }

  it("puts every booking, move, cancellation and outcome on the lead's timeline, in the agency's zone, with a link to its day", async () => {
    const { db, beaActor } = await setup();
    const leadId = await newLead(db, "Vera Visitor", "vera@example.com");
    expect(await leadCallTimeline(db, leadId, "Europe/Berlin")).toEqual([]);
    const first = await book(db, leadId, "2026-03-17T08:00:00Z");
    await rescheduleBooking(db, { bookingId: first, startMs: at("2026-03-18T13:00:00Z") }, context());
    await cancelBooking(db, { bookingId: first, actor: beaActor }, context());
    const second = await book(db, leadId, "2026-03-19T09:00:00Z");
    await setBookingOutcome(db, second, "no_show", beaActor, at("2026-03-19T10:00:00Z"));

    const timeline = await leadCallTimeline(db, leadId, "Europe/Berlin");
    expect(
      timeline.map(({ kind, callTime, movedFrom, callDay, actorEmail, staffName }) => ({
        kind,
        callTime,
        movedFrom,
        callDay,
        actorEmail,
        staffName,
      })),
    ).toEqual([
      {
        kind: "no_show",
        callTime: "Mar 19, 2026, 10:00 AM GMT+1",
        movedFrom: null,
        callDay: "2026-03-19",
        actorEmail: "bea@agency.example",
        staffName: "Bea",
      },
      {
        kind: "booked",
        callTime: "Mar 19, 2026, 10:00 AM GMT+1",
        movedFrom: null,
        callDay: "2026-03-19",
        actorEmail: null,
        staffName: "Bea",
      },
      {
        kind: "cancelled",
        callTime: "Mar 18, 2026, 2:00 PM GMT+1",
        movedFrom: null,
        callDay: "2026-03-18",
        actorEmail: "bea@agency.example",
        staffName: "Bea",
      },
      {
        kind: "rescheduled",
        callTime: "Mar 18, 2026, 2:00 PM GMT+1",
        movedFrom: "Mar 17, 2026, 9:00 AM GMT+1",
        callDay: "2026-03-18",
        actorEmail: null,
        staffName: "Bea",
      },
      {
        kind: "booked",
        callTime: "Mar 17, 2026, 9:00 AM GMT+1",
        movedFrom: null,
        callDay: "2026-03-17",
        actorEmail: null,
        staffName: "Bea",
      },
    ]);
    // Another lead's calls are not on this one's timeline.
    const other = await newLead(db, "Otto Other", "otto@example.com");
    await book(db, other, "2026-03-20T09:00:00Z");
    expect(await leadCallTimeline(db, leadId, "Europe/Berlin")).toHaveLength(5);
  });

  it("shows the agenda of a day or a week from midnight in the agency's zone, each call with its day, state and filters", async () => {
    // The day of the clock change is 23 hours long: the window ends at the next midnight, not 24 hours on.
    expect(agendaWindow("Europe/Berlin", "2026-03-29", "day")).toEqual({
      fromIso: "2026-03-28T23:00:00.000Z",
      toIso: "2026-03-29T22:00:00.000Z",
    });
    expect(agendaWindow("Europe/Berlin", "2026-03-26", "week").toIso).toBe("2026-04-01T22:00:00.000Z");

    const { db, bea, beaActor } = await setup();
    const vera = await newLead(db, "Vera Visitor", "vera@example.com");
    const otto = await newLead(db, "Otto Other", "otto@example.com");
    const midnight = await book(db, vera, "2026-03-16T23:00:00Z"); // 00:00 on the 17th in Berlin
    const lastOfDay = await book(db, otto, "2026-03-17T22:30:00Z"); // 23:30 on the 17th in Berlin
    const nextDay = await book(db, await newLead(db, "Nina Next", "nina@example.com"), "2026-03-17T23:00:00Z");
    await cancelBooking(db, { bookingId: lastOfDay, actor: beaActor }, context());
    const query = { timeZone: "Europe/Berlin", date: "2026-03-17", staffId: null, status: null };

    const day = await agendaCalls(db, { ...query, view: "day" }, at("2026-03-17T00:10:00Z"));
    expect(day.map(({ id, day, when, live, started }) => ({ id, day, when, live, started }))).toEqual([
      { id: midnight, day: "2026-03-17", when: "Mar 17, 2026, 12:00 AM GMT+1", live: true, started: true },
      { id: lastOfDay, day: "2026-03-17", when: "Mar 17, 2026, 11:30 PM GMT+1", live: false, started: false },
    ]);
    const week = await agendaCalls(db, { ...query, view: "week" });
    expect(week.map((call) => call.id)).toEqual([midnight, lastOfDay, nextDay]);
    expect(week[2]?.day).toBe("2026-03-18");
    const cancelledOnly = await agendaCalls(db, { ...query, view: "week", status: "cancelled" });
    expect(cancelledOnly.map((call) => call.id)).toEqual([lastOfDay]);
    const sam = await staffWhoTakesCalls(db, "sam@agency.example");
    expect(await agendaCalls(db, { ...query, view: "week", staffId: sam.id })).toEqual([]);
    expect(await agendaCalls(db, { ...query, view: "week", staffId: bea.id })).toHaveLength(3);

    // The hours form shows the ranges as lines to edit, and of the calendar only whether one is set.
    expect(await availabilityForm(db, bea.id)).toMatchObject({
      weeklyText: "mon-sun 00:00-24:00",
      timeZone: "Europe/Berlin",
      meetingDetail: "https://meet.example/{booking}",
      hasCalendar: false,
      calendarError: null,
    });
  });

  it("reads the enquiry a booking link names: a lead as saved, a returning person's enquiry as that visitor typed it", async () => {
    const { db, bea } = await setup();
    const first = await newLead(db, "Vera Visitor", "vera@example.com");
    const again = await newLead(db, "Someone Else", "VERA@example.com");
    expect(again).not.toBe(first);
    expect(await bookingEnquiry(db, first)).toMatchObject({
      id: first,
      name: "Vera Visitor",
      email: "vera@example.com",
      visitor: null,
    });
    // The page of the second enquiry shows what its sender typed, never the lead's own name.
    expect(await bookingEnquiry(db, again)).toMatchObject({
      id: first,
      name: "Someone Else",
      email: "VERA@example.com",
      visitor: { name: "Someone Else", email: "VERA@example.com" },
    });
    expect(await bookingEnquiry(db, "no-such-enquiry")).toBeNull();
    // A name that is only the address's local part ("Bea" of bea@…) reads as the agency, as no name does.
    expect(await bookingStaffName(db, bea.id)).toBeNull();
    const sam = await createStaffUser(
      db,
      { email: "sam@agency.example", password: "sam-pass-24680", role: "sales", name: "Sam Jones" },
      system,
    );
    expect(await bookingStaffName(db, sam.id)).toBe("Sam Jones");
  });

  it("lists the staff member's next live calls, soonest first, and says when there are more", async () => {
    const { db, bea } = await setup();
    expect(await upcomingCalls(db, bea.id, "Europe/Berlin", { nowMs: NOW })).toEqual({ calls: [], more: false });
    const vera = await newLead(db, "Vera Visitor", "vera@example.com");
    const otto = await newLead(db, "Otto Other", "otto@example.com");
    const cancelled = await book(db, vera, "2026-03-16T12:00:00Z");
    await cancelBooking(db, { bookingId: cancelled }, context());
    const later = await book(db, otto, "2026-03-18T09:00:00Z");
    const sooner = await book(db, vera, "2026-03-17T08:00:00Z");

    const { calls, more } = await upcomingCalls(db, bea.id, "Europe/Berlin", { nowMs: NOW });
    expect(more).toBe(false);
    expect(calls).toEqual([
      {
        id: sooner,
        leadId: vera,
        visitorName: "Vera Visitor",
        startsAt: "2026-03-17T08:00:00.000Z",
        when: "Mar 17, 2026, 9:00 AM GMT+1",
        place: `Video call: https://meet.example/${sooner}`,
      },
      expect.objectContaining({ id: later, visitorName: "Otto Other" }),
    ]);
    expect(await upcomingCalls(db, bea.id, "Europe/Berlin", { nowMs: NOW, limit: 1 })).toMatchObject({
      calls: [{ id: sooner }],
      more: true,
    });
    // A call under way is still upcoming; one that ended is not.
    expect(
      (await upcomingCalls(db, bea.id, "UTC", { nowMs: at("2026-03-17T08:15:00Z") })).calls.map((call) => call.id),
    ).toEqual([sooner, later]);
    expect(
      (await upcomingCalls(db, bea.id, "UTC", { nowMs: at("2026-03-17T08:30:00Z") })).calls.map((call) => call.id),
    ).toEqual([later]);
  });

  it("lists the next day's calls in the daily digest, also to someone with no follow-ups due", async () => {
    const { db } = await setup();
    const vera = await newLead(db, "Vera Visitor", "vera@example.com");
    const bookingId = await book(db, vera, "2026-03-17T08:00:00Z");
    // A lead holds one upcoming call: Thursday's is another visitor's.
    await book(db, await newLead(db, "Wes Visitor", "wes@example.com"), "2026-03-19T08:00:00Z");
    const digests = () =>
      db
        .selectFrom("email_outbox")
        .select(["subject", "text_body"])
        .where("kind", "=", "follow_up_digest")
        .where("to_address", "=", "bea@agency.example")
        .execute();
    // 07:30 in Berlin on Tuesday 17 March: the 09:00 call is today; Thursday's is not in the next 24 hours.
    const morning = at("2026-03-17T06:30:00Z");
    expect(await queueFollowUpDigests(db, { timeZone: "Europe/Berlin", baseUrl: BASE_URL, nowMs: morning })).toBe(1);
    const [digest] = await digests();
    expect(digest?.subject).toBe("Calls for 2026-03-17: 1 call");
    expect(digest?.text_body).toContain("Your calls in the next 24 hours (Europe/Berlin):");
    expect(digest?.text_body).toContain(
      `- Mar 17, 2026, 9:00 AM GMT+1: Vera Visitor, Video call: https://meet.example/${bookingId}`,
    );
    expect(digest?.text_body).toContain(`${BASE_URL}/admin/leads/${vera}`);
    expect(digest?.text_body).not.toContain("Mar 19");
    expect(digest?.text_body).not.toContain("follow-ups due");
    // Once a day.
    expect(
      await queueFollowUpDigests(db, { timeZone: "Europe/Berlin", baseUrl: BASE_URL, nowMs: morning + 60_000 }),
    ).toBe(0);
  });

  it("serves a personal feed of the staff member's calls by a secret token: cancelled calls marked, stored only hashed, revocable", async () => {
    const { db, bea, beaActor } = await setup();
    const vera = await newLead(db, "Vera Visitor", "vera@example.com");
    const kept = await book(db, vera, "2026-03-17T08:00:00Z");
    const cancelled = await book(db, await newLead(db, "Wes Visitor", "wes@example.com"), "2026-03-18T08:00:00Z");
    await cancelBooking(db, { bookingId: cancelled }, context());
    // Someone else's call is not in Bea's feed.
    const sam = await createStaffUser(
      db,
      { email: "sam@agency.example", password: "staff-pass-1357", role: "sales", name: "Sam" },
      system,
    );
    await db
      .updateTable("bookings")
      .set({ staff_id: sam.id })
      .where("id", "=", await book(db, await newLead(db, "Otto Other", "otto@example.com"), "2026-03-19T08:00:00Z"))
      .execute();

    expect(await hasBookingFeed(db, bea.id)).toBe(false);
    const token = await createBookingFeed(db, bea.id, beaActor);
    expect(feedPath(token)).toBe(`/calendar/bookings/${token}.ics`);
    expect(await hasBookingFeed(db, bea.id)).toBe(true);
    const stored = await db
      .selectFrom("staff_availability")
      .select("feed_token")
      .where("user_id", "=", bea.id)
      .executeTakeFirstOrThrow();
    expect(stored.feed_token).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.feed_token).not.toContain(token);

    const feed = await bookingFeedCalendar(db, token, { baseUrl: BASE_URL, nowMs: NOW });
    expect(feedEvents(feed ?? "")).toEqual([
      {
        uid: `${kept}@agency.example`,
        start: "2026-03-17T08:00:00.000Z",
        end: "2026-03-17T08:30:00.000Z",
        summary: "Strategy call: Vera Visitor",
        status: "CONFIRMED",
      },
      {
        uid: `${cancelled}@agency.example`,
        start: "2026-03-18T08:00:00.000Z",
        end: "2026-03-18T08:30:00.000Z",
        summary: "Strategy call: Wes Visitor",
        status: "CANCELLED",
      },
    ]);
    // One character off is another token.
    const otherToken = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await bookingFeedCalendar(db, otherToken, { baseUrl: BASE_URL })).toBeNull();

    // A new address replaces the old one; revoking ends the new one too.
    const replacement = await createBookingFeed(db, bea.id, beaActor);
    expect(await bookingFeedCalendar(db, token, { baseUrl: BASE_URL })).toBeNull();
    expect(await bookingFeedCalendar(db, replacement, { baseUrl: BASE_URL })).not.toBeNull();
    await revokeBookingFeed(db, bea.id, beaActor);
    expect(await bookingFeedCalendar(db, replacement, { baseUrl: BASE_URL })).toBeNull();
    expect(await hasBookingFeed(db, bea.id)).toBe(false);

    // Someone who never set hours gets a feed too (and still takes no calls).
    const samToken = await createBookingFeed(db, sam.id, { id: sam.id, email: "sam@agency.example" });
    expect(feedEvents((await bookingFeedCalendar(db, samToken, { baseUrl: BASE_URL, nowMs: NOW })) ?? "")).toHaveLength(
      1,
    );
    // Someone who leaves (disabled, or no longer admin or sales) takes their feed with them.
    await db.updateTable("user").set({ disabled: true }).where("id", "=", sam.id).execute();
    expect(await bookingFeedCalendar(db, samToken, { baseUrl: BASE_URL, nowMs: NOW })).toBeNull();
    const actions = await db
      .selectFrom("audit_logs")
      .select("action")
      .where("action", "like", "availability.feed%")
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      "availability.feed_create",
      "availability.feed_create",
      "availability.feed_revoke",
      "availability.feed_create",
    ]);
  });
});
