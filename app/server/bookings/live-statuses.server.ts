import { sql } from "kysely";
import type { BookingStatus } from "../db/schema.server";

/** Statuses of a call that still holds the staff member's time: the one definition of a live call. */
export const LIVE_STATUSES = ["booked", "rescheduled"] as const satisfies BookingStatus[];

export function isLive(status: string) {
  return (LIVE_STATUSES as readonly string[]).includes(status);
}

/**
 * The same rule as a query condition on `column`, with the statuses written as literals: a bound
 * parameter would keep PostgreSQL from matching the partial index of live calls (migration 0021).
 */
export function liveStatusCondition(column: "status" | "bookings.status" = "status") {
  return sql<boolean>`${sql.ref(column)} in (${sql.raw(LIVE_STATUSES.map((status) => `'${status}'`).join(", "))})`;
}
