import { z } from "zod";
import { canonicalTimeZone, isTimeZone } from "../time-zone";
import { checkbox } from "./fields";

/** Bookings are cut in five-minute steps: start times, call lengths and buffers are multiples of it. */
export const GRANULE_MINUTES = 5;

export const DAY_NAMES = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

/** Minutes after midnight, wall clock. */
export type TimeRange = { start: number; end: number };
/** Days counted from Monday = 1. */
export type WeeklyRange = { days: number[] } & TimeRange;
export type DateOverride = { date: string; ranges: TimeRange[] };

export const MEETING_KINDS = ["phone", "video", "office"] as const;
export const meetingKindLabels: Record<(typeof MEETING_KINDS)[number], string> = {
  phone: "Phone call",
  video: "Video call",
  office: "At the office",
};

export const AVAILABILITY_DEFAULTS = {
  callMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minNoticeMinutes: 240,
  horizonDays: 30,
} as const;

function parseClock(text: string) {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

export function formatClock(minutes: number) {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

function parseRange(text: string): TimeRange | string {
  const [from, to] = text.split("-");
  const start = parseClock(from?.trim() ?? "");
  const end = parseClock(to?.trim() ?? "");
  if (start === null || end === null) return `"${text}" is not a time range such as 09:00-17:00.`;
  if (end <= start) return `"${text}" ends before it starts.`;
  if (start % GRANULE_MINUTES || end % GRANULE_MINUTES) return `"${text}": times go in steps of five minutes.`;
  return { start, end };
}

function parseDays(text: string): number[] | string {
  const days = new Set<number>();
  for (const part of text.toLowerCase().split(",")) {
    const [from, to] = part.split("-").map((name) => DAY_NAMES.indexOf(name.trim() as (typeof DAY_NAMES)[number]));
    if (from === undefined || from < 0 || (to !== undefined && to < 0)) {
      return `"${text}" is not a list of days such as mon-fri or mon,wed.`;
    }
    const last = to ?? from;
    for (let day = from; ; day = (day + 1) % 7) {
      days.add(day + 1);
      if (day === last) break;
    }
  }
  return [...days].sort();
}

/** One line of weekly hours, "mon-fri 09:00-17:00" or "mon,wed 14:00-18:00"; a message when it is not one. */
export function parseWeeklyLine(line: string): WeeklyRange | string {
  const [daysText, rangeText, ...rest] = line.trim().split(/\s+/);
  if (!daysText || !rangeText || rest.length > 0) {
    return `"${line.trim()}" should read like "mon-fri 09:00-17:00".`;
  }
  const days = parseDays(daysText);
  if (typeof days === "string") return days;
  const range = parseRange(rangeText);
  if (typeof range === "string") return range;
  return { days, ...range };
}

/** One date override, "2026-12-24 off" or "2026-12-31 09:00-12:00,14:00-16:00". */
export function parseOverrideLine(line: string): DateOverride | string {
  const [date, rangesText, ...rest] = line.trim().split(/\s+/);
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || rest.length) {
    return `"${line.trim()}" should read like "2026-12-24 off" or "2026-12-31 09:00-12:00".`;
  }
  // Date.parse rolls 2026-02-31 over into March: the day must read back the same.
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date || date < "2000" || date > "2100") {
    return `${date} is not a day of the calendar.`;
  }
  if (!rangesText || rangesText.toLowerCase() === "off") return { date, ranges: [] };
  const ranges: TimeRange[] = [];
  for (const text of rangesText.split(",")) {
    const range = parseRange(text);
    if (typeof range === "string") return range;
    ranges.push(range);
  }
  if (overlap(ranges)) return `The hours of ${date} overlap.`;
  return { date, ranges };
}

/** Whether any two of the ranges share a minute (touching ends do not). */
function overlap(ranges: TimeRange[]) {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  return sorted.some((range, index) => index > 0 && range.start < (sorted[index - 1] as TimeRange).end);
}

/** The weekly ranges of one day may not overlap: which day's do, if any. */
function overlappingWeekday(ranges: WeeklyRange[]) {
  for (let day = 1; day <= 7; day++) {
    if (overlap(ranges.filter((range) => range.days.includes(day)))) return DAY_NAMES[day - 1];
  }
  return null;
}

/** Days as the weekly lines write them: runs of three or more as "mon-fri", others listed. */
function formatDays(days: number[]) {
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const name = (day: number) => DAY_NAMES[day - 1];
  return runs
    .flatMap((run) => (run.length >= 3 ? [`${name(run[0] as number)}-${name(run.at(-1) as number)}`] : run.map(name)))
    .join(",");
}

export function formatWeeklyLine(range: WeeklyRange) {
  return `${formatDays(range.days)} ${formatClock(range.start)}-${formatClock(range.end)}`;
}

export function formatOverrideLine(override: DateOverride) {
  if (override.ranges.length === 0) return `${override.date} off`;
  return `${override.date} ${override.ranges.map((range) => `${formatClock(range.start)}-${formatClock(range.end)}`).join(",")}`;
}

function linesOf<T>(parse: (line: string) => T | string, max: number, check?: (parsed: T[]) => string | null) {
  return z
    .string()
    .max(4000)
    .optional()
    .transform((text, ctx) => {
      const parsed: T[] = [];
      const lines = (text ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
      if (lines.length > max) {
        ctx.addIssue({ code: "custom", message: `At most ${max} lines.` });
        return z.NEVER;
      }
      for (const line of lines) {
        const result = parse(line);
        if (typeof result === "string") {
          ctx.addIssue({ code: "custom", message: result });
          return z.NEVER;
        }
        parsed.push(result);
      }
      const problem = check?.(parsed);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return parsed;
    });
}

const minutesField = (label: string, max: number, step = GRANULE_MINUTES) =>
  z.coerce
    .number({ error: `${label} must be a number of minutes.` })
    .int(`${label} must be a whole number of minutes.`)
    .min(0, `${label} cannot be negative.`)
    .max(max, `${label} must be at most ${max} minutes.`)
    .refine((value) => value % step === 0, `${label} goes in steps of ${step} minutes.`);

/** A staff member's availability as the admin form and the command line give it. */
export const availabilitySchema = z.object({
  userId: z.string().min(1).max(64),
  timeZone: z
    .string()
    .refine(isTimeZone, "Choose a time zone such as Europe/Berlin.")
    .transform((value) => canonicalTimeZone(value) ?? value),
  weekly: linesOf(parseWeeklyLine, 28, (ranges) => {
    const day = overlappingWeekday(ranges);
    return day ? `The hours of ${day} overlap.` : null;
  }),
  overrides: linesOf(parseOverrideLine, 200, (overrides) => {
    const dates = overrides.map((override) => override.date);
    const twice = dates.find((date, index) => dates.indexOf(date) !== index);
    return twice ? `${twice} is given twice.` : null;
  }),
  callMinutes: minutesField("The call length", 240).refine((value) => value >= 10, "A call lasts at least 10 minutes."),
  bufferBeforeMinutes: minutesField("The buffer before", 120),
  bufferAfterMinutes: minutesField("The buffer after", 120),
  minNoticeMinutes: minutesField("The minimum notice", 60 * 24 * 14, 1),
  horizonDays: z.coerce
    .number({ error: "The booking horizon must be a number of days." })
    .int()
    .min(1, "The booking horizon is at least 1 day.")
    .max(365, "The booking horizon is at most 365 days."),
  maxPerDay: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const number = Number(value);
      if (!Number.isInteger(number) || number < 1 || number > 50) {
        ctx.addIssue({ code: "custom", message: "The most calls a day is a number from 1 to 50, or empty." });
        return z.NEVER;
      }
      return number;
    }),
  meetingKind: z.enum(MEETING_KINDS, { error: "Choose how the call happens." }),
  meetingDetail: z
    .string()
    .trim()
    .max(500, "At most 500 characters.")
    .optional()
    .transform((value) => value || null),
  calendarUrl: z
    .string()
    .trim()
    .max(2000, "The calendar address is at most 2,000 characters.")
    .optional()
    .transform((value) => value || null)
    .refine(
      (value) => value === null || /^(https?|webcal):\/\//i.test(value),
      "The calendar address starts with https:// (or webcal://).",
    ),
  clearCalendar: checkbox,
});
export type AvailabilityInput = z.output<typeof availabilitySchema>;
