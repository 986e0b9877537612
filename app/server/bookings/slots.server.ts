import type { DateOverride, WeeklyRange } from "~/lib/schemas/availability";
import { dayIn, zonedToUtc } from "~/lib/time-zone";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** What decides a staff member's free times: their weekly hours in their own zone and their rules. */
export type Schedule = {
  staffId: string;
  timeZone: string;
  weekly: WeeklyRange[];
  overrides: DateOverride[];
  callMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  maxPerDay: number | null;
};

/** A half-open span of time [startMs, endMs). */
export type Span = { startMs: number; endMs: number };

/** Where to look for starts, and when "now" is (for the notice and the horizon). */
export type SlotWindow = { nowMs: number; fromMs: number; toMs: number };

/** What already fills a staff member's time: their calls with those calls' buffers, and calendar busy times. */
export type Taken = {
  spans: Span[];
  /** Live calls per day of the staff member's own calendar ("2026-03-30" → 3), for the daily maximum. */
  callsPerDay: Map<string, number>;
};

/** The span a call at `startMs` holds with its buffers: no other call, buffer or busy time may touch it. */
export function heldSpan(startMs: number, { callMinutes, bufferBeforeMinutes, bufferAfterMinutes }: Schedule): Span {
  return {
    startMs: startMs - bufferBeforeMinutes * MINUTE,
    endMs: startMs + (callMinutes + bufferAfterMinutes) * MINUTE,
  };
}

/** Sorted, with overlapping and touching spans joined, so that one binary search answers "is this free?". */
export function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.startMs - b.startMs);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.startMs <= last.endMs) last.endMs = Math.max(last.endMs, span.endMs);
    else merged.push({ ...span });
  }
  return merged;
}

function addDays(day: string, count: number) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/** Monday = 1 … Sunday = 7, of a calendar date. */
function weekdayOf(day: string) {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
}

function rangesOn(schedule: Schedule, day: string) {
  const override = schedule.overrides.find((each) => each.date === day);
  if (override) return override.ranges;
  const weekday = weekdayOf(day);
  return schedule.weekly.filter((range) => range.days.includes(weekday));
}

/**
 * The starts (epoch ms) of every call the staff member could take in [fromMs, toMs): inside their
 * hours on each day of their own calendar (so a day's 09:00 is 09:00 there whatever daylight saving
 * does), no sooner than their minimum notice, within their horizon, clear of what is taken, and not on
 * a day that already has their maximum of calls. Calls start every call length from a range's start.
 */
export function freeStarts(schedule: Schedule, taken: Taken, { nowMs, fromMs, toMs }: SlotWindow) {
  const earliest = Math.max(fromMs, nowMs + schedule.minNoticeMinutes * MINUTE);
  const latest = Math.min(toMs, nowMs + schedule.horizonDays * DAY);
  const starts: number[] = [];
  if (earliest >= latest) return starts;
  const merged = mergeSpans(taken.spans);
  const step = schedule.callMinutes * MINUTE;
  const before = schedule.bufferBeforeMinutes * MINUTE;
  const after = step + schedule.bufferAfterMinutes * MINUTE;
  // Starts grow, so the first taken span that ends after a held span's start moves forward only
  // (back to the beginning in the rare case of overlapping ranges that go back in time).
  let next = 0;
  let lastLooked = Number.NEGATIVE_INFINITY;
  const lastDay = dayIn(schedule.timeZone, latest);
  for (let day = dayIn(schedule.timeZone, earliest); day <= lastDay; day = addDays(day, 1)) {
    if (schedule.maxPerDay !== null && (taken.callsPerDay.get(day) ?? 0) >= schedule.maxPerDay) continue;
    const [year, month, date] = day.split("-").map(Number) as [number, number, number];
    const ranges = [...rangesOn(schedule, day)].sort((a, b) => a.start - b.start);
    for (const range of ranges) {
      const rangeStart = zonedToUtc(schedule.timeZone, year, month, date, 0, range.start);
      const rangeEnd = zonedToUtc(schedule.timeZone, year, month, date, 0, range.end);
      for (let start = rangeStart; start + step <= rangeEnd; start += step) {
        if (start < earliest || start >= latest) continue;
        if (starts.length > 0 && start <= (starts.at(-1) as number)) continue;
        if (start < lastLooked) next = 0;
        lastLooked = start;
        while (next < merged.length && (merged[next] as Span).endMs <= start - before) next++;
        const blocker = merged[next];
        if (blocker !== undefined && blocker.startMs < start + after) continue;
        starts.push(start);
      }
    }
  }
  return starts;
}

/** Every start at which at least one of these staff members is free, in time order. */
export function openStarts(staff: { schedule: Schedule; taken: Taken }[], window: SlotWindow): number[] {
  const all: number[] = [];
  for (const { schedule, taken } of staff) for (const start of freeStarts(schedule, taken, window)) all.push(start);
  const sorted = Float64Array.from(all).sort();
  const starts: number[] = [];
  for (const start of sorted) if (start !== starts.at(-1)) starts.push(start);
  return starts;
}

/** Free starts grouped by the visitor's calendar day, in their zone. */
export function startsByDay(starts: number[], visitorTimeZone: string) {
  const days = new Map<string, number[]>();
  for (const start of starts) {
    const day = dayIn(visitorTimeZone, start);
    const list = days.get(day);
    if (list) list.push(start);
    else days.set(day, [start]);
  }
  return days;
}
