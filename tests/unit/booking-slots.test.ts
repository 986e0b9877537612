import { describe, expect, it } from "vitest";
import { formatWeeklyLine, parseOverrideLine, parseWeeklyLine, type WeeklyRange } from "~/lib/schemas/availability";
import { freeStarts, openStarts, type Schedule, startsByDay, type Taken } from "~/server/bookings/slots.server";

const weekly = (...lines: string[]) => lines.map((line) => parseWeeklyLine(line) as WeeklyRange);

function schedule(given: Partial<Schedule> = {}): Schedule {
  return {
    staffId: "staff-1",
    timeZone: "Europe/Berlin",
    weekly: weekly("mon-fri 09:00-17:00"),
    overrides: [],
    callMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minNoticeMinutes: 240,
    horizonDays: 365,
    maxPerDay: null,
    ...given,
  };
}

const none = (): Taken => ({ spans: [], callsPerDay: new Map<string, number>() });
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

/** The free starts on one UTC day, as ISO text. */
function startsOn(day: string, given: Schedule, taken = none(), nowIso = "2026-01-01T00:00:00Z") {
  const fromMs = at(`${day}T00:00:00Z`);
  return freeStarts(given, taken, { nowMs: at(nowIso), fromMs, toMs: fromMs + 86_400_000 }).map(iso);
}

const localTime = (timeZone: string, ms: number) =>
  new Date(ms).toLocaleTimeString("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

describe("weekly hours", () => {
  it("reads day lists and ranges, and explains what it cannot read", () => {
    expect(parseWeeklyLine("mon-fri 09:00-17:00")).toEqual({ days: [1, 2, 3, 4, 5], start: 540, end: 1020 });
    expect(parseWeeklyLine("mon,wed 14:00-18:00")).toEqual({ days: [1, 3], start: 840, end: 1080 });
    expect(parseWeeklyLine("sat-mon 10:00-12:00")).toEqual({ days: [1, 6, 7], start: 600, end: 720 });
    expect(parseWeeklyLine("mon-fri 17:00-09:00")).toMatch(/ends before it starts/);
    expect(parseWeeklyLine("moon 09:00-10:00")).toMatch(/not a list of days/);
    expect(parseWeeklyLine("mon 09:03-10:00")).toMatch(/five minutes/);
    expect(formatWeeklyLine(parseWeeklyLine("mon-fri 09:00-17:00") as WeeklyRange)).toBe("mon-fri 09:00-17:00");
    expect(formatWeeklyLine(parseWeeklyLine("mon,wed 14:00-18:00") as WeeklyRange)).toBe("mon,wed 14:00-18:00");
    expect(parseOverrideLine("2026-12-24 off")).toEqual({ date: "2026-12-24", ranges: [] });
    expect(parseOverrideLine("2026-12-31 09:00-12:00,14:00-15:00")).toEqual({
      date: "2026-12-31",
      ranges: [
        { start: 540, end: 720 },
        { start: 840, end: 900 },
      ],
    });
  });
});

describe("free starts across daylight saving", () => {
  const berlin = schedule();

  it("keeps Berlin's 09:00 at 09:00 there before and after Europe switches", () => {
    // Winter: Berlin is UTC+1.
    expect(startsOn("2026-03-02", berlin)[0]).toBe("2026-03-02T08:00:00.000Z");
    // After 29 March Berlin is UTC+2, so 09:00 there is 07:00 UTC.
    expect(startsOn("2026-03-30", berlin)[0]).toBe("2026-03-30T07:00:00.000Z");
    expect(startsOn("2026-03-30", berlin).at(-1)).toBe("2026-03-30T14:30:00.000Z");
    expect(startsOn("2026-03-30", berlin)).toHaveLength(16);
    // And back on 25 October.
    expect(startsOn("2026-10-23", berlin)[0]).toBe("2026-10-23T07:00:00.000Z");
    expect(startsOn("2026-10-26", berlin)[0]).toBe("2026-10-26T08:00:00.000Z");
  });

  it("shows a New York visitor the hour New York's own switch moved, in the weeks only America has switched", () => {
    const first = (day: string) => at(startsOn(day, berlin)[0] as string);
    // Both on winter time: six hours apart.
    expect(localTime("America/New_York", first("2026-03-02"))).toBe("03:00");
    // 8 March to 28 March: New York is on summer time, Berlin is not: five hours apart.
    expect(localTime("America/New_York", first("2026-03-16"))).toBe("04:00");
    // Both on summer time: six hours again.
    expect(localTime("America/New_York", first("2026-03-30"))).toBe("03:00");
    // 25 October to 31 October: Berlin is back on winter time, New York is not yet.
    expect(localTime("America/New_York", first("2026-10-26"))).toBe("04:00");
    expect(localTime("America/New_York", first("2026-11-02"))).toBe("03:00");
  });

  it("walks a day whose night loses an hour by the clock on the wall", () => {
    // New York staff working 01:00-04:00 on the night clocks jump from 02:00 to 03:00: two real hours.
    const newYork = schedule({ timeZone: "America/New_York", weekly: weekly("sun 01:00-04:00") });
    expect(startsOn("2026-03-08", newYork).map((ms) => localTime("America/New_York", at(ms)))).toEqual([
      "01:00",
      "01:30",
      "03:00",
      "03:30",
    ]);
    // And the night that gains one: four real hours, 01:00-02:00 twice.
    const fallBack = startsOn("2026-11-01", newYork);
    expect(fallBack).toHaveLength(8);
    expect(fallBack[0]).toBe("2026-11-01T05:00:00.000Z");
  });

  it("keeps Asia/Kolkata (no daylight saving) fixed in UTC while a Berlin visitor's view moves", () => {
    const kolkata = schedule({ timeZone: "Asia/Kolkata", weekly: weekly("mon-fri 10:00-18:00") });
    const winter = startsOn("2026-03-23", kolkata);
    const summer = startsOn("2026-03-30", kolkata);
    expect(winter[0]).toBe("2026-03-23T04:30:00.000Z");
    expect(summer[0]).toBe("2026-03-30T04:30:00.000Z");
    expect(localTime("Europe/Berlin", at(winter[0] as string))).toBe("05:30");
    expect(localTime("Europe/Berlin", at(summer[0] as string))).toBe("06:30");
    expect(localTime("America/New_York", at(summer[0] as string))).toBe("00:30");
  });

  it("groups starts by the visitor's own calendar day", () => {
    const kolkata = schedule({ timeZone: "Asia/Kolkata", weekly: weekly("mon 10:00-12:00") });
    const starts = freeStarts(kolkata, none(), {
      nowMs: at("2026-01-01T00:00:00Z"),
      fromMs: at("2026-03-30T00:00:00Z"),
      toMs: at("2026-03-31T00:00:00Z"),
    });
    // 10:00 on Monday in Kolkata is 00:30 on Monday in New York.
    expect([...startsByDay(starts, "America/New_York").keys()]).toEqual(["2026-03-30"]);
    // In Los Angeles it is still Sunday evening.
    expect([...startsByDay(starts, "America/Los_Angeles").keys()]).toEqual(["2026-03-29"]);
  });
});

describe("what blocks a start", () => {
  it("keeps the minimum notice, the horizon, days off and date overrides", () => {
    const given = schedule({
      overrides: [parseOverrideLine("2026-03-03 off"), parseOverrideLine("2026-03-04 13:00-14:00")].map(
        (o) => o as never,
      ),
    });
    // Now is 10:10 Berlin time on Monday: four hours' notice means 14:10, so the first call is 14:30.
    expect(startsOn("2026-03-02", given, none(), "2026-03-02T09:10:00Z")[0]).toBe("2026-03-02T13:30:00.000Z");
    expect(startsOn("2026-03-03", given)).toEqual([]);
    expect(startsOn("2026-03-04", given)).toEqual(["2026-03-04T12:00:00.000Z", "2026-03-04T12:30:00.000Z"]);
    const shortHorizon = schedule({ horizonDays: 1 });
    expect(startsOn("2026-03-03", shortHorizon, none(), "2026-03-02T09:00:00Z").at(-1)).toBe(
      "2026-03-03T08:30:00.000Z",
    );
  });

  it("keeps a call's buffers clear of other calls and busy times", () => {
    const buffered = schedule({ bufferBeforeMinutes: 10, bufferAfterMinutes: 15 });
    // A busy time 10:00-10:30 Berlin (09:00-09:30 UTC): 09:30 would end at 10:00 plus 15 minutes of
    // wrap-up, and 10:30 would need 10 minutes of preparation inside the busy time.
    const taken = {
      spans: [{ startMs: at("2026-03-02T09:00:00Z"), endMs: at("2026-03-02T09:30:00Z") }],
      callsPerDay: new Map(),
    };
    const starts = startsOn("2026-03-02", buffered, taken);
    expect(starts.slice(0, 3)).toEqual([
      "2026-03-02T08:00:00.000Z",
      "2026-03-02T10:00:00.000Z",
      "2026-03-02T10:30:00.000Z",
    ]);
  });

  it("offers no more calls on a day that has the staff member's maximum", () => {
    const capped = schedule({ maxPerDay: 2 });
    const taken = { spans: [], callsPerDay: new Map([["2026-03-02", 2]]) };
    expect(startsOn("2026-03-02", capped, taken)).toEqual([]);
    expect(startsOn("2026-03-03", capped, taken)).toHaveLength(16);
  });

  it("offers the union of several staff members' starts, each once", () => {
    const morning = schedule({ staffId: "a", weekly: weekly("mon 09:00-10:00") });
    const later = schedule({ staffId: "b", weekly: weekly("mon 09:30-10:30") });
    const union = openStarts(
      [
        { schedule: morning, taken: none() },
        { schedule: later, taken: none() },
      ],
      { nowMs: at("2026-01-01T00:00:00Z"), fromMs: at("2026-03-02T00:00:00Z"), toMs: at("2026-03-03T00:00:00Z") },
    );
    expect(union.map((startMs) => localTime("Europe/Berlin", startMs))).toEqual(["09:00", "09:30", "10:00"]);
  });
});

describe("overlapping weekly ranges", () => {
  it("checks a start of a later, overlapping range against every taken span, also those an earlier range went past", () => {
    // Monday 9 March 2026 in UTC hours: 09:00-12:00 all week, and 10:15-10:45 on Mondays too.
    const both = schedule({ timeZone: "UTC", weekly: weekly("mon-fri 09:00-12:00", "mon 10:15-10:45") });
    const taken: Taken = {
      spans: [
        { startMs: at("2026-03-09T10:20:00Z"), endMs: at("2026-03-09T10:40:00Z") },
        { startMs: at("2026-03-09T10:50:00Z"), endMs: at("2026-03-09T12:00:00Z") },
      ],
      callsPerDay: new Map(),
    };
    expect(startsOn("2026-03-09", both, taken)).toEqual(["2026-03-09T09:00:00.000Z", "2026-03-09T09:30:00.000Z"]);
    // With nothing taken, the second range adds nothing earlier than what the first offered.
    expect(startsOn("2026-03-09", both)).toHaveLength(6);
  });
});

describe("the last call of the day", () => {
  it("ends within the hours: 45-minute calls in 09:00-17:00 start last at 15:45", () => {
    // Tuesday 17 March 2026, Berlin is UTC+1.
    const starts = startsOn("2026-03-17", schedule({ callMinutes: 45 }));
    expect(starts[0]).toBe("2026-03-17T08:00:00.000Z");
    expect(starts.at(-1)).toBe("2026-03-17T14:45:00.000Z");
    expect(starts).not.toContain("2026-03-17T15:30:00.000Z");
    expect(starts).toHaveLength(10);
  });
});
