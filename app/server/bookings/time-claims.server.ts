import type { Kysely, Transaction } from "kysely";
import { GRANULE_MINUTES } from "~/lib/schemas/availability";
import type { DB } from "../db/schema.server";
import type { Span } from "./slots.server";

const MINUTE = 60_000;

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
export async function claimTime(
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

export async function releaseTime(trx: Transaction<DB>, bookingId: string) {
  await trx.deleteFrom("booking_slot_claims").where("booking_id", "=", bookingId).execute();
  await trx.deleteFrom("booking_day_claims").where("booking_id", "=", bookingId).execute();
}

/**
 * Deletes the leads' calls and frees the time they held: a deleted or erased lead leaves no call with
 * its visitor's name and address behind. Call inside a transaction; returns how many calls went.
 */
export async function deleteCallsOfLeads(trx: Kysely<DB>, leadIds: string[]) {
  const calls = trx.selectFrom("bookings").select("id").where("lead_id", "in", leadIds);
  await trx.deleteFrom("booking_slot_claims").where("booking_id", "in", calls).execute();
  await trx.deleteFrom("booking_day_claims").where("booking_id", "in", calls).execute();
  const deleted = await trx.deleteFrom("bookings").where("lead_id", "in", leadIds).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** The chosen start is no longer free (someone else took it meanwhile). */
export class SlotTaken extends Error {
  override name = "SlotTaken";
}
