import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { bookCall } from "~/server/bookings/bookings.server";
import { bookingFeedCalendar, createBookingFeed } from "~/server/bookings/staff-feed.server";
import { captureLead } from "~/server/leads/capture.server";
import { staffWhoTakesCalls, WEEKDAYS } from "../support/bookings";
import { databasePerTest, dialects } from "../support/databases";

const at = (iso: string) => Date.parse(iso);
const NOW = at("2026-03-16T06:00:00Z");
const BASE_URL = "https://agency.example";
/** A name with the characters iCalendar escapes and the ones no content line may hold. */
const TYPED_NAME = "Ann, Bee; Co\rATTENDEE:mailto:evil@example.com\u2028X\u2029Y\u0085Z\u0007";
const PLACE = "Room 4, floor 2; ask at the desk";

/** Every line of an iCalendar text: none may hold a line break or another control character. */
function assertCleanLines(text: string) {
  expect(text.endsWith("\r\n")).toBe(true);
  for (const line of text.slice(0, -2).split("\r\n")) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    expect(line, JSON.stringify(line)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  }
}

describe.each(dialects)("calendar text and mail headers of a booking on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("keeps commas, semicolons and a typed name's control characters from breaking invitations, the staff feed and subjects", async () => {
    const { db } = await freshDatabase();
    const bea = await staffWhoTakesCalls(db, "bea@agency.example", {
      name: "Bea, Sales; Lead",
      hours: { ...WEEKDAYS, meetingKind: "office", meetingDetail: PLACE },
    });
    const { leadId } = await captureLead(db, {
      flow: "contact",
      input: { name: TYPED_NAME, email: "ann@example.com", country: "us", industry: "saas" } as never,
      attribution: { pageUrl: `${BASE_URL}/`, landingPath: "/", referrer: null, userAgent: "UA", browserInfo: null },
      mail: { baseUrl: BASE_URL, notifyEmails: [] },
    });
    const booked = await bookCall(
      db,
      { leadId, startMs: at("2026-03-17T09:00:00Z"), visitorTimeZone: "Europe/Berlin" },
      { baseUrl: BASE_URL, secret: "test-secret-0123456789abcdef0123456789", nowMs: NOW },
    );
    if (!booked.ok) throw new Error("not booked");
    const mails = await db
      .selectFrom("email_outbox")
      .select(["to_address", "subject", "calendar"])
      .where("booking_id", "=", booked.bookingId)
      .where("kind", "=", "booking_invitation")
      .execute();
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
      expect(mail.subject).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      const text = mail.calendar ?? "";
      assertCleanLines(text);
      const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent") ?? undefined);
      // The name reads back whole, its commas and semicolons included, on one line.
      expect(event.summary).toBe(
        "Free strategy call: ScaleLeap and Ann, Bee; Co ATTENDEE:mailto:evil@example.com X Y Z",
      );
      expect(event.location).toBe(`At the office: ${PLACE}`);
      expect(event.attendees.map((attendee) => String(attendee.getFirstValue()))).toEqual(["mailto:ann@example.com"]);
      expect(event.organizer).toBe("mailto:bea@agency.example");
      expect(event.component.getFirstProperty("organizer")?.getParameter("cn")).toBe("Bea, Sales; Lead");
    }

    const token = await createBookingFeed(db, bea.id, { id: bea.id, email: "bea@agency.example" });
    const feed = (await bookingFeedCalendar(db, token, { baseUrl: BASE_URL, nowMs: NOW })) ?? "";
    assertCleanLines(feed);
    const calendar = new ICAL.Component(ICAL.parse(feed));
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("ScaleLeap calls: Bea\\, Sales\\; Lead");
    const [event] = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
    expect(event?.summary).toBe("Strategy call: Ann, Bee; Co ATTENDEE:mailto:evil@example.com X Y Z");
    expect(event?.location).toBe(`At the office: ${PLACE}`);
    expect(event?.description.split("\n")).toEqual([
      `At the office: ${PLACE}`,
      "ann@example.com",
      `Lead: ${BASE_URL}/admin/leads/${leadId}`,
    ]);
  });
});
