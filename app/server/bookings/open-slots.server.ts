import { sql } from "kysely";
import { dayIn } from "~/lib/time-zone";
import { dialectOf } from "../db/database.server";
import type { Database, Row } from "../db/schema.server";
import { fromBool } from "../db/values.server";
import { getLeadAssignment, OWNER_ROLES } from "../leads/owners.server";
import { type Availability, availabilityOf } from "./availability.server";
import { liveStatusCondition } from "./live-statuses.server";
import { freeStarts, openStarts, type Taken } from "./slots.server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export { LIVE_STATUSES } from "./live-statuses.server";

/** How many nearby free starts a visitor who lost a race is offered. */
const NEAREST_COUNT = 6;

// --- Who takes the call ------------------------------------------------------------------------

/** Every active admin or sales member (`active`), and those of them who set hours, with their availability. */
async function staffTakingCalls(db: Database) {
  const rows = await db
    .selectFrom("user")
    .innerJoin("user_roles", "user_roles.user_id", "user.id")
    .leftJoin("staff_availability", "staff_availability.user_id", "user.id")
    .selectAll("staff_availability")
    .select(["user.id as staff_id", "user.disabled"])
    .where("user_roles.role", "in", OWNER_ROLES)
    .execute();
  const active = new Set<string>();
  const withHours = new Map<string, Availability>();
  for (const { staff_id, disabled, ...availability } of rows) {
    if (fromBool(disabled)) continue;
    active.add(staff_id);
    if (availability.user_id === null || withHours.has(staff_id)) continue;
    const schedule = availabilityOf(availability as Row<"staff_availability">);
    if (schedule.weekly.length > 0 || schedule.overrides.length > 0) withHours.set(staff_id, schedule);
  }
  return { active, withHours };
}

/**
 * The staff members a lead's call may go to, with their availability: the lead's owner when they
 * take calls, otherwise the automatic-assignment rule (the lead's form's own owner, else the round
 * robin's people, else every admin and sales member). Only people who set their hours take calls.
 * Two queries, whatever the rule: slot lists are computed on every visit to the booking page.
 */
export async function eligibleStaff(
  db: Database,
  lead: { ownerId: string | null; formId: string | null } | null,
): Promise<Availability[]> {
  const [rule, { active, withHours }] = await Promise.all([getLeadAssignment(db), staffTakingCalls(db)]);
  const owner = lead?.ownerId ? withHours.get(lead.ownerId) : undefined;
  if (owner) return [owner];
  const formOwner = lead?.formId ? withHours.get(rule.perForm[lead.formId] ?? "") : undefined;
  if (formOwner) return [formOwner];
  const pool = rule.roundRobin.filter((id) => active.has(id));
  // In the round robin's order when there is one, so that ties go the way the rule turns.
  const order = pool.length > 0 ? pool : [...active].sort();
  return order.flatMap((id) => withHours.get(id) ?? []);
}

/**
 * A stored instant as whole epoch milliseconds, computed by the database: parsing thousands of
 * timestamps in JavaScript (and, on PostgreSQL, formatting them as text first) cost more than the query.
 */
function epochMs(db: Database, column: string) {
  return dialectOf(db) === "postgres"
    ? sql<number>`(extract(epoch from ${sql.ref(column)}) * 1000)::bigint`
    : sql<number>`(unixepoch(${sql.ref(column)}) * 1000)`;
}

/**
 * What fills each of these staff members' time between two instants: live calls with their buffers,
 * and calendar busy times. One round trip, one row per person: each held span as "start,end,call"
 * (epoch ms; `call` is the call's own start, 0 for a busy time) joined with commas, since reading
 * thousands of rows cost more than computing the slots.
 */
export async function loadTaken(
  db: Database,
  staff: Availability[],
  { fromMs, toMs }: { fromMs: number; toMs: number },
) {
  const taken = new Map<string, Taken>(
    staff.map((each) => [each.staffId, { spans: [], callsPerDay: new Map<string, number>() }]),
  );
  if (staff.length === 0) return taken;
  const ids = staff.map((each) => each.staffId);
  // A day either side, for buffers that reach over the edge and for whole days' counts.
  const from = new Date(fromMs - DAY).toISOString();
  const to = new Date(toMs + DAY).toISOString();
  const spans = db
    .selectFrom("bookings")
    .select([
      "staff_id",
      sql<number>`${epochMs(db, "starts_at")} - buffer_before_minutes * ${MINUTE}`.as("held_start"),
      sql<number>`${epochMs(db, "ends_at")} + buffer_after_minutes * ${MINUTE}`.as("held_end"),
      epochMs(db, "starts_at").as("call_start"),
    ])
    .where("staff_id", "in", ids)
    .where(liveStatusCondition())
    .where("starts_at", ">=", from)
    .where("starts_at", "<", to)
    .unionAll(
      db
        .selectFrom("staff_busy_times")
        .select([
          "user_id as staff_id",
          epochMs(db, "starts_at").as("held_start"),
          epochMs(db, "ends_at").as("held_end"),
          sql<number>`0`.as("call_start"),
        ])
        .where("user_id", "in", ids)
        .where("ends_at", ">", from)
        .where("starts_at", "<", to),
    );
  const joined =
    dialectOf(db) === "postgres"
      ? sql<string>`string_agg(held_start || ',' || held_end || ',' || call_start, ',')`
      : sql<string>`group_concat(held_start || ',' || held_end || ',' || call_start, ',')`;
  const rows = await db
    .selectFrom(spans.as("spans"))
    .select(["staff_id", joined.as("spans")])
    .groupBy("staff_id")
    .execute();
  const byId = new Map(staff.map((each) => [each.staffId, each]));
  for (const row of rows) {
    const entry = taken.get(row.staff_id) as Taken;
    const schedule = byId.get(row.staff_id) as Availability;
    const numbers = row.spans.split(",");
    for (let i = 0; i + 2 < numbers.length; i += 3) {
      entry.spans.push({ startMs: Number(numbers[i]), endMs: Number(numbers[i + 1]) });
      const callStart = Number(numbers[i + 2]);
      // Days' counts matter only to those with a daily maximum.
      if (callStart === 0 || schedule.maxPerDay === null) continue;
      const day = dayIn(schedule.timeZone, callStart);
      entry.callsPerDay.set(day, (entry.callsPerDay.get(day) ?? 0) + 1);
    }
  }
  return taken;
}

// --- What a visitor is offered -----------------------------------------------------------------

export type OpenSlots = { starts: number[]; staffCount: number };

/** Every start any eligible staff member is free at, from now to the longest horizon among them. */
export async function listOpenSlots(
  db: Database,
  lead: { ownerId: string | null; formId: string | null } | null,
  { nowMs, fromMs = nowMs, toMs }: { nowMs: number; fromMs?: number; toMs?: number },
): Promise<OpenSlots> {
  const staff = await eligibleStaff(db, lead);
  if (staff.length === 0) return { starts: [], staffCount: 0 };
  const until = toMs ?? nowMs + Math.max(...staff.map((each) => each.horizonDays)) * DAY;
  const taken = await loadTaken(db, staff, { fromMs, toMs: until });
  const starts = openStarts(
    staff.map((schedule) => ({ schedule, taken: taken.get(schedule.staffId) as Taken })),
    { nowMs, fromMs, toMs: until },
  );
  return { starts, staffCount: staff.length };
}

/** The free starts closest to one that was taken, for the visitor who lost it. */
export async function nearestOpenSlots(
  db: Database,
  lead: Parameters<typeof listOpenSlots>[1],
  startMs: number,
  nowMs: number,
) {
  const { starts } = await listOpenSlots(db, lead, { nowMs });
  return [...starts]
    .sort((a, b) => Math.abs(a - startMs) - Math.abs(b - startMs) || a - b)
    .slice(0, NEAREST_COUNT)
    .sort((a, b) => a - b);
}

/** Who of these staff members is free at the start, by their own rules and what they have now. */
export async function freeAt(db: Database, staff: Availability[], startMs: number, nowMs: number) {
  const window = { fromMs: startMs - DAY, toMs: startMs + DAY };
  const taken = await loadTaken(db, staff, window);
  return staff.filter((schedule) =>
    freeStarts(schedule, taken.get(schedule.staffId) as Taken, { nowMs, ...window }).includes(startMs),
  );
}
