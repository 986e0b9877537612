import { describe, expect, it } from "vitest";
import { bookingRequestSchema, timeZoneChoices } from "~/lib/schemas/booking";
import { cachedTimeZoneCount, canonicalTimeZone, dayIn, timeZoneNames, zonedToUtc } from "~/lib/time-zone";

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
