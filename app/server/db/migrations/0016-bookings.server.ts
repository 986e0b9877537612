import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server";
import * as kit from "./schema-kit.server";

/**
 * Strategy calls: each staff member's availability, the bookings, the time each booking holds (one
 * row per five minutes of a staff member's day, so that the database itself refuses two calls that
 * overlap, buffers included), the busy times read from staff calendars, and the booking a mail
 * belongs to (its reminders go when the booking moves).
 */
export async function up(db: Kysely<unknown>) {
  const t = columnTypes(db);
  await kit
    .createTableKeyedBy(db, "staff_availability", "user_id")
    .addColumn("time_zone", "text", (c) => c.notNull())
    /** [{ days: [1..7], start: "09:00", end: "17:00" }], days counted from Monday. */
    .addColumn("weekly", t.json, (c) => c.notNull())
    /** [{ date: "2026-12-24", ranges: [...] }]; no ranges is a day off. */
    .$call(
      kit.requiredColumns({
        date_overrides: t.json,
        call_minutes: "integer",
        buffer_before_minutes: "integer",
        buffer_after_minutes: "integer",
        min_notice_minutes: "integer",
        horizon_days: "integer",
      }),
    )
    .addColumn("max_per_day", "integer")
    .addColumn("meeting_kind", "text", (c) => c.notNull())
    .addColumn("meeting_detail", "text")
    .addColumn("calendar_url", "text")
    .addColumn("calendar_checked_at", t.timestamp)
    .addColumn("calendar_error", "text")
    .addColumn("feed_token", "text")
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await kit.createIndexes(db, "staff_availability", {
    staff_availability_feed_token_unique: { columns: ["feed_token"], unique: true },
  });

  await kit
    .createTableWithId(db, "bookings")
    .$call(
      kit.requiredColumns({
        lead_id: "text",
        staff_id: "text",
        starts_at: t.timestamp,
        ends_at: t.timestamp,
        buffer_before_minutes: "integer",
        buffer_after_minutes: "integer",
        visitor_time_zone: "text",
        staff_time_zone: "text",
        status: "text",
      }),
    )
    /** The invitations' SEQUENCE: one more at each reschedule and at the cancellation. */
    .$call(
      kit.requiredColumns({ sequence: "integer", visitor_name: "text", visitor_email: "text", meeting_kind: "text" }),
    )
    .addColumn("meeting_detail", "text")
    .addColumn("utm_campaign", "text")
    .addColumn("landing_path", "text")
    .addColumn("estimate", t.json)
    .$call(kit.timestamps(t))
    .execute();
  // One live call per staff member per start, whatever else guards it.
  await kit.createIndexes(db, "bookings", {
    bookings_staff_start_live_unique: {
      columns: ["staff_id", "starts_at"],
      unique: true,
      where: ["status", "in", ["booked", "rescheduled"]],
    },
    bookings_starts_at_idx: ["starts_at", "staff_id"],
    bookings_lead_idx: ["lead_id", "starts_at"],
  });

  await db.schema
    .createTable("booking_slot_claims")
    .addColumn("staff_id", "text", (c) => c.notNull())
    /** The start of a five-minute granule the call (or its buffers) occupies, epoch minutes. */
    .addColumn("granule", "integer", (c) => c.notNull())
    .addColumn("booking_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("booking_slot_claims_pk", ["staff_id", "granule"])
    .execute();
  await kit.createIndexes(db, "booking_slot_claims", { booking_slot_claims_booking_idx: ["booking_id"] });

  await db.schema
    .createTable("booking_day_claims")
    .$call(kit.requiredColumns({ staff_id: "text", day: "text", place: "integer", booking_id: "text" }))
    .addPrimaryKeyConstraint("booking_day_claims_pk", ["staff_id", "day", "place"])
    .execute();
  await kit.createIndexes(db, "booking_day_claims", { booking_day_claims_booking_idx: ["booking_id"] });

  await db.schema
    .createTable("staff_busy_times")
    .$call(kit.requiredColumns({ user_id: "text", starts_at: t.timestamp, ends_at: t.timestamp }))
    .execute();
  await kit.createIndexes(db, "staff_busy_times", { staff_busy_times_user_idx: ["user_id", "starts_at"] });

  await db.schema.alterTable("email_outbox").addColumn("booking_id", "text").execute();
  /** An iCalendar invitation sent with the mail (text/calendar), when it carries one. */
  await db.schema.alterTable("email_outbox").addColumn("calendar", "text").execute();
  await kit.createIndexes(db, "email_outbox", { email_outbox_booking_idx: ["booking_id", "status"] });
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("email_outbox_booking_idx").ifExists().execute();
  await db.schema.alterTable("email_outbox").dropColumn("calendar").execute();
  await db.schema.alterTable("email_outbox").dropColumn("booking_id").execute();
  await kit.dropTables(db, [
    "staff_busy_times",
    "booking_day_claims",
    "booking_slot_claims",
    "bookings",
    "staff_availability",
  ]);
}
