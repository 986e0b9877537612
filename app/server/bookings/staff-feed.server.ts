// The outgoing side: a staff member's calls as an iCalendar feed their calendar app subscribes to.
// The incoming side, the busy times read from their own calendar, is busy-calendar.server.ts.
import { createHash, randomBytes } from "node:crypto";
import { brand } from "~/content/brand";
import { AVAILABILITY_DEFAULTS } from "~/lib/schemas/availability";
import { type AuditActor, auditOf } from "../audit/audit.server";
import type { Database } from "../db/schema.server";
import { fromBool, now, toJson } from "../db/values.server";
import { OWNER_ROLES } from "../leads/owners.server";
import { getAgencyTimeZone } from "../settings/time-zone.server";
import { writeCalendar } from "./icalendar-writer.server";
import { meetingPlace } from "./invitation.server";

const auditAvailability = auditOf("availability");

/** How far back a feed reaches: recent calls stay in the calendar, years of them do not. */
const FEED_PAST_MS = 90 * 24 * 60 * 60 * 1000;
const FEED_MAX_EVENTS = 2000;

/** The path of a personal feed; the token is the only thing that grants it. */
export const feedPath = (token: string) => `/calendar/bookings/${token}.ics`;

/**
 * Only a hash of a feed token is stored: a copy of the database does not hand out the feeds, and the
 * address is shown once, when it is made. The token has 256 random bits, so no slower hash is needed.
 */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether this staff member has a feed address now. */
export async function hasBookingFeed(db: Database, staffId: string) {
  const row = await db
    .selectFrom("staff_availability")
    .select("feed_token")
    .where("user_id", "=", staffId)
    .executeTakeFirst();
  return Boolean(row?.feed_token);
}

/** Makes a new feed address for the staff member (the old one, if any, stops working) and returns its token. */
export async function createBookingFeed(db: Database, staffId: string, actor: AuditActor) {
  const token = randomBytes(32).toString("base64url");
  await db.transaction().execute(async (trx) => {
    const at = now();
    // Someone who never saved their hours gets the defaults, without hours: a feed takes no calls.
    await trx
      .insertInto("staff_availability")
      .values({
        user_id: staffId,
        time_zone: await getAgencyTimeZone(trx),
        weekly: toJson([]),
        date_overrides: toJson([]),
        call_minutes: AVAILABILITY_DEFAULTS.callMinutes,
        buffer_before_minutes: AVAILABILITY_DEFAULTS.bufferBeforeMinutes,
        buffer_after_minutes: AVAILABILITY_DEFAULTS.bufferAfterMinutes,
        min_notice_minutes: AVAILABILITY_DEFAULTS.minNoticeMinutes,
        horizon_days: AVAILABILITY_DEFAULTS.horizonDays,
        max_per_day: null,
        meeting_kind: "video",
        meeting_detail: null,
        calendar_url: null,
        calendar_checked_at: null,
        calendar_error: null,
        feed_token: null,
        updated_at: at,
      })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
    await trx
      .updateTable("staff_availability")
      .set({ feed_token: hashToken(token), updated_at: at })
      .where("user_id", "=", staffId)
      .execute();
    await auditAvailability(trx, actor, "availability.feed_create", staffId);
  });
  return token;
}

/** Revokes the staff member's feed address: calendars subscribed to it get 404 from then on. */
export async function revokeBookingFeed(db: Database, staffId: string, actor: AuditActor) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("staff_availability")
      .set({ feed_token: null, updated_at: now() })
      .where("user_id", "=", staffId)
      .execute();
    await auditAvailability(trx, actor, "availability.feed_revoke", staffId);
  });
}

/** Who a feed token belongs to, if it is current and they still take calls (an active admin or sales member). */
async function feedOwner(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const rows = await db
    .selectFrom("staff_availability")
    .innerJoin("user", "user.id", "staff_availability.user_id")
    .innerJoin("user_roles", "user_roles.user_id", "user.id")
    .select(["user.id", "user.name", "user.disabled"])
    .where("staff_availability.feed_token", "=", hashToken(token))
    .where("user_roles.role", "in", OWNER_ROLES)
    .execute();
  const owner = rows[0];
  return owner && !fromBool(owner.disabled) ? owner : null;
}

/**
 * The staff member's calls as an iCalendar feed for a calendar app to subscribe to: every call from
 * 90 days ago on, cancelled ones marked STATUS:CANCELLED so that subscribed calendars drop them.
 * Null when the token is unknown, revoked, or its owner no longer takes calls.
 */
export async function bookingFeedCalendar(
  db: Database,
  token: string,
  { baseUrl, nowMs = Date.now() }: { baseUrl: string; nowMs?: number },
) {
  const owner = await feedOwner(db, token);
  if (!owner) return null;
  const bookings = await db
    .selectFrom("bookings")
    .select([
      "id",
      "lead_id",
      "starts_at",
      "ends_at",
      "status",
      "sequence",
      "visitor_name",
      "visitor_email",
      "meeting_kind",
      "meeting_detail",
      "updated_at",
    ])
    .where("staff_id", "=", owner.id)
    .where("starts_at", ">=", new Date(nowMs - FEED_PAST_MS).toISOString())
    .orderBy("starts_at")
    .limit(FEED_MAX_EVENTS)
    .execute();
  const host = new URL(baseUrl).host;
  return writeCalendar({
    name: `${brand.name} calls: ${owner.name}`,
    events: bookings.map((booking) => {
      const place = meetingPlace({
        id: booking.id,
        meetingKind: booking.meeting_kind,
        meetingDetail: booking.meeting_detail,
      });
      return {
        uid: `${booking.id}@${host}`,
        sequence: booking.sequence,
        stampedAt: booking.updated_at,
        startsAt: booking.starts_at,
        endsAt: booking.ends_at,
        summary: `Strategy call: ${booking.visitor_name}`,
        description: `${place}\n${booking.visitor_email}\nLead: ${baseUrl}/admin/leads/${booking.lead_id}`,
        location: place,
        cancelled: booking.status === "cancelled",
      };
    }),
  });
}
