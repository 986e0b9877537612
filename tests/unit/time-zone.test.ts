import { describe, expect, it } from "vitest";
import { dayIn, zonedToUtc } from "~/lib/time-zone";

const MINUTE = 60_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale} ${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    formatters.set(key, made);
  }
  return made;
}

/** The zone's calendar day at an instant, asked of Intl directly every time. */
const intlDay = (timeZone: string, ms: number) =>
  formatter("en-CA", timeZone, { year: "numeric", month: "2-digit", day: "2-digit" }).format(ms);

/** The zone's wall clock at an instant as "YYYY-MM-DD HH:MM", asked of Intl directly. */
const intlWall = (timeZone: string, ms: number) =>
  formatter("sv-SE", timeZone, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(ms);

// Zones whose changes fall on odd instants: Lord Howe moves by half an hour at 02:00 (+10:30 = 15:30 UTC),
// Kathmandu sits at +05:45, Chatham at +12:45/+13:45.
const zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham"];
const nights = [
  ["2026-03-28T00:00:00Z", "2026-03-30T00:00:00Z"],
  ["2026-04-03T12:00:00Z", "2026-04-06T12:00:00Z"],
  ["2026-10-02T12:00:00Z", "2026-10-05T12:00:00Z"],
  ["2026-10-24T00:00:00Z", "2026-10-26T00:00:00Z"],
  ["2026-11-01T00:00:00Z", "2026-11-02T12:00:00Z"],
] as const;

describe("zone arithmetic asked again and again", () => {
  it("names the same calendar day as Intl at every twenty minutes around each switch, twice over", () => {
    for (let round = 0; round < 2; round++) {
      for (const timeZone of zones) {
        for (const [from, to] of nights) {
          for (let ms = Date.parse(from); ms < Date.parse(to); ms += 20 * MINUTE) {
            const seconds = ms + 37_000; // not on a quarter hour
            expect(dayIn(timeZone, seconds), `${timeZone} ${new Date(seconds).toISOString()}`).toBe(
              intlDay(timeZone, seconds),
            );
          }
        }
      }
    }
  });

  it("turns each quarter hour of the wall clock back into an instant that reads that time there", () => {
    const days = [
      [2026, 3, 29],
      [2026, 4, 5],
      [2026, 10, 4],
    ] as const;
    for (let round = 0; round < 2; round++) {
      const misread: string[] = [];
      for (const timeZone of zones) {
        for (const [year, month, day] of days) {
          for (let minute = 0; minute < 24 * 60; minute += 15) {
            const pad = (n: number) => String(n).padStart(2, "0");
            const asked = `${year}-${pad(month)}-${pad(day)} ${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
            if (intlWall(timeZone, zonedToUtc(timeZone, year, month, day, 0, minute)) !== asked)
              misread.push(`${timeZone} ${asked}`);
          }
        }
      }
      // Only the times skipped when clocks go forward (an hour in Berlin, half an hour on Lord Howe) have no instant.
      expect(misread).toEqual([
        "Europe/Berlin 2026-03-29 02:00",
        "Europe/Berlin 2026-03-29 02:15",
        "Europe/Berlin 2026-03-29 02:30",
        "Europe/Berlin 2026-03-29 02:45",
        "Australia/Lord_Howe 2026-10-04 02:00",
        "Australia/Lord_Howe 2026-10-04 02:15",
      ]);
    }
  });

  it("still answers for instants before 2000 and far ahead", () => {
    const old = Date.parse("1975-06-01T22:30:00Z");
    expect(dayIn("Asia/Kathmandu", old)).toBe(intlDay("Asia/Kathmandu", old));
    const far = Date.parse("2400-12-31T23:30:00Z");
    expect(dayIn("Pacific/Chatham", far)).toBe(intlDay("Pacific/Chatham", far));
  });
});
