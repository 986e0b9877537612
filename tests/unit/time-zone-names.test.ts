import { describe, expect, it } from "vitest";
import { bookingRequestSchema, timeZoneChoices } from "~/lib/schemas/booking";
import { cachedTimeZoneCount, canonicalTimeZone, dayIn, timeZoneNames, zonedToUtc } from "~/lib/time-zone";
import { pickerOf } from "~/routes/site/book.server";

describe("time zone names", () => {
  it("lists and keeps zones by their current names, whatever spelling was given", () => {
    const names = timeZoneNames();
    for (const current of ["Asia/Kolkata", "Asia/Kathmandu", "Europe/Kyiv", "UTC"]) expect(names).toContain(current);
    for (const old of ["Asia/Calcutta", "Asia/Katmandu", "Europe/Kiev"]) expect(names).not.toContain(old);
    expect(names[0]).toBe("UTC");
    expect(timeZoneChoices()).toEqual(names);
    const spellings: [string, string | null][] = [
      ["Asia/Kolkata", "Asia/Kolkata"],
      ["asia/kolkata", "Asia/Kolkata"],
      ["Asia/Calcutta", "Asia/Kolkata"],
      ["ASIA/KATMANDU", "Asia/Kathmandu"],
      ["Europe/Kiev", "Europe/Kyiv"],
      ["europe/berlin", "Europe/Berlin"],
      ["Etc/UTC", "UTC"],
      ["Mars/Olympus", null],
      ["+05:30", null],
      ["Europe/Berlin\r\n", null],
      ["", null],
    ];
    for (const [given, expected] of spellings) expect(canonicalTimeZone(given), given).toBe(expected);
    const parsed = bookingRequestSchema.safeParse({ start: "2026-03-17T09:00:00Z", timeZone: "asia/calcutta" });
    expect(parsed.success && parsed.data.timeZone).toBe("Asia/Kolkata");
  });

  it("keeps one cache entry per zone however many spellings of it are used", () => {
    const zones = timeZoneNames()
      .filter((name) => name.includes("/"))
      .slice(0, 30);
    const spellings = zones.flatMap((zone) => {
      const swapped = [...zone].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join("");
      const alternating = [...zone].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join("");
      return [zone, zone.toLowerCase(), zone.toUpperCase(), swapped, alternating].concat(
        [1, 2, 3, 4, 5].map((n) => [...zone].map((c, i) => (i % (n + 1) ? c : c.toUpperCase())).join("")),
      );
    });
    expect(new Set(spellings).size).toBeGreaterThanOrEqual(260);
    const ms = Date.UTC(2026, 2, 29, 12);
    for (const zone of zones) dayIn(zone, ms);
    const before = cachedTimeZoneCount();
    for (const spelling of spellings) {
      expect(dayIn(spelling, ms)).toBe(dayIn(canonicalTimeZone(spelling) as string, ms));
      zonedToUtc(spelling, 2026, 3, 29, 12);
    }
    expect(cachedTimeZoneCount()).toBe(before);
  });
});

describe("the time a visitor picked", () => {
  it("is refused, with the picker's message, when it is no date of this century", () => {
    for (const start of ["+200000-01-01T00:00:00Z", "-000001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "soon"]) {
      const parsed = bookingRequestSchema.safeParse({ start, timeZone: "UTC" });
      expect(parsed.success, start).toBe(false);
      expect(parsed.error?.issues[0]?.message, start).toBe("Choose a time for the call.");
    }
    expect(bookingRequestSchema.safeParse({ start: "2026-03-17T09:00:00Z", timeZone: "UTC" }).success).toBe(true);
  });
});

describe("times offered across a clock change", () => {
  it("label the hour that comes twice with its offset, and only that hour", () => {
    // New York goes back from 2:00 EDT to 1:00 EST on 1 November 2026.
    const starts = ["2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z", "2026-11-01T08:00:00Z"].map(Date.parse);
    const picker = pickerOf(starts, "America/New_York", null);
    expect(picker.times.map((time) => time.label)).toEqual(["1:30 AM (EDT)", "1:30 AM (EST)", "3:00 AM"]);
    // Berlin's clocks do not change that day: no offsets.
    expect(pickerOf(starts, "Europe/Berlin", null).times.map((time) => time.label)).toEqual([
      "6:30 AM",
      "7:30 AM",
      "9:00 AM",
    ]);
  });
});
