import type { Transaction } from "kysely";
import { BOOK_PAGE_ENQUIRY, BOOKED_A_CALL } from "~/lib/booking-messages";
import { computeEstimate } from "~/lib/estimate";
import type { EstimatorAnswers } from "~/lib/estimator";
import { GRANULE_MINUTES } from "~/lib/schemas/availability";
import { dayIn, isTimeZone } from "~/lib/time-zone";
import { queueAdStage } from "../ads/conversions.server";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { dialectOf, isUniqueViolation } from "../db/database.server";
import type { Database, DB, Row } from "../db/schema.server";
import { fromJson, newId, toJson } from "../db/values.server";
import { retryOnFailover } from "../db/write-retry.server";
import { ESTIMATOR_FORM_NAME } from "../leads/estimator.server";
import { type Availability, listAvailability } from "./availability.server";
import { type BookingContext, linksOf, queueBookingMails, recordBookingEvent } from "./booking-notices.server";
import type { BookingLinks } from "./invitation.server";
import { isLive, LIVE_STATUSES } from "./live-statuses.server";
import { eligibleStaff, freeAt, loadTaken, nearestOpenSlots } from "./open-slots.server";
import { freeStarts, heldSpan, type Taken } from "./slots.server";
import { claimTime, releaseTime, SlotTaken } from "./time-claims.server";

const auditBooking = auditOf("booking");
const auditLead = auditOf("lead");

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// --- Booking ---------------------------------------------------------------------------------------

export type BookingRequest = {
  leadId: string;
  startMs: number;
  visitorTimeZone: string;
  actor?: AuditActor | null;
  /** The name and e-mail the visitor typed, when the enquiry landed on a person already known: the
   * invitation goes to them and shows them, never what the lead holds. */
  visitor?: { name: string; email: string };
};

export type BookingOutcome =
  | { ok: true; bookingId: string; links: BookingLinks }
  | { ok: false; nearest: number[]; existing?: undefined }
  /** The lead has an upcoming call already: one enquiry holds one call, which its links move or cancel. */
  | { ok: false; nearest?: undefined; existing: BookingLinks };

/** Thrown inside a booking's transaction when the lead already holds an upcoming call. */
class AlreadyBooked extends Error {
  constructor(readonly booking: { id: string; sequence: number; ends_at: string }) {
    super("the lead already has an upcoming call");
  }
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

async function tryBooking(
  db: Database,
  request: BookingRequest,
  context: BookingContext,
  { bookingId, retried }: { bookingId: string; retried: boolean },
) {
  return db.transaction().execute(async (trx) => {
    // Sent again after the primary went: the first attempt may have committed with its answer lost.
    const earlier = retried
      ? await trx.selectFrom("bookings").select(["id", "ends_at"]).where("id", "=", bookingId).executeTakeFirst()
      : undefined;
    if (earlier) {
      return { bookingId, links: linksOf(context, { id: bookingId, sequence: 0, endsAt: earlier.ends_at }) };
    }
    // The lead's row is held to the end: two bookings of one enquiry at once take turns, and the
    // second sees the first's call (SQLite's writers take turns already).
    const leadQuery = trx.selectFrom("leads").selectAll().where("id", "=", request.leadId);
    const lead = await (dialectOf(trx) === "postgres" ? leadQuery.forUpdate() : leadQuery).executeTakeFirst();
    if (!lead) throw new AppError("NOT_FOUND", "This enquiry no longer exists.");
    const upcoming = await trx
      .selectFrom("bookings")
      .select(["id", "sequence", "ends_at"])
      .where("lead_id", "=", lead.id)
      .where("status", "in", LIVE_STATUSES)
      .where("ends_at", ">", new Date(context.nowMs).toISOString())
      .executeTakeFirst();
    if (upcoming) throw new AlreadyBooked(upcoming);
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
      id: bookingId,
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
      visitor_name: request.visitor?.name ?? lead.name,
      visitor_email: request.visitor?.email ?? lead.email,
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
    if (lead.message === BOOK_PAGE_ENQUIRY) {
      await trx.updateTable("leads").set({ message: BOOKED_A_CALL }).where("id", "=", lead.id).execute();
    }
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

/** Whether a request's start is one a visitor could have been shown (a whole granule, a zone we know, not past). */
function checkRequest(request: Pick<BookingRequest, "startMs" | "visitorTimeZone">, nowMs: number) {
  if (!Number.isFinite(request.startMs) || request.startMs % (GRANULE_MINUTES * MINUTE) !== 0) {
    throw new AppError("INVALID_INPUT", "Choose one of the times offered.", { field: "start" });
  }
  // A page left open overnight offers yesterday's times: nobody took it, it has gone by.
  if (request.startMs <= nowMs) {
    throw new AppError("INVALID_INPUT", "That time has already passed. Please choose a later one.", {
      field: "start",
    });
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
  checkRequest(request, context.nowMs);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // The id is chosen once, so that an attempt sent again to a new primary finds its booking.
      const bookingId = newId();
      const booked = await retryOnFailover(db, ({ retried }) =>
        tryBooking(db, request, context, { bookingId, retried }),
      );
      return { ok: true, ...booked };
    } catch (error) {
      if (error instanceof AlreadyBooked) {
        const { id, sequence, ends_at: endsAt } = error.booking;
        return { ok: false, existing: linksOf(context, { id, sequence, endsAt }) };
      }
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
): Promise<Exclude<BookingOutcome, { existing: BookingLinks }>> {
  const current = await getBooking(db, bookingId);
  if (!current || !isLive(current.status)) {
    throw new AppError("CONFLICT", "This call was cancelled or has taken place; it can no longer be moved.");
  }
  checkRequest({ startMs, visitorTimeZone: current.visitor_time_zone }, context.nowMs);
  try {
    const moved = await db.transaction().execute(async (trx) => {
      const booking = await trx
        .selectFrom("bookings")
        .selectAll()
        .where("id", "=", bookingId)
        .executeTakeFirstOrThrow();
      if (booking.sequence !== current.sequence || !isLive(booking.status)) throw new SlotTaken();
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
    reason = null,
  }: { bookingId: string; actor?: AuditActor | null; expectedSequence?: number; reason?: string | null },
  context: BookingContext,
) {
  await db.transaction().execute(async (trx) => {
    const booking = await trx.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
    if (!booking) throw new AppError("NOT_FOUND", "This booking no longer exists.");
    if (!isLive(booking.status)) {
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
    // Staff may say why; the visitor reads it in the cancellation.
    await queueBookingMails(trx, updated, "cancelled", context, { reason });
    await recordBookingEvent(trx, "booking.cancelled", updated, at);
    await auditBooking(trx, actor, "booking.cancel", bookingId, { startsAt: booking.starts_at });
  });
}

/**
 * Whose calls a staff member may cancel or mark, by the rule for leads: admins any; sales their own
 * calls and those of leads nobody owns (or they own).
 */
export async function requireCallAccess(db: Database, bookingId: string, staff: { id: string; role: string | null }) {
  if (staff.role === "admin") return;
  const row = await db
    .selectFrom("bookings")
    .innerJoin("leads", "leads.id", "bookings.lead_id")
    .select(["bookings.staff_id", "leads.owner_id"])
    .where("bookings.id", "=", bookingId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "This booking no longer exists.");
  if (row.staff_id === staff.id || row.owner_id === null || row.owner_id === staff.id) return;
  throw new AppError("FORBIDDEN", "This call is another person's: only they or an admin can change it.");
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
    if (booking.lead_id) {
      await queueAdStage(
        trx,
        [booking.lead_id],
        status === "completed" ? "call_held" : "no_show",
        new Date(nowMs).toISOString(),
      );
    }
    await auditBooking(trx, actor, `booking.${status}`, bookingId, { from: booking.status });
  });
}
