import { describe, expect, it } from "vitest";
import { dayIn } from "~/lib/time-zone";
import { pickerOf } from "~/routes/site/book.server";
import { readLink } from "~/server/bookings/booking-links.server";
import { bookCall, cancelBooking, rescheduleBooking } from "~/server/bookings/bookings.server";
import { listOpenSlots } from "~/server/bookings/open-slots.server";
import type { Database } from "~/server/db/schema.server";
import { erasePersonalData } from "~/server/leads/gdpr.server";
import { staffWhoTakesCalls, visitorLead, WEEKDAYS } from "../support/bookings";
import { databasePerTest, dialects } from "../support/databases";

const secret = "test-secret-0123456789abcdef0123456789";
const at = (iso: string) => Date.parse(iso);
/** Monday 16 March 2026, 06:00 UTC. */
const NOW = at("2026-03-16T06:00:00Z");
const context = (nowMs = NOW) => ({ baseUrl: "https://agency.example", secret, nowMs });
const tokenOf = (link: string) => new URL(link).searchParams.get("token");

describe.each(dialects)("the rules a visitor's booking keeps on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  async function setup(given: Record<string, string> = {}) {
    const { db } = await freshDatabase();
    await staffWhoTakesCalls(db, "bea@agency.example", { hours: { ...WEEKDAYS, ...given } });
    return db;
  }

  const newLead = (db: Database, email: string) => visitorLead(db, email);

  const liveCalls = (db: Database) =>
    db
      .selectFrom("bookings")
      .select(["lead_id", "starts_at"])
      .where("status", "in", ["booked", "rescheduled"])
      .execute();

  it("leaves one call of 40 bookings sent at once from one enquiry; the others get that call's links", async () => {
    const db = await setup();
    const leadId = await newLead(db, "forty@example.com");
    const { starts } = await listOpenSlots(db, null, { nowMs: NOW });
    const outcomes = await Promise.all(
      starts.slice(0, 40).map((startMs) => bookCall(db, { leadId, startMs, visitorTimeZone: "UTC" }, context())),
    );
    expect(outcomes.filter((outcome) => outcome.ok === true)).toHaveLength(1);
    expect(await liveCalls(db)).toHaveLength(1);
    const booked = outcomes.find((outcome) => outcome.ok === true);
    if (!booked) throw new Error("nothing was booked");
    const refused = outcomes.filter((outcome) => outcome.ok === false);
    expect(refused).toHaveLength(39);
    for (const each of refused)
      expect(readLink(secret, tokenOf(each.existing?.view ?? "http://x/"), "view", NOW)?.id).toBe(booked.bookingId);
    // Once that call is cancelled, the enquiry may book again.
    await cancelBooking(db, { bookingId: booked.bookingId }, context());
    expect((await bookCall(db, { leadId, startMs: starts[45] as number, visitorTimeZone: "UTC" }, context())).ok).toBe(
      true,
    );
  });

  it("keeps to the daily maximum when many visitors book that day at once", async () => {
    const db = await setup({ maxPerDay: "2" });
    const day = (await listOpenSlots(db, null, { nowMs: NOW })).starts.filter((start) =>
      new Date(start).toISOString().startsWith("2026-03-18"),
    );
    expect(day.length).toBeGreaterThan(8);
    const leads = await Promise.all(day.slice(0, 8).map((_, index) => newLead(db, `day${index}@example.com`)));
    const outcomes = await Promise.all(
      leads.map((leadId, index) =>
        bookCall(db, { leadId, startMs: day[index] as number, visitorTimeZone: "UTC" }, context()),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(2);
    expect(await liveCalls(db)).toHaveLength(2);
  });

  it("frees a cancelled call's time, and an erased visitor's, for the next visitor to book", async () => {
    const db = await setup();
    const startMs = at("2026-03-17T09:00:00Z");
    const first = await bookCall(
      db,
      { leadId: await newLead(db, "first@example.com"), startMs, visitorTimeZone: "UTC" },
      context(),
    );
    if (!first.ok) throw new Error("the first booking failed");
    const second = await newLead(db, "second@example.com");
    expect((await bookCall(db, { leadId: second, startMs, visitorTimeZone: "UTC" }, context())).ok).toBe(false);
    await cancelBooking(db, { bookingId: first.bookingId }, context());
    const rebooked = await bookCall(db, { leadId: second, startMs, visitorTimeZone: "UTC" }, context());
    expect(rebooked.ok).toBe(true);

    await erasePersonalData(db, "second@example.com", null, secret);
    const third = await bookCall(
      db,
      { leadId: await newLead(db, "third@example.com"), startMs, visitorTimeZone: "UTC" },
      context(),
    );
    expect(third.ok).toBe(true);
  });

  it("refuses a time that has gone by as past, not as taken", async () => {
    const db = await setup();
    const leadId = await newLead(db, "late@example.com");
    await expect(
      bookCall(db, { leadId, startMs: at("2026-03-16T05:00:00Z"), visitorTimeZone: "UTC" }, context()),
    ).rejects.toThrow("That time has already passed");
  });

  it("lets a link work until it expires, and not after", async () => {
    const db = await setup();
    const booked = await bookCall(
      db,
      { leadId: await newLead(db, "links@example.com"), startMs: at("2026-03-17T09:00:00Z"), visitorTimeZone: "UTC" },
      context(),
    );
    if (!booked.ok) throw new Error("booking failed");
    const endMs = at("2026-03-17T09:30:00Z");
    const reschedule = tokenOf(booked.links.reschedule);
    expect(readLink(secret, reschedule, "reschedule", endMs - 1)?.id).toBe(booked.bookingId);
    expect(readLink(secret, reschedule, "reschedule", endMs)).toBeNull();
    const view = tokenOf(booked.links.view);
    expect(readLink(secret, view, "view", endMs + 7 * 86_400_000 - 1)?.id).toBe(booked.bookingId);
    expect(readLink(secret, view, "view", endMs + 7 * 86_400_000)).toBeNull();
    // A moved call's old time is free again and its new one held.
    const moved = await rescheduleBooking(
      db,
      { bookingId: booked.bookingId, startMs: at("2026-03-17T10:00:00Z") },
      context(),
    );
    expect(moved.ok).toBe(true);
  });

  it("offers on each day the visitor picks only that day's times in their zone, every one of them", async () => {
    const db = await setup({ weekly: "mon-sun 00:00-24:00" });
    const { starts } = await listOpenSlots(db, null, { nowMs: NOW });
    for (const zone of ["Pacific/Kiritimati", "America/Los_Angeles", "Asia/Kolkata"]) {
      const days = pickerOf(starts, zone, null).days;
      let shown = 0;
      for (const { day, count } of days) {
        const { times } = pickerOf(starts, zone, day);
        expect(times.length).toBe(count);
        for (const time of times) expect(dayIn(zone, Date.parse(time.value)), `${zone} ${day}`).toBe(day);
        shown += times.length;
      }
      expect(shown).toBe(starts.length);
    }
  });
});
