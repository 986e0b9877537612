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
