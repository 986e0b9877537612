// The incoming side: each staff member's own busy-time calendar, read from the address they give.
// The outgoing side, their calls as a feed for their calendar app, is staff-feed.server.ts.
import http from "node:http";
import https from "node:https";
import type { Logger } from "pino";
import { type Leadership, runWhileLeader } from "../background/lease.server";
import type { Database } from "../db/schema.server";
import { guardedLookup, type Resolver, resolveAllowed, systemResolver } from "../webhooks/address-guard.server";
import { type BusyCalendarLimits, type BusySpan, parseBusyCalendar } from "./busy-calendar-parser.server";

export const CALENDAR_TIMEOUT_MS = 10_000;
/** A calendar larger than this is refused rather than read (a year of a busy diary is far smaller). */
export const CALENDAR_MAX_BYTES = 2 * 1024 * 1024;
export const CALENDAR_REFRESH_MS = 5 * 60_000;
/** How far ahead busy times are read: beyond any booking horizon a staff member may set in practice. */
const LOOK_AHEAD_MS = 60 * 24 * 60 * 60_000;

type FetchOptions = {
  allowPrivate: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
  parseLimits?: BusyCalendarLimits;
};

/**
 * Reads a calendar address the way webhooks are sent: only to public addresses (checked again at
 * connect time), no redirects, a time limit, and no more than `maxBytes` of answer.
 */
export async function fetchCalendar(
  address: string,
  {
    allowPrivate,
    resolve = systemResolver,
    timeoutMs = CALENDAR_TIMEOUT_MS,
    maxBytes = CALENDAR_MAX_BYTES,
  }: FetchOptions,
) {
  const target = new URL(address.replace(/^webcal:/i, "https:"));
  if (target.protocol !== "https:" && !(allowPrivate && target.protocol === "http:")) {
    throw new Error("The calendar address must use https.");
  }
  if (!allowPrivate) await resolveAllowed(target.hostname, resolve);
  const client = target.protocol === "https:" ? https : http;
  return new Promise<string>((resolveText, reject) => {
    const request = client.get(
      target,
      {
        lookup: allowPrivate ? undefined : guardedLookup(resolve),
        timeout: timeoutMs,
        headers: { accept: "text/calendar" },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`The calendar address answered ${response.statusCode}.`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            reject(new Error(`The calendar is larger than ${Math.max(1, Math.round(maxBytes / 1024))} KB.`));
            response.removeAllListeners("data");
            request.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolveText(Buffer.concat(chunks).toString("utf8")));
        response.on("error", reject);
        response.on("aborted", () => reject(new Error("The calendar address stopped answering.")));
      },
    );
    const timer = setTimeout(
      () => request.destroy(new Error("The calendar address did not answer in time.")),
      timeoutMs,
    );
    request.on("close", () => clearTimeout(timer));
    request.on("error", reject);
  });
}

/** Reads one staff member's calendar and replaces their busy times with what it says now. */
export async function refreshStaffCalendar(db: Database, userId: string, options: FetchOptions & { nowMs?: number }) {
  const nowMs = options.nowMs ?? Date.now();
  const row = await db
    .selectFrom("staff_availability")
    .select(["calendar_url", "time_zone"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row?.calendar_url) return { ok: false as const, error: "No calendar address is set." };
  const checkedAt = new Date(nowMs).toISOString();
  let spans: BusySpan[];
  try {
    spans = await parseBusyCalendar(
      await fetchCalendar(row.calendar_url, options),
      { fromMs: nowMs - 24 * 60 * 60_000, toMs: nowMs + LOOK_AHEAD_MS, timeZone: row.time_zone },
      options.parseLimits,
    );
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    // The busy times last read stay: a calendar that is down for a moment frees nobody's time.
    await db
      .updateTable("staff_availability")
      .set({ calendar_checked_at: checkedAt, calendar_error: message })
      .where("user_id", "=", userId)
      .execute();
    return { ok: false as const, error: message };
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("staff_busy_times").where("user_id", "=", userId).execute();
    for (let start = 0; start < spans.length; start += 200) {
      await trx
        .insertInto("staff_busy_times")
        .values(
          spans.slice(start, start + 200).map((span) => ({
            user_id: userId,
            starts_at: new Date(span.startMs).toISOString(),
            ends_at: new Date(span.endMs).toISOString(),
          })),
        )
        .execute();
    }
    await trx
      .updateTable("staff_availability")
      .set({ calendar_checked_at: checkedAt, calendar_error: null })
      .where("user_id", "=", userId)
      .execute();
  });
  return { ok: true as const, busy: spans.length };
}

/** Every calendar, one after another (a slow one delays the rest, never overlaps them). */
export async function refreshAllCalendars(db: Database, options: FetchOptions & { nowMs?: number }) {
  const rows = await db
    .selectFrom("staff_availability")
    .select("user_id")
    .where("calendar_url", "is not", null)
    .execute();
  for (const row of rows) await refreshStaffCalendar(db, row.user_id, options);
  return rows.length;
}

/** Every few minutes, in the process that leads the deployment's background work. */
export function startCalendarRefresh(db: Database, logger: Logger, leadership: Leadership, options: FetchOptions) {
  return runWhileLeader(leadership, () => refreshAllCalendars(db, options), {
    everyMs: CALENDAR_REFRESH_MS,
    logger,
    label: "calendar refresh",
  });
}
