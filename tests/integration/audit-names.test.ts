import { describe, expect, it } from "vitest";
import { parseAuditFilters } from "~/lib/schemas/audit";
import { auditCsv, listAuditPage } from "~/server/audit/audit-log.server";
import { nameAuditEntries } from "~/server/audit/audit-names.server";
import type { Database } from "~/server/db/schema.server";
import { newId, toJson } from "~/server/db/values.server";
import { createStaffUser } from "~/server/users/staff-users.server";
import { insertForm, insertLead } from "../support/admin-fixtures";
import { databasePerTest, dialects } from "../support/databases";
import { streamedText } from "../support/streams";

type Seed = {
  actor?: { id: string; email: string } | null;
  action: string;
  kind: string;
  recordId?: string;
  summary?: object;
};

/** Entries a minute apart, the first seed newest. */
async function insertEntries(db: Database, seeds: Seed[]) {
  const base = Date.UTC(2026, 10, 20, 12, 0);
  await db
    .insertInto("audit_logs")
    .values(
      seeds.map((seed, i) => ({
        id: newId(base - i * 60_000),
        actor_id: seed.actor?.id ?? null,
        actor_email: seed.actor?.email ?? null,
        action: seed.action,
        entity_type: seed.kind,
        entity_id: seed.recordId ?? null,
        summary: seed.summary ? toJson(seed.summary) : null,
        created_at: new Date(base - i * 60_000).toISOString(),
      })),
    )
    .execute();
}

async function insertCall(db: Database, leadId: string, staffId: string, startsAt: string) {
  const id = newId();
  const at = new Date().toISOString();
  await db
    .insertInto("bookings")
    .values({
      id,
      lead_id: leadId,
      staff_id: staffId,
      starts_at: startsAt,
      ends_at: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      visitor_time_zone: "UTC",
      staff_time_zone: "UTC",
      status: "booked",
      sequence: 0,
      visitor_name: "Pat Lee",
      visitor_email: "pat@example.com",
      meeting_kind: "video",
      meeting_detail: null,
      utm_campaign: null,
      landing_path: null,
      estimate: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

const everything = parseAuditFilters(new URLSearchParams());

describe.each(dialects)("the audit log names people and records (%s)", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("names the actor, leads, calls, staff and titled records instead of their ids", async () => {
    const { db } = await freshDatabase();
    const system = { id: null, email: "test" };
    const ana = await createStaffUser(
      db,
      { email: "ana@example.com", password: "ana-password-2468", role: "admin", name: "Ana Ruiz" },
      system,
    );
    const ben = await createStaffUser(
      db,
      { email: "ben@example.com", password: "ben-password-2468", role: "sales" },
      system,
    );
    await db.updateTable("user").set({ name: "" }).where("id", "=", ben.id).execute();
    // Only the entries below: not the accounts' own creation.
    await db.deleteFrom("audit_logs").execute();
    const leadId = await insertLead(db, { email: "pat@example.com", name: "Pat Lee" });
    // 10:00 in Kolkata on 3 December is 04:30 UTC.
    const callId = await insertCall(db, leadId, ana.id, "2026-12-03T04:30:00.000Z");
    const formId = await insertForm(db, { name: "Spring offer", formType: "contact" });
    await insertEntries(db, [
      {
        actor: { id: ana.id, email: ana.email },
        action: "lead.assign",
        kind: "lead",
        recordId: leadId,
        summary: { owner: { from: null, to: ben.id } },
      },
      {
        actor: { id: ben.id, email: ben.email },
        action: "booking.create",
        kind: "booking",
        recordId: callId,
        summary: { leadId, staffId: ana.id, startsAt: "2026-12-03T04:30:00.000Z" },
      },
      { actor: { id: ana.id, email: ana.email }, action: "user.set_role", kind: "user", recordId: ben.id },
      { actor: { id: ana.id, email: ana.email }, action: "form.update", kind: "form", recordId: formId },
      { actor: null, action: "availability.update", kind: "availability", recordId: ana.id },
    ]);
    const page = await listAuditPage(db, everything, "Asia/Kolkata");
    const rows = await nameAuditEntries(db, page.entries, "Asia/Kolkata");
    const [assign, booking, role, form, hours] = rows;

    expect(assign!.actorName).toBe("Ana Ruiz");
    expect(assign!.record).toEqual({ label: "Pat Lee", href: `/admin/leads/${leadId}`, gone: false });
    // A staff member without a name reads as their address.
    expect(assign!.summary).toEqual({ owner: { from: null, to: "ben@example.com" } });
    expect(booking!.actorName).toBe("ben@example.com");
    expect(booking!.record).toEqual({
      label: "Call with Pat Lee, 3 Dec 10:00",
      href: `/admin/leads/${leadId}`,
      gone: false,
    });
    expect(booking!.summary).toEqual({ leadId: "Pat Lee", staffId: "Ana Ruiz", startsAt: "3 Dec 10:00" });
    expect(role!.record).toEqual({ label: "ben@example.com", href: "/admin/users", gone: false });
    expect(form!.record).toEqual({ label: "Spring offer", href: `/admin/forms/${formId}/leads`, gone: false });
    expect(hours!.actorName).toBe("System");
    expect(hours!.record.label).toBe("Ana Ruiz");
    // The same call in another zone reads at that zone's hour.
    const [, inUtc] = await nameAuditEntries(db, page.entries, "UTC");
    expect(inUtc!.record.label).toBe("Call with Pat Lee, 3 Dec 04:30");

    const csv = await streamedText(auditCsv(db, everything, "Asia/Kolkata"));
    const lines = csv.trim().split("\r\n");
    expect(lines[2]).toContain('"Call with Pat Lee, 3 Dec 10:00"');
    expect(lines[2]).toContain('"leadId: Pat Lee; staffId: Ana Ruiz; startsAt: 3 Dec 10:00"');
    expect(lines[1]?.startsWith(`"${assign!.createdAt}","Ana Ruiz","lead.assign"`)).toBe(true);
  });

  it("says a gone lead was deleted, merged (linking to the lead it went into) or erased", async () => {
    const { db } = await freshDatabase();
    const kept = await insertLead(db, { email: "kept@example.com", name: "Kept Lead" });
    const [deleted, merged, erased] = [newId(), newId(), newId()];
    const at = new Date().toISOString();
    await db
      .insertInto("lead_merges")
      .values({
        id: newId(),
        survivor_id: kept,
        merged_id: merged,
        merged_email_normalized: null,
        merged_lead: toJson({}),
        survivor_before: toJson({}),
        survivor_after: toJson({}),
        moved: toJson({}),
        actor_id: null,
        actor_email: null,
        created_at: at,
        undone_at: null,
      })
      .execute();
    await insertEntries(db, [
      { action: "lead.delete", kind: "lead", recordId: deleted },
      { action: "lead.update", kind: "lead", recordId: merged },
      { action: "lead.update", kind: "lead", recordId: erased },
      { action: "booking.cancel", kind: "booking", recordId: newId() },
    ]);
    const page = await listAuditPage(db, everything, "UTC");
    const records = (await nameAuditEntries(db, page.entries, "UTC")).map((row) => row.record);
    expect(records).toEqual([
      { label: "Deleted lead", href: null, gone: true },
      { label: "Merged lead", href: `/admin/leads/${kept}`, gone: true },
      { label: "Erased lead", href: null, gone: true },
      { label: null, href: null, gone: true },
    ]);
  });

  it("reads each kind of record once for a page, however many entries name it", async () => {
    const { db } = await freshDatabase();
    const leadIds = await Promise.all(
      Array.from({ length: 30 }, (_, i) => insertLead(db, { email: `lead${i}@example.com`, name: `Lead ${i}` })),
    );
    await insertEntries(
      db,
      leadIds.map((id) => ({ action: "lead.update", kind: "lead", recordId: id })),
    );
    const page = await listAuditPage(db, everything, "UTC");
    const queries: string[] = [];
    const counted = db.withPlugin({
      transformQuery: (args) => {
        queries.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const rows = await nameAuditEntries(counted, page.entries, "UTC");
    expect(rows.map((row) => row.record.label)).toEqual(leadIds.map((_, i) => `Lead ${i}`));
    // One for the leads; none for people (no actor), calls or titles (none on the page).
    expect(queries).toEqual(["SelectQueryNode"]);
  });
});
