import { sql, type Transaction } from "kysely";
import { computeEstimate } from "~/lib/estimate";
import type { EstimatorAnswers } from "~/lib/estimator";
import { GRANULE_MINUTES } from "~/lib/schemas/availability";
import { dayIn, isTimeZone } from "~/lib/time-zone";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { isUniqueViolation } from "../db/database.server";
import type { BookingStatus, Database, DB, Row } from "../db/schema.server";
import { fromJson, newId, toJson } from "../db/values.server";
import { ESTIMATOR_FORM_NAME } from "../leads/estimator.server";
import { findAssignableStaff, getLeadAssignment, listAssignableStaff } from "../leads/owners.server";
import { queueMails } from "../mail/outbox.server";
import { recordWebhookEvent } from "../webhooks/events.server";
import { type Availability, listAvailability } from "./availability.server";
import { type LinkPurpose, signLink } from "./booking-links.server";
import {
  type BookingFacts,
  type BookingLinks,
  cancellationMails,
  invitationMails,
  reminderMails,
} from "./invitation.server";
import { freeStarts, heldSpan, type Span, type Taken, unionOfFreeStarts } from "./slots.server";

const auditBooking = auditOf("booking");
const auditLead = auditOf("lead");

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Statuses that hold the staff member's time. */
export const LIVE_STATUSES = ["booked", "rescheduled"] as const satisfies BookingStatus[];
/** How many nearby free starts a visitor who lost a race is offered. */
const NEAREST_COUNT = 6;

/** What a booking needs to know about where it is going out: links, invitations, the clock. */
export type BookingContext = { baseUrl: string; secret: string; nowMs: number; queuedNote?: string | null };

// --- Who takes the call ------------------------------------------------------------------------

/**
 * The staff members a lead's call may go to, with their availability: the lead's owner when they
 * take calls, otherwise the automatic-assignment rule (the lead's form's own owner, else the round
 * robin's people, else every admin and sales member). Only people who set their hours take calls.
 */
export async function eligibleStaff(
  db: Database,
  lead: { ownerId: string | null; formId: string | null } | null,
): Promise<Availability[]> {
  const withHours = async (ids: string[]) =>
    (await listAvailability(db, ids)).filter((each) => each.weekly.length > 0 || each.overrides.length > 0);
  if (lead?.ownerId && (await findAssignableStaff(db, lead.ownerId))) {
    const owner = await withHours([lead.ownerId]);
    if (owner.length > 0) return owner;
  }
  const rule = await getLeadAssignment(db);
  const active = new Set((await listAssignableStaff(db)).map((member) => member.id));
  const formOwner = lead?.formId ? rule.perForm[lead.formId] : undefined;
  if (formOwner && active.has(formOwner)) {
    const owner = await withHours([formOwner]);
    if (owner.length > 0) return owner;
  }
  const pool = rule.roundRobin.filter((id) => active.has(id));
  const people = await withHours(pool.length > 0 ? pool : [...active]);
  // In the round robin's order when there is one, so that ties go the way the rule turns.
  const order = pool.length > 0 ? pool : [...active].sort();
  return people.sort((a, b) => order.indexOf(a.staffId) - order.indexOf(b.staffId));
}

/** What fills each of these staff members' time between two instants: live calls with buffers, busy times. */
async function loadTaken(db: Database, staff: Availability[], { fromMs, toMs }: { fromMs: number; toMs: number }) {
  const taken = new Map<string, Taken>(
    staff.map((each) => [each.staffId, { spans: [], callsPerDay: new Map<string, number>() }]),
  );
  if (staff.length === 0) return taken;
  const ids = staff.map((each) => each.staffId);
  // A day either side, for buffers that reach over the edge and for whole days' counts.
  const from = new Date(fromMs - DAY).toISOString();
  const to = new Date(toMs + DAY).toISOString();
  // One round trip: live calls (with their buffers) and calendar busy times, told apart by `is_call`.
  const rows = await db
    .selectFrom("bookings")
    .select([
      "staff_id",
      "starts_at",
      "ends_at",
      "buffer_before_minutes",
      "buffer_after_minutes",
      sql<number>`1`.as("is_call"),
    ])
    .where("staff_id", "in", ids)
    .where("status", "in", LIVE_STATUSES)
    .where("starts_at", ">=", from)
    .where("starts_at", "<", to)
    .unionAll(
      db
        .selectFrom("staff_busy_times")
        .select([
          "user_id as staff_id",
          "starts_at",
          "ends_at",
          sql<number>`0`.as("buffer_before_minutes"),
          sql<number>`0`.as("buffer_after_minutes"),
          sql<number>`0`.as("is_call"),
        ])
        .where("user_id", "in", ids)
        .where("ends_at", ">", from)
        .where("starts_at", "<", to),
    )
    .execute();
  const zoneOf = new Map(staff.map((each) => [each.staffId, each.timeZone]));
  for (const row of rows) {
    const entry = taken.get(row.staff_id) as Taken;
    const startMs = Date.parse(row.starts_at);
    entry.spans.push({
      startMs: startMs - Number(row.buffer_before_minutes) * MINUTE,
      endMs: Date.parse(row.ends_at) + Number(row.buffer_after_minutes) * MINUTE,
    });
    if (Number(row.is_call) !== 1) continue;
    const day = dayIn(zoneOf.get(row.staff_id) as string, startMs);
    entry.callsPerDay.set(day, (entry.callsPerDay.get(day) ?? 0) + 1);
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
  const union = unionOfFreeStarts(
    staff.map((schedule) => ({ schedule, taken: taken.get(schedule.staffId) as Taken })),
    { nowMs, fromMs, toMs: until },
  );
  return { starts: union.map((slot) => slot.startMs), staffCount: staff.length };
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

// --- Holding time in the database ---------------------------------------------------------------

/** The five-minute granules (epoch minutes) a call holds with its buffers. */
export function granulesOf(span: Span) {
  const step = GRANULE_MINUTES;
  const first = Math.floor(span.startMs / MINUTE / step) * step;
  const last = Math.ceil(span.endMs / MINUTE / step) * step;
  const granules: number[] = [];
  for (let granule = first; granule < last; granule += step) granules.push(granule);
  return granules;
}

/**
 * Claims the call's time for the staff member: one row per granule under a unique key, so two calls
 * that overlap anywhere (buffers included) cannot both commit, on either database, whatever each
 * transaction read. With a daily maximum, the call also takes one of the day's numbered places.
 */
async function claimTime(
  trx: Transaction<DB>,
  booking: { id: string; staffId: string; span: Span },
  day: string,
  maxPerDay: number | null,
) {
  await trx
    .insertInto("booking_slot_claims")
    .values(granulesOf(booking.span).map((granule) => ({ staff_id: booking.staffId, granule, booking_id: booking.id })))
    .execute();
  if (maxPerDay === null) return;
  const taken = new Set(
    (
      await trx
        .selectFrom("booking_day_claims")
        .select("place")
        .where("staff_id", "=", booking.staffId)
        .where("day", "=", day)
        .execute()
    ).map((row) => row.place),
  );
  let place = 1;
  while (taken.has(place)) place++;
  if (place > maxPerDay) throw new SlotTaken();
  await trx
    .insertInto("booking_day_claims")
    .values({ staff_id: booking.staffId, day, place, booking_id: booking.id })
    .execute();
}

async function releaseTime(trx: Transaction<DB>, bookingId: string) {
  await trx.deleteFrom("booking_slot_claims").where("booking_id", "=", bookingId).execute();
  await trx.deleteFrom("booking_day_claims").where("booking_id", "=", bookingId).execute();
}

/** The chosen start is no longer free (someone else took it meanwhile). */
export class SlotTaken extends Error {
  override name = "SlotTaken";
}

// --- Booking ---------------------------------------------------------------------------------------

export type BookingRequest = {
  leadId: string;
  startMs: number;
  visitorTimeZone: string;
  actor?: AuditActor | null;
};

export type BookingOutcome = { ok: true; bookingId: string; links: BookingLinks } | { ok: false; nearest: number[] };

export function linksOf(
  context: Pick<BookingContext, "baseUrl" | "secret">,
  booking: { id: string; sequence: number; endsAt: string },
): BookingLinks {
  const expiresMs = Date.parse(booking.endsAt);
  const link = (purpose: LinkPurpose, path: string) =>
    `${context.baseUrl}${path}?token=${encodeURIComponent(signLink(context.secret, { id: booking.id, purpose, sequence: booking.sequence, expiresMs }))}`;
  return {
    // The booking's own page stays readable a week after the call.
    view: `${context.baseUrl}/book/booking?token=${encodeURIComponent(signLink(context.secret, { id: booking.id, purpose: "view", sequence: booking.sequence, expiresMs: expiresMs + 7 * DAY }))}`,
    reschedule: link("reschedule", "/book/reschedule"),
    cancel: link("cancel", "/book/cancel"),
  };
}

async function bookingFacts(db: Database, booking: Row<"bookings">): Promise<BookingFacts> {
  const staff = await db
    .selectFrom("user")
    .select(["name", "email"])
    .where("id", "=", booking.staff_id)
    .executeTakeFirst();
  return {
    id: booking.id,
    leadId: booking.lead_id,
    sequence: booking.sequence,
    startsAt: booking.starts_at,
    endsAt: booking.ends_at,
    visitorName: booking.visitor_name,
    visitorEmail: booking.visitor_email,
    visitorTimeZone: booking.visitor_time_zone,
    staffName: staff?.name ?? "",
    staffEmail: staff?.email ?? "",
    staffTimeZone: booking.staff_time_zone,
    meetingKind: booking.meeting_kind,
    meetingDetail: booking.meeting_detail,
  };
}

/** The visitor's latest cost estimate, if they made one, in brief. */
async function latestEstimate(db: Database, email: string) {
  const row = await db
    .selectFrom("leads")
    .innerJoin("forms", "forms.id", "leads.form_id")
    .innerJoin("form_submissions", "form_submissions.lead_id", "leads.id")
    .select("form_submissions.data")
    .where("leads.email", "=", email)
    .where("forms.name", "=", ESTIMATOR_FORM_NAME)
    .orderBy("form_submissions.created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const answers = fromJson<Partial<EstimatorAnswers>>(row.data, {});
  if (typeof answers.monthlyAdSpend !== "number" || typeof answers.campaignDuration !== "number") return null;
  const estimate = computeEstimate(answers as EstimatorAnswers);
  return {
    currency: estimate.currency,
    monthlyAdSpend: estimate.monthlyAdSpend,
    campaignDuration: estimate.campaignDuration,
    firstMonthTotal: estimate.firstMonthTotal,
  };
}

const host = (baseUrl: string) => new URL(baseUrl).host;

async function queueBookingMails(
  trx: Transaction<DB>,
  booking: Row<"bookings">,
  kind: "new" | "moved" | "cancelled",
  context: BookingContext,
) {
  // Reminders of the time it had are withdrawn; the new time gets its own.
  await trx
    .deleteFrom("email_outbox")
    .where("booking_id", "=", booking.id)
    .where("kind", "=", "booking_reminder")
    .where("status", "=", "queued")
    .execute();
  const facts = await bookingFacts(trx, booking);
  const options = { host: host(context.baseUrl), stampMs: context.nowMs, baseUrl: context.baseUrl };
  const at = new Date(context.nowMs).toISOString();
  if (kind === "cancelled") {
    await queueMails(trx, cancellationMails(facts, options), at, context.queuedNote ?? null);
    return;
  }
  const links = linksOf(context, { id: booking.id, sequence: booking.sequence, endsAt: booking.ends_at });
  await queueMails(
    trx,
    [...invitationMails(facts, kind, { ...options, links }), ...reminderMails(facts, { nowMs: context.nowMs, links })],
    at,
    context.queuedNote ?? null,
  );
}

function webhookBooking(booking: Row<"bookings">) {
  return {
    id: booking.id,
    lead_id: booking.lead_id,
    staff_id: booking.staff_id,
    starts_at: booking.starts_at,
    ends_at: booking.ends_at,
    visitor_time_zone: booking.visitor_time_zone,
    status: booking.status,
    sequence: booking.sequence,
    utm_campaign: booking.utm_campaign,
    landing_path: booking.landing_path,
    estimate: fromJson(booking.estimate, null),
  };
}

async function recordBookingEvent(
  trx: Transaction<DB>,
  type: "booking.created" | "booking.rescheduled" | "booking.cancelled",
  booking: Row<"bookings">,
  at: string,
) {
  await recordWebhookEvent(trx, {
    type,
    at,
    leadId: booking.lead_id,
    email: booking.visitor_email,
    data: { booking: webhookBooking(booking) },
  });
}

/** Round robin among free staff: the shared cursor moves one on, and the first free person from there takes it. */
async function pickStaff(trx: Transaction<DB>, free: Availability[]) {
  if (free.length === 1) return free[0] as Availability;
  const cursor = await trx
    .updateTable("lead_assignment_cursor")
    .set((eb) => ({ position: eb("position", "+", 1) }))
    .where("id", "=", 1)
    .returning("position")
    .executeTakeFirst();
  const position = (Number(cursor?.position ?? 1) - 1) % free.length;
  return free[position] as Availability;
}

/** Who of these staff members is free at the start, by their own rules and what they have now. */
async function freeAt(db: Database, staff: Availability[], startMs: number, nowMs: number) {
  const window = { fromMs: startMs - DAY, toMs: startMs + DAY };
  const taken = await loadTaken(db, staff, window);
  return staff.filter((schedule) =>
    freeStarts(schedule, taken.get(schedule.staffId) as Taken, { nowMs, ...window }).includes(startMs),
  );
}

async function tryBooking(db: Database, request: BookingRequest, context: BookingContext) {
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("leads").selectAll().where("id", "=", request.leadId).executeTakeFirst();
    if (!lead) throw new AppError("NOT_FOUND", "This enquiry no longer exists.");
    const candidates = await freeAt(
      trx,
      await eligibleStaff(trx, { ownerId: lead.owner_id, formId: lead.form_id }),
      request.startMs,
      context.nowMs,
    );
    if (candidates.length === 0) throw new SlotTaken();
    const staff = await pickStaff(trx, candidates);
    const at = new Date(context.nowMs).toISOString();
    const startsAt = new Date(request.startMs).toISOString();
    const booking: Row<"bookings"> = {
      id: newId(),
      lead_id: lead.id,
      staff_id: staff.staffId,
      starts_at: startsAt,
      ends_at: new Date(request.startMs + staff.callMinutes * MINUTE).toISOString(),
      buffer_before_minutes: staff.bufferBeforeMinutes,
      buffer_after_minutes: staff.bufferAfterMinutes,
      visitor_time_zone: request.visitorTimeZone,
      staff_time_zone: staff.timeZone,
      status: "booked",
      sequence: 0,
      visitor_name: lead.name,
      visitor_email: lead.email,
      meeting_kind: staff.meetingKind,
      meeting_detail: staff.meetingDetail,
      utm_campaign: lead.utm_campaign,
      landing_path: lead.landing_path,
      estimate: null,
      created_at: at,
      updated_at: at,
    };
    const estimate = await latestEstimate(trx, lead.email);
    await trx
      .insertInto("bookings")
      .values({ ...booking, estimate: estimate ? toJson(estimate) : null })
      .execute();
    booking.estimate = estimate;
    await claimTime(
      trx,
      { id: booking.id, staffId: staff.staffId, span: heldSpan(request.startMs, staff) },
      dayIn(staff.timeZone, request.startMs),
      staff.maxPerDay,
    );
    if (!lead.owner_id) {
      await trx
        .updateTable("leads")
        .set({ owner_id: staff.staffId, updated_at: at })
        .where("id", "=", lead.id)
        .execute();
      await auditLead(trx, request.actor ?? null, "lead.assign", lead.id, {
        owner: { from: null, to: staff.staffId },
        by: "booking",
      });
    }
    await queueBookingMails(trx, booking, "new", context);
    await recordBookingEvent(trx, "booking.created", booking, at);
    await auditBooking(trx, request.actor ?? null, "booking.create", booking.id, {
      leadId: lead.id,
      staffId: staff.staffId,
      startsAt,
    });
    return { bookingId: booking.id, links: linksOf(context, { id: booking.id, sequence: 0, endsAt: booking.ends_at }) };
  });
}

/** Whether a request's start is one a visitor could have been shown (a whole granule, a zone we know). */
function checkRequest(request: Pick<BookingRequest, "startMs" | "visitorTimeZone">) {
  if (!Number.isFinite(request.startMs) || request.startMs % (GRANULE_MINUTES * MINUTE) !== 0) {
    throw new AppError("INVALID_INPUT", "Choose one of the times offered.", { field: "start" });
  }
  if (!isTimeZone(request.visitorTimeZone)) {
    throw new AppError("INVALID_INPUT", "Choose your time zone.", { field: "timeZone" });
  }
}

/**
 * Books the lead's call at the start, with whichever eligible staff member is free then. When
 * another booking took the time first (the database refuses the second claim), the next free person
 * gets it; when nobody is left, the visitor is offered the nearest free starts instead.
 */
export async function bookCall(
  db: Database,
  request: BookingRequest,
  context: BookingContext,
): Promise<BookingOutcome> {
  checkRequest(request);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const booked = await tryBooking(db, request, context);
      return { ok: true, ...booked };
    } catch (error) {
      if (!(error instanceof SlotTaken) && !isUniqueViolation(error)) throw error;
      if (error instanceof SlotTaken) break;
    }
  }
  const lead = await db
    .selectFrom("leads")
    .select(["owner_id", "form_id"])
    .where("id", "=", request.leadId)
    .executeTakeFirst();
  return {
    ok: false,
    nearest: await nearestOpenSlots(
      db,
      lead ? { ownerId: lead.owner_id, formId: lead.form_id } : null,
      request.startMs,
      context.nowMs,
    ),
  };
}

export async function getBooking(db: Database, bookingId: string) {
  return db.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
}

/** Moves a live booking to another start of the same staff member; the invitations follow (SEQUENCE + 1). */
export async function rescheduleBooking(
  db: Database,
  { bookingId, startMs, actor = null }: { bookingId: string; startMs: number; actor?: AuditActor | null },
  context: BookingContext,
): Promise<BookingOutcome> {
  const current = await getBooking(db, bookingId);
  if (!current || !(LIVE_STATUSES as readonly string[]).includes(current.status)) {
    throw new AppError("CONFLICT", "This call was cancelled or has taken place; it can no longer be moved.");
  }
  checkRequest({ startMs, visitorTimeZone: current.visitor_time_zone });
  try {
    const moved = await db.transaction().execute(async (trx) => {
      const booking = await trx
        .selectFrom("bookings")
        .selectAll()
        .where("id", "=", bookingId)
        .executeTakeFirstOrThrow();
      if (booking.sequence !== current.sequence || !(LIVE_STATUSES as readonly string[]).includes(booking.status))
        throw new SlotTaken();
      const [staff] = await listAvailability(trx, [booking.staff_id]);
      if (!staff) throw new SlotTaken();
      // Its own time does not stand in its way.
      await releaseTime(trx, booking.id);
      const window = { fromMs: startMs - DAY, toMs: startMs + DAY };
      const taken = (await loadTaken(trx, [staff], window)).get(staff.staffId) as Taken;
      const own = {
        startMs: Date.parse(booking.starts_at) - booking.buffer_before_minutes * MINUTE,
        endMs: Date.parse(booking.ends_at) + booking.buffer_after_minutes * MINUTE,
      };
      taken.spans = taken.spans.filter((span) => span.startMs !== own.startMs || span.endMs !== own.endMs);
      const ownDay = dayIn(staff.timeZone, Date.parse(booking.starts_at));
      taken.callsPerDay.set(ownDay, Math.max(0, (taken.callsPerDay.get(ownDay) ?? 0) - 1));
      if (!freeStarts(staff, taken, { nowMs: context.nowMs, ...window }).includes(startMs)) throw new SlotTaken();
      const at = new Date(context.nowMs).toISOString();
      const updated: Row<"bookings"> = {
        ...booking,
        starts_at: new Date(startMs).toISOString(),
        ends_at: new Date(startMs + staff.callMinutes * MINUTE).toISOString(),
        buffer_before_minutes: staff.bufferBeforeMinutes,
        buffer_after_minutes: staff.bufferAfterMinutes,
        status: "rescheduled",
        sequence: booking.sequence + 1,
        updated_at: at,
      };
      await trx
        .updateTable("bookings")
        .set({
          starts_at: updated.starts_at,
          ends_at: updated.ends_at,
          buffer_before_minutes: updated.buffer_before_minutes,
          buffer_after_minutes: updated.buffer_after_minutes,
          status: "rescheduled",
          sequence: updated.sequence,
          updated_at: at,
        })
        .where("id", "=", booking.id)
        .execute();
      await claimTime(
        trx,
        { id: booking.id, staffId: staff.staffId, span: heldSpan(startMs, staff) },
        dayIn(staff.timeZone, startMs),
        staff.maxPerDay,
      );
      await queueBookingMails(trx, updated, "moved", context);
      await recordBookingEvent(trx, "booking.rescheduled", updated, at);
      await auditBooking(trx, actor, "booking.reschedule", booking.id, {
        from: booking.starts_at,
        to: updated.starts_at,
      });
      return updated;
    });
    return {
      ok: true,
      bookingId,
      links: linksOf(context, { id: bookingId, sequence: moved.sequence, endsAt: moved.ends_at }),
    };
  } catch (error) {
    if (!(error instanceof SlotTaken) && !isUniqueViolation(error)) throw error;
    const lead = { ownerId: current.staff_id, formId: null };
    return { ok: false, nearest: await nearestOpenSlots(db, lead, startMs, context.nowMs) };
  }
}

/** Cancels a live booking: its time is free again, both invitations are withdrawn (METHOD:CANCEL). */
export async function cancelBooking(
  db: Database,
  {
    bookingId,
    actor = null,
    expectedSequence,
  }: { bookingId: string; actor?: AuditActor | null; expectedSequence?: number },
  context: BookingContext,
) {
  await db.transaction().execute(async (trx) => {
    const booking = await trx.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
    if (!booking) throw new AppError("NOT_FOUND", "This booking no longer exists.");
    if (!(LIVE_STATUSES as readonly string[]).includes(booking.status)) {
      throw new AppError("CONFLICT", "This call is already cancelled or has taken place.");
    }
    if (expectedSequence !== undefined && booking.sequence !== expectedSequence) {
      throw new AppError(
        "CONFLICT",
        "This link is for a time the call no longer has. Use the link in the latest e-mail.",
      );
    }
    const at = new Date(context.nowMs).toISOString();
    const updated: Row<"bookings"> = {
      ...booking,
      status: "cancelled",
      sequence: booking.sequence + 1,
      updated_at: at,
    };
    await trx
      .updateTable("bookings")
      .set({ status: "cancelled", sequence: updated.sequence, updated_at: at })
      .where("id", "=", bookingId)
      .execute();
    await releaseTime(trx, bookingId);
    await queueBookingMails(trx, updated, "cancelled", context);
    await recordBookingEvent(trx, "booking.cancelled", updated, at);
    await auditBooking(trx, actor, "booking.cancel", bookingId, { startsAt: booking.starts_at });
  });
}

/** Staff mark how a call went once it is over (or correct it). */
export async function setBookingOutcome(
  db: Database,
  bookingId: string,
  status: "completed" | "no_show",
  actor: AuditActor,
  nowMs = Date.now(),
) {
  await db.transaction().execute(async (trx) => {
    const booking = await trx.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
    if (!booking) throw new AppError("NOT_FOUND", "This booking no longer exists.");
    if (booking.status === "cancelled") throw new AppError("CONFLICT", "A cancelled call has no outcome.");
    if (Date.parse(booking.starts_at) > nowMs) throw new AppError("CONFLICT", "The call has not started yet.");
    await trx
      .updateTable("bookings")
      .set({ status, updated_at: new Date(nowMs).toISOString() })
      .where("id", "=", bookingId)
      .execute();
    // A call that happened no longer holds time: its claims would only weigh on the tables.
    await releaseTime(trx, bookingId);
    await auditBooking(trx, actor, `booking.${status}`, bookingId, { from: booking.status });
  });
}

export async function listLeadBookings(db: Database, leadId: string) {
  return db.selectFrom("bookings").selectAll().where("lead_id", "=", leadId).orderBy("starts_at", "desc").execute();
}

export type AgendaFilters = { fromIso: string; toIso: string; staffId: string | null; status: BookingStatus | null };

/** The calls starting in a span, with who takes them and the lead's name, in time order. */
export async function listAgenda(db: Database, filters: AgendaFilters) {
  let query = db
    .selectFrom("bookings")
    .innerJoin("user", "user.id", "bookings.staff_id")
    .select([
      "bookings.id",
      "bookings.lead_id",
      "bookings.starts_at",
      "bookings.ends_at",
      "bookings.status",
      "bookings.visitor_name",
      "bookings.visitor_email",
      "bookings.visitor_time_zone",
      "bookings.utm_campaign",
      "user.name as staff_name",
      "user.email as staff_email",
    ])
    .where("bookings.starts_at", ">=", filters.fromIso)
    .where("bookings.starts_at", "<", filters.toIso);
  if (filters.staffId) query = query.where("bookings.staff_id", "=", filters.staffId);
  if (filters.status) query = query.where("bookings.status", "=", filters.status);
  return query.orderBy("bookings.starts_at").limit(500).execute();
}
