import { expect } from "vitest";
import { availabilitySchema } from "~/lib/schemas/availability";
import { setAvailability } from "~/server/bookings/availability.server";
import type { Database } from "~/server/db/schema.server";
import { captureLead } from "~/server/leads/capture.server";
import { createStaffUser } from "~/server/users/staff-users.server";

const system = { id: null, email: "test" };

/** Office hours as the tests' agency keeps them: weekdays 09:00–17:00 (Berlin time). */
export const WEEKDAYS = { weekly: "mon-fri 09:00-17:00" };

/**
 * Hours as the hours form posts them: Berlin time, round the clock (so that any test time has free
 * slots), 30-minute video calls, four hours' notice, 30 days ahead; `given` changes any field.
 */
export function callHours(userId: string, given: Record<string, string> = {}) {
  return availabilitySchema.parse({
    userId,
    timeZone: "Europe/Berlin",
    weekly: "mon-sun 00:00-24:00",
    callMinutes: "30",
    bufferBeforeMinutes: "0",
    bufferAfterMinutes: "0",
    minNoticeMinutes: "240",
    horizonDays: "30",
    meetingKind: "video",
    meetingDetail: "https://meet.example/{booking}",
    ...given,
  });
}

/** Gives an existing staff member hours (see `callHours`). */
export async function takesCalls(db: Database, userId: string, hours: Record<string, string> = {}) {
  await setAvailability(db, callHours(userId, hours), system);
}

/**
 * A sales member, named Bea unless `name` says otherwise, who takes calls: round the clock unless
 * `hours` changes that (see `callHours`).
 */
export async function staffWhoTakesCalls(
  db: Database,
  email = "bea@agency.example",
  { name = "Bea", hours = {} }: { name?: string; hours?: Record<string, string> } = {},
) {
  const staff = await createStaffUser(db, { email, password: "staff-pass-2468", role: "sales", name }, system);
  await takesCalls(db, staff.id, hours);
  return staff;
}

type Attribution = Parameters<typeof captureLead>[1]["attribution"];

/**
 * A visitor's contact enquiry, saved as the site saves it (Vera Visitor, from `/` unless `attribution`
 * says otherwise; the team is told by mail): its lead's id, for a call to be booked on.
 */
export async function visitorLead(
  db: Database,
  email: string,
  attribution: Attribution = { pageUrl: null, landingPath: "/", referrer: null, userAgent: "UA", browserInfo: null },
) {
  const saved = await captureLead(db, {
    flow: "contact",
    input: { name: "Vera Visitor", email, country: "us", industry: "saas" } as never,
    attribution,
    mail: { baseUrl: "https://agency.example", notifyEmails: ["team@agency.example"] },
  });
  return saved.leadId;
}

/** A lead's call (its one booking, whatever its status); fails when it has none. */
export function callOfLead(db: Database, leadId: string) {
  return db.selectFrom("bookings").selectAll().where("lead_id", "=", leadId).executeTakeFirstOrThrow();
}

/**
 * The calls of the one lead an e-mail address has, oldest first; fails when the address has no lead
 * or more than one, as booking must never make a visitor a second lead.
 */
export async function callsOfOnlyLead(db: Database, email: string) {
  const leads = await db.selectFrom("leads").select("id").where("email", "=", email).execute();
  expect(leads, `the leads of ${email}`).toHaveLength(1);
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("lead_id", "=", leads[0]!.id)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}
