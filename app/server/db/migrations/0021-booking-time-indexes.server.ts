import { type Kysely, sql } from "kysely";
import * as kit from "./schema-kit.server";

/**
 * Indexes that answer a slot list from the index alone: each staff member's live calls in time order
 * with their ends and buffers (only live calls, so cancelled and past ones cost nothing), and their
 * calendar busy times with their ends. The live-call index also lists a person's upcoming calls.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create index bookings_staff_live_span_idx
    on bookings (staff_id, starts_at, ends_at, buffer_before_minutes, buffer_after_minutes, status)
    where status in ('booked', 'rescheduled')`.execute(db);
  await db.schema.dropIndex("staff_busy_times_user_idx").ifExists().execute();
  await kit.createIndexes(db, "staff_busy_times", {
    staff_busy_times_user_span_idx: ["user_id", "starts_at", "ends_at"],
  });
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("staff_busy_times_user_span_idx").ifExists().execute();
  await kit.createIndexes(db, "staff_busy_times", { staff_busy_times_user_idx: ["user_id", "starts_at"] });
  await db.schema.dropIndex("bookings_staff_live_span_idx").ifExists().execute();
}
