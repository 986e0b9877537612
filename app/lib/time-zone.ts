/** The agency's time zone: how staff read dates and where "today" starts and ends. */

export const DEFAULT_TIME_ZONE = "UTC";

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value === "" || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

// Making a formatter costs far more than using one; slot lists use thousands.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    if (formatters.size < 500) formatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsIn(timeZone: string, ms: number) {
  const parts = formatterFor(timeZone).formatToParts(ms);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

const QUARTER_HOUR = 15 * 60_000;
// Since 2000 every zone's offset is a whole number of quarter hours and changes on a quarter hour,
// so one offset answers for a whole UTC quarter hour: slot lists ask about the same days again and again.
const CACHED_SINCE = Date.UTC(2000, 0, 1);
const CACHED_UNTIL = Date.UTC(9000, 0, 1);
const isCacheable = (ms: number) => ms >= CACHED_SINCE && ms < CACHED_UNTIL;
const CACHED_QUARTERS_PER_ZONE = 50_000;
const offsetsByZone = new Map<string, Map<number, number>>();

/** How far the zone is ahead of UTC at that instant, in milliseconds. */
function offsetAt(timeZone: string, ms: number) {
  if (!isCacheable(ms)) return computeOffsetAt(timeZone, ms);
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let offsets = offsetsByZone.get(timeZone);
  const cached = offsets?.get(quarter);
  if (cached !== undefined) return cached;
  const offset = computeOffsetAt(timeZone, quarter * QUARTER_HOUR);
  if (!offsets) {
    if (offsetsByZone.size >= 500) return offset;
    offsets = new Map();
    offsetsByZone.set(timeZone, offsets);
  }
  if (offsets.size >= CACHED_QUARTERS_PER_ZONE) offsets.clear();
  offsets.set(quarter, offset);
  return offset;
}

function computeOffsetAt(timeZone: string, ms: number) {
  const p = partsIn(timeZone, ms);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant a wall-clock time in the zone names (the earlier one when clocks go back). */
export function zonedToUtc(timeZone: string, year: number, month: number, day: number, hour = 0, minute = 0) {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const guess = wall - offsetAt(timeZone, wall);
  return wall - offsetAt(timeZone, guess);
}

/** The calendar day (YYYY-MM-DD) it is in the zone at that instant. */
export function dayIn(timeZone: string, ms = Date.now()) {
  if (isCacheable(ms)) return new Date(ms + offsetAt(timeZone, ms)).toISOString().slice(0, 10);
  const p = partsIn(timeZone, ms);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

export function hourIn(timeZone: string, ms = Date.now()) {
  return partsIn(timeZone, ms).hour;
}

/** Today in the zone as a half-open UTC range [start, end), ISO text, for comparing stored timestamps. */
export function todayRange(timeZone: string, ms = Date.now()) {
  const [year, month, day] = dayIn(timeZone, ms).split("-").map(Number) as [number, number, number];
  const start = zonedToUtc(timeZone, year, month, day);
  const end = zonedToUtc(timeZone, year, month, day + 1);
  return { day: dayIn(timeZone, ms), start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

/** A `datetime-local` value ("2026-11-23T14:30") read as the zone's wall clock; null if it is not one. */
export function localInputToIso(timeZone: string, value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h = "9", mi = "0"] = match;
  const ms = zonedToUtc(timeZone, Number(y), Number(mo), Number(d), Number(h), Number(mi));
  if (Number.isNaN(ms)) return null;
  // Reject days that do not exist (2026-02-31 would roll over).
  if (dayIn(timeZone, ms) !== `${y}-${mo}-${d}`) return null;
  return new Date(ms).toISOString();
}

/** The stored instant as a `datetime-local` value in the zone. */
export function isoToLocalInput(timeZone: string, iso: string | null) {
  if (!iso) return "";
  const p = partsIn(timeZone, Date.parse(iso));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** A short label of the zone, e.g. "UTC" or "GMT+5:30", for printing after times. */
export function zoneLabel(timeZone: string, ms = Date.now()) {
  if (timeZone === "UTC") return "UTC";
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(ms);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

export function formatDateTimeIn(timeZone: string, iso: string) {
  const text = new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
  return `${text} ${zoneLabel(timeZone, Date.parse(iso))}`;
}

export function formatDateIn(timeZone: string, iso: string) {
  return new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium", timeZone });
}
