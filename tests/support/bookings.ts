import { availabilitySchema } from "~/lib/schemas/availability";
import { setAvailability } from "~/server/bookings/availability.server";
import type { Database } from "~/server/db/schema.server";
import { createStaffUser } from "~/server/users/staff-users.server";

/** A sales member who takes calls around the clock (Berlin time), so that any test time has free slots. */
export async function staffWhoTakesCalls(db: Database, email = "bea@agency.example") {
  const staff = await createStaffUser(
    db,
    { email, password: "staff-pass-2468", role: "sales", name: "Bea" },
    { id: null, email: "test" },
  );
  await setAvailability(
    db,
    availabilitySchema.parse({
      userId: staff.id,
      timeZone: "Europe/Berlin",
      weekly: "mon-sun 00:00-24:00",
      callMinutes: "30",
      bufferBeforeMinutes: "0",
      bufferAfterMinutes: "0",
      minNoticeMinutes: "240",
      horizonDays: "30",
      meetingKind: "video",
      meetingDetail: "https://meet.example/{booking}",
    }),
    { id: null, email: "test" },
  );
  return staff;
}
