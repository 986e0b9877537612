import { describe, expect, it } from "vitest";
import { bookingFeedCalendar, createBookingFeed } from "~/server/bookings/staff-feed.server";
import { setStaffDisabled, setStaffRole } from "~/server/users/staff-users.server";
import { databasePerTest, dialects } from "../support/databases";
import { addStaff } from "../support/staff";

const BASE_URL = "https://agency.example";
const admin = { id: null, email: "admin@agency.example" };

describe.each(dialects)("a staff member's calendar feed address on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("stays dead after its owner is disabled and enabled again, or loses and regains the role", async () => {
    const { db } = await freshDatabase();
    const sam = await addStaff(db, "sam@agency.example", "sales");
    const feed = (token: string) => bookingFeedCalendar(db, token, { baseUrl: BASE_URL });

    const first = await createBookingFeed(db, sam.id, { id: sam.id, email: "sam@agency.example" });
    expect(await feed(first)).not.toBeNull();
    await setStaffDisabled(db, sam.id, true, admin);
    expect(await feed(first)).toBeNull();
    await setStaffDisabled(db, sam.id, false, admin);
    expect(await feed(first)).toBeNull();

    const second = await createBookingFeed(db, sam.id, { id: sam.id, email: "sam@agency.example" });
    expect(await feed(second)).not.toBeNull();
    await setStaffRole(db, sam.id, "editor", admin);
    expect(await feed(second)).toBeNull();
    await setStaffRole(db, sam.id, "sales", admin);
    expect(await feed(second)).toBeNull();

    // Moving between the roles that take calls keeps the address.
    const third = await createBookingFeed(db, sam.id, { id: sam.id, email: "sam@agency.example" });
    await setStaffRole(db, sam.id, "admin", admin);
    expect(await feed(third)).not.toBeNull();
  });
});
