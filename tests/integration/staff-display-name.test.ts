import { describe, expect, it } from "vitest";
import { createUserSchema, profileSchema, setupSchema } from "~/lib/schemas/staff";
import { bookCall } from "~/server/bookings/bookings.server";
import type { Database } from "~/server/db/schema.server";
import { captureLead } from "~/server/leads/capture.server";
import { createFirstAdmin, createStaffUser, setStaffName } from "~/server/users/staff-users.server";
import { takesCalls } from "../support/bookings";
import { databasePerTest, dialects } from "../support/databases";

const at = (iso: string) => Date.parse(iso);
const BASE_URL = "https://agency.example";
const context = {
  baseUrl: BASE_URL,
  secret: "test-secret-0123456789abcdef0123456789",
  nowMs: at("2026-03-16T06:00:00Z"),
};
const system = { id: null, email: "test" };

/** Books a call as a new visitor and returns what their invitation says. */
async function visitorInvitation(db: Database, email: string, start: string) {
  const { leadId } = await captureLead(db, {
    flow: "contact",
    input: { name: "Vera Visitor", email, country: "us", industry: "saas" } as never,
    attribution: { pageUrl: `${BASE_URL}/`, landingPath: "/", referrer: null, userAgent: "UA", browserInfo: null },
    mail: { baseUrl: BASE_URL, notifyEmails: [] },
  });
  const booked = await bookCall(db, { leadId, startMs: at(start), visitorTimeZone: "Europe/Berlin" }, context);
  if (!booked.ok) throw new Error("not booked");
  const mail = await db
    .selectFrom("email_outbox")
    .select(["text_body", "html_body"])
    .where("booking_id", "=", booked.bookingId)
    .where("to_address", "=", email)
    .executeTakeFirstOrThrow();
  return `${mail.text_body}\n${mail.html_body ?? ""}`;
}

describe("the display name forms", () => {
  it("take a name at setup, Add user and Profile, trimmed and at most 100 characters", () => {
    const setup = setupSchema.safeParse({
      email: "owner@agency.example",
      name: "  Olivia Owen ",
      password: "a-long-pass-2468",
      setupCode: "ABC",
    });
    expect(setup.success && setup.data.name).toBe("Olivia Owen");
    const added = createUserSchema.safeParse({
      email: "sam@agency.example",
      password: "a-long-pass-2468",
      role: "sales",
    });
    expect(added.success && added.data.name).toBe("");
    const tooLong = profileSchema.safeParse({ name: "n".repeat(101) });
    expect(tooLong.error?.issues[0]?.message).toBe("Names are at most 100 characters.");
  });
});

describe.each(dialects)("the name visitors read for staff on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("is never taken from the e-mail: without a name the invitation names the agency, then the name they saved", async () => {
    const { db } = await freshDatabase();
    const admin = await createFirstAdmin(db, { email: "owner@agency.example", password: "a-long-pass-2468" });
    if (!admin) throw new Error("no admin");
    await takesCalls(db, admin.id);
    const nameless = await visitorInvitation(db, "vera@example.com", "2026-03-17T09:00:00Z");
    expect(nameless).not.toMatch(/\bowner\b/i);
    expect(nameless).toContain("You will talk with our team.");
    await setStaffName(db, admin.id, "  Olivia Owen ", { id: admin.id, email: admin.email });
    const named = await visitorInvitation(db, "otto@example.com", "2026-03-17T10:00:00Z");
    expect(named).toContain("You will talk with Olivia Owen.");
    const entries = await db.selectFrom("audit_logs").select("action").where("action", "=", "user.set_name").execute();
    expect(entries).toHaveLength(1);
  });

  it("hides a name that is only the address's local part, as older accounts have, and shows one given at Add user", async () => {
    const { db } = await freshDatabase();
    const sam = await createStaffUser(
      db,
      { email: "sam@agency.example", password: "a-long-pass-2468", role: "sales", name: "Sam Sales" },
      system,
    );
    await takesCalls(db, sam.id);
    expect(await visitorInvitation(db, "vera@example.com", "2026-03-17T09:00:00Z")).toContain(
      "You will talk with Sam Sales.",
    );
    await db.updateTable("user").set({ name: "Sam" }).where("id", "=", sam.id).execute();
    const legacy = await visitorInvitation(db, "otto@example.com", "2026-03-17T10:00:00Z");
    expect(legacy).toContain("You will talk with our team.");
    expect(legacy).not.toContain("with Sam");
  });
});
