/** The agency's time zone: how staff read dates and where "today" starts and ends. */

export const DEFAULT_TIME_ZONE = "UTC";

/**
 * Names the ICU data in Node still gives for zones that IANA has since renamed, and their current
 * names: `Intl.supportedValuesOf` lists Asia/Calcutta, not Asia/Kolkata, so without this a zone typed
 * or stored as Asia/Kolkata would be missing from every list of zones.
 */
const CURRENT_NAMES: Record<string, string> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

function acceptedByIntl(name: string) {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

let zoneNames: string[] | undefined;
let zoneNameSet: Set<string> | undefined;

/** Every zone by its current name, UTC first: what lists of zones offer and what is stored. */
export function timeZoneNames() {
  if (!zoneNames) {
    const current = (name: string) => {
      const renamed = CURRENT_NAMES[name];
      return renamed && acceptedByIntl(renamed) ? renamed : name;
    };
    const names = new Set(Intl.supportedValuesOf("timeZone").map(current));
    names.delete("UTC");
    zoneNames = ["UTC", ...[...names].sort()];
    zoneNameSet = new Set(zoneNames);
  }
  return zoneNames;
}

function isCurrentName(value: string) {
  if (!zoneNameSet) timeZoneNames();
  return (zoneNameSet as Set<string>).has(value);
}

/**
 * The zone's current name for any spelling Intl accepts (europe/berlin, Asia/Calcutta, Etc/UTC), or
 * null when it is none of the listed zones. Everything that keeps a zone, or a cache per zone, keeps
 * this name, so that any number of spellings of one zone cost what one does.
 */
export function canonicalTimeZone(value: unknown): string | null {
  if (typeof value !== "string" || value === "" || value.length > 64) return null;
  if (isCurrentName(value)) return value;
  if (!/^[A-Za-z0-9_+\-/]+$/.test(value)) return null;
  const resolved = acceptedByIntl(value);
  if (!resolved) return null;
  const renamed = CURRENT_NAMES[resolved] ?? resolved;
  return isCurrentName(renamed) ? renamed : null;
}

export function isTimeZone(value: unknown): value is string {
  return canonicalTimeZone(value) !== null;
}

// Making a formatter costs far more than using one; slot lists use thousands.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The name a per-zone cache is kept under: the zone's current name, whatever spelling was given. */
function cacheName(timeZone: string) {
  return isCurrentName(timeZone) ? timeZone : (canonicalTimeZone(timeZone) ?? timeZone);
}

function formatterFor(given: string) {
  const timeZone = cacheName(given);
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
    if (isCurrentName(timeZone)) formatters.set(timeZone, formatter);
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
function offsetAt(given: string, ms: number) {
  const timeZone = cacheName(given);
  if (!isCacheable(ms)) return computeOffsetAt(timeZone, ms);
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let offsets = offsetsByZone.get(timeZone);
  const cached = offsets?.get(quarter);
  if (cached !== undefined) return cached;
  const offset = computeOffsetAt(timeZone, quarter * QUARTER_HOUR);
  if (!offsets) {
    if (!isCurrentName(timeZone)) return offset;
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

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The stored instant as a short day and time in the zone, e.g. "3 Dec 10:00". */
export function shortDateTimeIn(timeZone: string, iso: string) {
  const local = isoToLocalInput(timeZone, iso);
  const [, month, day] = local.slice(0, 10).split("-").map(Number) as [number, number, number];
  return `${day} ${SHORT_MONTHS[month - 1]} ${local.slice(11)}`;
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

/** How many zones the offset and formatter caches hold (at most one entry per listed zone). */
export function cachedTimeZoneCount() {
  return Math.max(formatters.size, offsetsByZone.size);
}
