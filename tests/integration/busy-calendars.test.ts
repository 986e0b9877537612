import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAvailability } from "~/server/bookings/availability.server";
import { refreshAllCalendars, refreshStaffCalendar } from "~/server/bookings/busy-calendar.server";
import { BUSY_CALENDAR_LIMITS } from "~/server/bookings/busy-calendar-parser.server";
import { freeAt } from "~/server/bookings/open-slots.server";
import type { Database } from "~/server/db/schema.server";
import { staffWhoTakesCalls } from "../support/bookings";
import { databasePerTest, dialects } from "../support/databases";

const at = (iso: string) => Date.parse(iso);
/** Monday 16 March 2026, 06:00 UTC. */
const NOW = at("2026-03-16T06:00:00Z");
/** The hostile rule would run for ever: the test stops it sooner than the real limit does. */
const quickLimits = { ...BUSY_CALENDAR_LIMITS, timeoutMs: 2_000 };
/** A loaded test machine may take longer than the real limit over a legitimate 2 MB calendar. */
const patientLimits = { ...BUSY_CALENDAR_LIMITS, timeoutMs: 120_000 };

const vcalendar = (lines: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...lines, "END:VCALENDAR"].join("\r\n");
const vevent = (uid: string, ...lines: string[]) => [
  "BEGIN:VEVENT",
  `UID:${uid}`,
  "DTSTAMP:20260301T000000Z",
  ...lines,
  "END:VEVENT",
];

/** What a hostile or careless calendar address may answer. */
const calendars: Record<string, string> = {
  // Asks for 30 February every day: ical.js searches for it forever in one step.
  "/hostile.ics": vcalendar(
    vevent(
      "never@test",
      "DTSTART:20260101T090000Z",
      "DTEND:20260101T100000Z",
      "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
    ),
  ),
  // Just under 2 MB of events.
  "/large.ics": vcalendar(
    Array.from({ length: 4200 }, (_, index) =>
      vevent(`e${index}@test`, "DTSTART:20260401T090000Z", "DTEND:20260401T100000Z", `SUMMARY:${"x".repeat(340)}`),
    ).flat(),
  ),
  "/exceptions.ics": vcalendar([
    ...vevent("daily@test", "DTSTART:20200101T120000Z", "DTEND:20200101T130000Z", "RRULE:FREQ=DAILY"),
    ...Array.from({ length: 10_000 }, (_, index) =>
      vevent(
        "daily@test",
        `RECURRENCE-ID:${new Date(at("2020-01-01T12:00:00Z") + index * 86_400_000).toISOString().replace(/[-:]|\.000/g, "")}`,
        "DTSTART:20260318T150000Z",
        "DTEND:20260318T153000Z",
      ),
    ).flat(),
  ]),
  // A weekly meeting since 2015, Tuesdays 09:00-10:00 UTC.
  "/weekly.ics": vcalendar(
    vevent("weekly@test", "DTSTART:20150106T090000Z", "DTEND:20150106T100000Z", "RRULE:FREQ=WEEKLY;BYDAY=TU"),
  ),
};

describe.each(dialects)("staff busy calendars on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);
  let calendarServer: http.Server;
  let base = "";
  /** Answers like /healthz does: it can only answer while this process's event loop is free. */
  let health: http.Server;
  let healthUrl = "";
  /** When the calendar server finished sending each calendar: parsing starts after this. */
  const sentAt = new Map<string, number>();

  beforeAll(async () => {
    calendarServer = http.createServer((request, response) => {
      const body = calendars[request.url ?? ""];
      if (!body) return response.writeHead(404).end();
      response.on("finish", () => sentAt.set(request.url ?? "", performance.now()));
      response.writeHead(200, { "content-type": "text/calendar" }).end(body);
    });
    health = http.createServer((_request, response) => response.end('{"status":"ok"}'));
    await new Promise<void>((resolve) => calendarServer.listen(0, "127.0.0.1", resolve));
    await new Promise<void>((resolve) => health.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(calendarServer.address() as AddressInfo).port}`;
    healthUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}/healthz`;
  });
  afterAll(async () => {
    await new Promise((resolve) => calendarServer.close(resolve));
    await new Promise((resolve) => health.close(resolve));
  });

  async function withCalendar(db: Database, email: string, path: string) {
    return staffWhoTakesCalls(db, email, { hours: { meetingDetail: "", calendarUrl: `${base}${path}` } });
  }

  /** Runs a refresh while asking the health endpoint every 50 ms; returns the refresh's result and when each answer came. */
  async function refreshWhileAskingHealth(refresh: () => Promise<unknown>) {
    const answeredAt: number[] = [];
    let done = false;
    const asking = (async () => {
      while (!done) {
        const answer = await fetch(healthUrl);
        if (answer.ok) answeredAt.push(performance.now());
        await answer.text();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      return { result: await refresh(), answeredAt, endedAt: performance.now() };
    } finally {
      done = true;
      await asking;
    }
  }

  it("keeps answering while a hostile repeat rule, a 2 MB calendar and 10,000 changed occurrences are read, and marks each with its reason", {
    timeout: 300_000,
  }, async () => {
    const { db } = await freshDatabase();
    const cases = [
      ["hostile@agency.example", "/hostile.ics", "Reading the calendar took longer than 2 s.", quickLimits],
      ["large@agency.example", "/large.ics", null, patientLimits],
      [
        "exceptions@agency.example",
        "/exceptions.ics",
        "The calendar holds more than 5,000 changed occurrences.",
        patientLimits,
      ],
    ] as const;
    for (const [email, path, reason, parseLimits] of cases) {
      const staff = await withCalendar(db, email, path);
      const { result, answeredAt, endedAt } = await refreshWhileAskingHealth(() =>
        refreshStaffCalendar(db, staff.id, { allowPrivate: true, nowMs: NOW, parseLimits }),
      );
      // The health endpoint answered after the calendar had arrived and before its reading ended.
      const arrived = sentAt.get(path) ?? Number.POSITIVE_INFINITY;
      expect(
        answeredAt.some((time) => time > arrived && time < endedAt),
        path,
      ).toBe(true);
      if (reason) {
        expect(result, path).toEqual({ ok: false, error: reason });
        expect((await getAvailability(db, staff.id)).calendarError, path).toBe(reason);
      } else {
        expect(result, path).toEqual({ ok: true, busy: 4200 });
        expect((await getAvailability(db, staff.id)).calendarError, path).toBeNull();
      }
    }
  });

  it("blocks this week's times of a weekly meeting begun before 2025, and a failing calendar keeps nobody else's from being read", async () => {
    const { db } = await freshDatabase();
    const hostile = await withCalendar(db, "hostile@agency.example", "/hostile.ics");
    const weekly = await withCalendar(db, "weekly@agency.example", "/weekly.ics");
    expect(await refreshAllCalendars(db, { allowPrivate: true, nowMs: NOW, parseLimits: quickLimits })).toBe(2);
    expect((await getAvailability(db, hostile.id)).calendarError).toBe("Reading the calendar took longer than 2 s.");
    expect((await getAvailability(db, weekly.id)).calendarError).toBeNull();
    const busy = await db
      .selectFrom("staff_busy_times")
      .select(["starts_at", "ends_at"])
      .where("user_id", "=", weekly.id)
      .orderBy("starts_at")
      .execute();
    expect(busy.map((span) => new Date(span.starts_at).toISOString())).toContain("2026-03-17T09:00:00.000Z");
    expect(busy.map((span) => new Date(span.starts_at).toISOString())).toContain("2026-03-24T09:00:00.000Z");
    // At 09:00 on Tuesday the meeting's owner is busy; the failing calendar's owner still takes the call.
    const staff = [await getAvailability(db, hostile.id), await getAvailability(db, weekly.id)];
    const free = await freeAt(db, staff, at("2026-03-17T09:00:00Z"), NOW);
    expect(free.map((schedule) => schedule.staffId)).toEqual([hostile.id]);
    expect((await freeAt(db, staff, at("2026-03-17T10:00:00Z"), NOW)).map((schedule) => schedule.staffId)).toEqual([
      hostile.id,
      weekly.id,
    ]);
  });
});
