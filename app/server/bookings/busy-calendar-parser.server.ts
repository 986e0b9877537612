import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * A staff member's busy calendar comes from an address anyone with a calendar account controls, so it
 * is read as hostile: in a worker thread with its own heap, killed when it runs out of time, and with
 * caps on what it may hold. Repeat rules are where the work hides (a rule can ask for every second of
 * a century), so occurrences are walked from just before the window, not from the series' start.
 */
export const BUSY_CALENDAR_LIMITS = {
  /** Generous: the reading waits in its own thread, and a 2 MB calendar takes seconds on a busy machine. */
  timeoutMs: 20_000,
  /** Old-generation heap of the worker: a 2 MB calendar parses in well under this. */
  memoryMb: 96,
  /** Events that are not changed occurrences of another. */
  events: 20_000,
  /** Changed or cancelled occurrences (events with a RECURRENCE-ID). */
  exceptions: 5_000,
  /** Busy spans kept in the window. */
  occurrences: 10_000,
  /** Steps through repeat rules, all events together, including ones that fall before the window. */
  steps: 200_000,
};
export type BusyCalendarLimits = typeof BUSY_CALENDAR_LIMITS;

export type BusySpan = { startMs: number; endMs: number };

/** A calendar that could not be read: the message is shown to its owner on their hours screen. */
export class BusyCalendarError extends Error {}

// Plain JavaScript: the worker runs outside the app's build, beside the ical.js it is handed.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const ICAL = require(workerData.icalPath);
const { text, fromMs, toMs, timeZone, limits } = workerData;

class Refusal extends Error {}
const formatters = new Map();
function offsetMs(epochMs, zone) {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric",
      month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    formatters.set(zone, format);
  }
  const part = {};
  for (const { type, value } of format.formatToParts(new Date(epochMs))) part[type] = Number(value);
  return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second) - Math.floor(epochMs / 1000) * 1000;
}
function knownZone(zone) {
  try { new Intl.DateTimeFormat("en", { timeZone: zone }); return true; } catch { return false; }
}
/** A wall-clock time in a zone as an instant (the offset read twice, so a clock change lands right). */
function wallClockMs(time, zone) {
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  return wall - offsetMs(wall - offsetMs(wall, zone), zone);
}
/** Dates and floating times are the staff member's (or the TZID's, when the file names a real zone it did not define). */
function instantOf(time, tzid) {
  const zone = time.zone && time.zone.tzid;
  if (time.isDate || !zone || zone === "floating") {
    return wallClockMs(time, !time.isDate && tzid && knownZone(tzid) ? tzid : timeZone);
  }
  return time.toUnixTime() * 1000;
}
function startZone(component) {
  const property = component.getFirstProperty("dtstart");
  return property ? property.getParameter("tzid") : undefined;
}
function isFree(component) {
  return String(component.getFirstPropertyValue("transp") || "").toUpperCase() === "TRANSPARENT" ||
    String(component.getFirstPropertyValue("status") || "").toUpperCase() === "CANCELLED";
}

const PERIOD_SECONDS = { SECONDLY: 1, MINUTELY: 60, HOURLY: 3600, DAILY: 86400, WEEKLY: 604800 };
function gcd(a, b) { while (b) [a, b] = [b, a % b]; return a; }
/**
 * Where to start walking a series so that the window is reached at once: the series' start moved
 * forward by whole repeats (whole days too, so the wall clock and weekday stay), a repeat or more
 * before the window. Rules with COUNT are walked from their start: the count starts there.
 */
function walkStart(event, lengthMs) {
  const rules = event.component.getAllProperties("rrule");
  if (rules.length !== 1) return null;
  const rule = rules[0].getFirstValue();
  if (rule.count || !(rule.freq in PERIOD_SECONDS)) return null;
  let step = PERIOD_SECONDS[rule.freq] * (rule.interval || 1);
  step = (step / gcd(step, 86400)) * 86400;
  const startMs = instantOf(event.startDate, startZone(event.component));
  const periods = Math.floor((fromMs - lengthMs - startMs) / (step * 1000)) - 1;
  if (periods <= 0) return null;
  const start = event.startDate.clone();
  start.adjust((periods * step) / 86400, 0, 0, 0);
  return start;
}

function busySpans() {
  const root = new ICAL.Component(ICAL.parse(text));
  const components = root.getAllSubcomponents("vevent");
  const masters = [];
  const exceptions = [];
  for (const component of components) {
    if (component.hasProperty("recurrence-id")) exceptions.push(component);
    else masters.push(component);
  }
  if (masters.length > limits.events) throw new Refusal("The calendar holds more than " + limits.events.toLocaleString("en") + " events.");
  if (exceptions.length > limits.exceptions) throw new Refusal("The calendar holds more than " + limits.exceptions.toLocaleString("en") + " changed occurrences.");
  // A changed occurrence replaces the occurrence of its own event (same UID) at its RECURRENCE-ID.
  const replaced = new Map();
  for (const component of exceptions) {
    const uid = String(component.getFirstPropertyValue("uid") || "");
    const property = component.getFirstProperty("recurrence-id");
    const instant = instantOf(property.getFirstValue(), property.getParameter("tzid"));
    if (!replaced.has(uid)) replaced.set(uid, new Set());
    replaced.get(uid).add(instant);
  }
  const spans = [];
  let steps = 0;
  const keep = (startMs, endMs) => {
    if (!(startMs < toMs && endMs > fromMs)) return;
    spans.push({ startMs, endMs });
    if (spans.length > limits.occurrences) throw new Refusal("The calendar has more than " + limits.occurrences.toLocaleString("en") + " busy times in the coming weeks.");
  };
  for (const component of masters) {
    if (isFree(component)) continue;
    const event = new ICAL.Event(component);
    if (!event.startDate) continue;
    const tzid = startZone(component);
    const duration = event.duration;
    const endOf = (start) => { const end = start.clone(); end.addDuration(duration); return instantOf(end, tzid); };
    if (!event.isRecurring()) {
      keep(instantOf(event.startDate, tzid), endOf(event.startDate));
      continue;
    }
    const startMs = instantOf(event.startDate, tzid);
    const ownExceptions = replaced.get(String(event.uid || "")) || new Set();
    const iterator = event.iterator(walkStart(event, Math.max(0, endOf(event.startDate) - startMs)) || undefined);
    for (let next = iterator.next(); next; next = iterator.next()) {
      if (++steps > limits.steps) throw new Refusal("A repeating event in the calendar repeats too often to read.");
      const occurrenceMs = instantOf(next, tzid);
      if (occurrenceMs >= toMs) break;
      if (ownExceptions.has(occurrenceMs)) continue;
      keep(occurrenceMs, endOf(next));
    }
  }
  // Changed occurrences are busy at their own times, unless they were cancelled or marked free.
  for (const component of exceptions) {
    if (isFree(component)) continue;
    const event = new ICAL.Event(component);
    if (!event.startDate) continue;
    const tzid = startZone(component);
    const end = event.startDate.clone();
    end.addDuration(event.duration);
    keep(instantOf(event.startDate, tzid), instantOf(end, tzid));
  }
  return spans;
}

try {
  parentPort.postMessage({ spans: busySpans() });
} catch (error) {
  const message = error instanceof Refusal ? error.message
    : "The calendar could not be read: " + String((error && error.message) || error).slice(0, 200);
  parentPort.postMessage({ error: message });
}
`;

const icalPath = createRequire(import.meta.url).resolve("ical.js");

/**
 * The busy spans of an iCalendar text between two instants, read in a worker thread: its events with
 * repeats expanded, less free, cancelled and replaced occurrences. Dates and floating times are read
 * in `timeZone`. Rejects with a `BusyCalendarError` saying why when the calendar is unreadable,
 * too big, or takes too long or too much memory.
 */
export function parseBusyCalendar(
  text: string,
  { fromMs, toMs, timeZone }: { fromMs: number; toMs: number; timeZone: string },
  limits: BusyCalendarLimits = BUSY_CALENDAR_LIMITS,
): Promise<BusySpan[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { icalPath, text, fromMs, toMs, timeZone, limits },
      // Below about 16 MB a worker cannot even start, and V8 then ends the whole process.
      resourceLimits: {
        maxOldGenerationSizeMb: Math.max(16, limits.memoryMb),
        maxYoungGenerationSizeMb: 16,
        stackSizeMb: 4,
      },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (outcome: { spans?: BusySpan[]; error?: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (outcome.spans) resolve(outcome.spans);
      else reject(new BusyCalendarError(outcome.error ?? "The calendar could not be read."));
    };
    const timer = setTimeout(
      () => settle({ error: `Reading the calendar took longer than ${limits.timeoutMs / 1000} s.` }),
      limits.timeoutMs,
    );
    worker.on("message", (message: { spans?: BusySpan[]; error?: string }) => settle(message));
    worker.on("error", (error: Error & { code?: string }) =>
      settle({
        error:
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? `Reading the calendar needed more than ${limits.memoryMb} MB of memory.`
            : `The calendar could not be read: ${error.message.slice(0, 200)}`,
      }),
    );
    worker.on("exit", () => settle({ error: "Reading the calendar stopped before it finished." }));
  });
}
