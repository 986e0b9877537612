import { describe, expect, it } from "vitest";
import { BUSY_CALENDAR_LIMITS, parseBusyCalendar } from "~/server/bookings/busy-calendar-parser.server";

const at = (iso: string) => Date.parse(iso);
/** Mid-March 2026, the window a refresh asks for: a day back, three weeks ahead. */
const window = { fromMs: at("2026-03-15T00:00:00Z"), toMs: at("2026-04-05T00:00:00Z"), timeZone: "Europe/Berlin" };

function calendar(...events: string[][]) {
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...events.flat(), "END:VCALENDAR"].join("\r\n");
}
function event(uid: string, ...lines: string[]) {
  return ["BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20260301T000000Z", ...lines, "END:VEVENT"];
}
const iso = (spans: { startMs: number; endMs: number }[]) =>
  spans.map((span) => `${new Date(span.startMs).toISOString()}/${new Date(span.endMs).toISOString()}`).sort();

describe("reading a staff member's busy calendar", () => {
  it("blocks this week's times of a weekly meeting that began years before the window", async () => {
    const spans = await parseBusyCalendar(
      calendar(
        event("weekly@test", "DTSTART:20150105T140000Z", "DTEND:20150105T150000Z", "RRULE:FREQ=WEEKLY;BYDAY=MO"),
        event("daily@test", "DTSTART:19900101T080000Z", "DTEND:19900101T081500Z", "RRULE:FREQ=DAILY;INTERVAL=3"),
      ),
      window,
    );
    const shown = iso(spans);
    expect(shown).toContain("2026-03-16T14:00:00.000Z/2026-03-16T15:00:00.000Z");
    expect(shown).toContain("2026-03-30T14:00:00.000Z/2026-03-30T15:00:00.000Z");
    // Every third day from 1 January 1990 keeps its phase: 16 March 2026 is day 13,228 (a multiple of 3 plus 1).
    const daily = shown.filter((span) => span.includes("T08:00:00.000Z"));
    expect(daily.length).toBeGreaterThanOrEqual(6);
    const dayNumber = (text: string) =>
      Math.round((Date.parse(text.slice(0, 24)) - at("1990-01-01T08:00:00Z")) / 86_400_000);
    for (const span of daily) expect(dayNumber(span) % 3).toBe(0);
  });

  it("relates changed occurrences to their own event, frees cancelled ones and blocks moved ones at their new time", async () => {
    const spans = await parseBusyCalendar(
      calendar(
        event("a@test", "DTSTART:20260302T090000Z", "DTEND:20260302T100000Z", "RRULE:FREQ=DAILY"),
        // b's change at 17 March 09:00 is not a's: a stays busy then.
        event("b@test", "DTSTART:20260302T120000Z", "DTEND:20260302T130000Z", "RRULE:FREQ=DAILY"),
        event("b@test", "RECURRENCE-ID:20260317T090000Z", "DTSTART:20260317T090000Z", "DTEND:20260317T093000Z"),
        // a's occurrence on the 18th is cancelled; the one on the 19th moves to 16:00.
        event(
          "a@test",
          "RECURRENCE-ID:20260318T090000Z",
          "DTSTART:20260318T090000Z",
          "DTEND:20260318T100000Z",
          "STATUS:CANCELLED",
        ),
        event("a@test", "RECURRENCE-ID:20260319T090000Z", "DTSTART:20260319T160000Z", "DTEND:20260319T170000Z"),
      ),
      window,
    );
    const shown = iso(spans);
    expect(shown).toContain("2026-03-17T09:00:00.000Z/2026-03-17T10:00:00.000Z");
    expect(shown.filter((span) => span.startsWith("2026-03-18T09"))).toEqual([]);
    expect(shown.filter((span) => span.startsWith("2026-03-19T09"))).toEqual([]);
    expect(shown).toContain("2026-03-19T16:00:00.000Z/2026-03-19T17:00:00.000Z");
    expect(shown).toContain("2026-03-20T09:00:00.000Z/2026-03-20T10:00:00.000Z");
  });

  it("reads all-day and floating events in the staff member's zone", async () => {
    const text = calendar(
      event("holiday@test", "DTSTART;VALUE=DATE:20260320", "DTEND;VALUE=DATE:20260321"),
      event("floating@test", "DTSTART:20260323T100000", "DTEND:20260323T110000"),
    );
    const berlin = iso(await parseBusyCalendar(text, window));
    expect(berlin).toContain("2026-03-19T23:00:00.000Z/2026-03-20T23:00:00.000Z");
    expect(berlin).toContain("2026-03-23T09:00:00.000Z/2026-03-23T10:00:00.000Z");
    const kolkata = iso(await parseBusyCalendar(text, { ...window, timeZone: "Asia/Kolkata" }));
    expect(kolkata).toContain("2026-03-19T18:30:00.000Z/2026-03-20T18:30:00.000Z");
    expect(kolkata).toContain("2026-03-23T04:30:00.000Z/2026-03-23T05:30:00.000Z");
  });

  // Workers start and parse slowly on a busy machine: these wait for them longer than unit tests usually do.
  it("refuses, with a reason, a rule that repeats every second, too many changed occurrences and text that is no calendar", async () => {
    const everySecond = calendar(
      event(
        "hostile@test",
        "DTSTART:19700101T000000Z",
        "DTEND:19700101T000001Z",
        "RRULE:FREQ=SECONDLY;COUNT=2000000000",
      ),
    );
    await expect(parseBusyCalendar(everySecond, window, { ...BUSY_CALENDAR_LIMITS, steps: 20_000 })).rejects.toThrow(
      "A repeating event in the calendar repeats too often to read.",
    );
    const changes = Array.from({ length: 50 }, (_, index) =>
      event(
        "a@test",
        `RECURRENCE-ID:202603${String(10 + (index % 18)).padStart(2, "0")}T0${index % 10}0000Z`,
        "DTSTART:20260320T090000Z",
        "DTEND:20260320T100000Z",
      ),
    );
    await expect(
      parseBusyCalendar(calendar(...changes), window, { ...BUSY_CALENDAR_LIMITS, exceptions: 20 }),
    ).rejects.toThrow("The calendar holds more than 20 changed occurrences.");
    await expect(parseBusyCalendar("<html>not a calendar</html>", window)).rejects.toThrow(
      /^The calendar could not be read/,
    );
  }, 180_000);

  it("stops a parse that runs out of time and one that runs out of memory, with the reason", async () => {
    // About 2 MB: what the address may answer at most.
    const big = calendar(
      ...Array.from({ length: 4000 }, (_, index) =>
        event(`e${index}@test`, "DTSTART:20260320T090000Z", "DTEND:20260320T100000Z", `SUMMARY:${"x".repeat(400)}`),
      ),
    );
    await expect(parseBusyCalendar(big, window, { ...BUSY_CALENDAR_LIMITS, timeoutMs: 1 })).rejects.toThrow(
      "Reading the calendar took longer than 0.001 s.",
    );
    await expect(parseBusyCalendar(big, window, { ...BUSY_CALENDAR_LIMITS, memoryMb: 16 })).rejects.toThrow(
      "Reading the calendar needed more than 16 MB of memory.",
    );
    // With the real limits the same calendar is read.
    expect(await parseBusyCalendar(big, window, { ...BUSY_CALENDAR_LIMITS, timeoutMs: 120_000 })).toHaveLength(4000);
  }, 180_000);
});
