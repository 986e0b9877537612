import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import type { Role } from "~/lib/roles";
import { canUseIntent } from "~/lib/roles";
import { BULK_LIMIT, type LeadFilters, leadFiltersSchema } from "~/lib/schemas/lead-admin";
import { AppError } from "~/server/app-error.server";
import { listAuditEntries } from "~/server/audit/audit.server";
import { applyClientBulkChange, countMatchingClients } from "~/server/clients/bulk.server";
import { createClient, listClients } from "~/server/clients/clients.server";
import type { Database } from "~/server/db/schema.server";
import { applyBulkChange, countMatchingLeads } from "~/server/leads/bulk.server";
import { captureLead } from "~/server/leads/capture.server";
import { dueFollowUps, queueFollowUpDigests, setLeadFollowUp } from "~/server/leads/follow-ups.server";
import { filterContext, listLeads } from "~/server/leads/lead-list.server";
import {
  getLeadAssignment,
  listAssignableStaff,
  saveLeadAssignment,
  setClientOwner,
  setLeadOwner,
} from "~/server/leads/owners.server";
import { createStaffUser, setStaffDisabled } from "~/server/users/staff-users.server";
import { setDigestOptOut } from "~/server/workspace/preferences.server";
import { deleteSavedView, listSavedViews, saveView } from "~/server/workspace/saved-views.server";
import { insertForm, insertLeadRows, leadRow } from "../support/admin-fixtures";
import { databasePerTest, dialects } from "../support/databases";

const filters = (given: Partial<LeadFilters> = {}): LeadFilters => ({ ...leadFiltersSchema.parse({}), ...given });
const mail = { baseUrl: "https://agency.example" };
const attribution = { pageUrl: null, referrer: null, userAgent: "UA", browserInfo: null };
const mailContext = { baseUrl: "https://agency.example", notifyEmails: ["team@agency.example"] };

type BulkOptions = Parameters<typeof applyBulkChange>[3];

/** The last hundred audit entries of bulk changes to leads or to clients. */
const bulkAuditEntries = async (db: Database, entityType: "lead" | "client") =>
  (await listAuditEntries(db, { entityType, limit: 100 })).filter((entry) =>
    entry.action.startsWith(`${entityType}.bulk`),
  );

function insertLeads(
  db: Database,
  count: number,
  given: { status?: "new" | "contacted"; createdAt?: (i: number) => string } = {},
) {
  return insertLeadRows(
    db,
    count,
    (i) =>
      leadRow({
        name: `Lead ${String(i).padStart(4, "0")}`,
        email: `lead${i}@example.com`,
        status: given.status,
        createdAt: given.createdAt?.(i) ?? new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
      }),
    100,
  );
}

/**
 * Runs `use` with setTimeout held still: a bulk change's rests between transactions are timers, so
 * the test sees the change stopped between two of them until it lets the rest pass.
 */
async function withRestsHeld(use: () => Promise<void>) {
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  try {
    await use();
  } finally {
    vi.useRealTimers();
  }
}

/** Lets a change run until it sets its next rest or ends, polled without a timer (vi.waitUntil would pass the held ones). */
async function untilRestOrEnd(done: () => boolean) {
  while (!done() && vi.getTimerCount() === 0) await new Promise((resolve) => setImmediate(resolve));
}

/** Lets each of a change's rests pass in turn, until it ends. */
async function restsPassUntilEnd(done: () => boolean) {
  while (!done()) {
    vi.runOnlyPendingTimers();
    await untilRestOrEnd(done);
  }
}

/** How many leads are qualified now: how far a bulk change to qualified has got. */
async function countQualified(db: Database) {
  const row = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "=", "qualified")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
describe.each(dialects)("the sales workspace on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  async function setup() {
    const { db } = await freshDatabase();
    const system = { id: null, email: "test" };
    const staffUser = (email: string, role: Role) =>
      createStaffUser(db, { email, password: "staff-pass-2468", role }, system);
    const admin = await staffUser("boss@agency.example", "admin");
    const sales = await staffUser("sam@agency.example", "sales");
    const sales2 = await staffUser("sue@agency.example", "sales");
    const editor = await staffUser("ed@agency.example", "editor");
    const actorOf = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });
    return { db, admin, sales, sales2, editor, actorOf };
  }

  async function mailsTo(db: Database, to: string, kind: string) {
    return db
      .selectFrom("email_outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", to)
      .where("kind", "=", kind)
      .execute();
  }

  it("gives leads owners among admin and sales staff, tells the owner, and filters My leads and Unassigned", async () => {
    const { db, admin, sales, editor, actorOf } = await setup();
    expect((await listAssignableStaff(db)).map((member) => member.email)).toEqual([
      "boss@agency.example",
      "sam@agency.example",
      "sue@agency.example",
    ]);
    const [first, second] = await insertLeads(db, 3);
    await setLeadOwner(db, first!, sales.id, actorOf(admin), mail);
    await expect(setLeadOwner(db, second!, editor.id, actorOf(admin), mail)).rejects.toThrow(AppError);
    const told = await mailsTo(db, "sam@agency.example", "lead_assigned");
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe("Lead assigned to you: Lead 0000");
    expect(told[0]?.text_body).toContain(`https://agency.example/admin/leads/${first}`);

    const mine = await listLeads(db, filters({ owner: "me" }), {}, filterContext(sales.id, "UTC"));
    expect(mine.leads.map((lead) => lead.id)).toEqual([first]);
    expect(mine.leads[0]?.ownerId).toBe(sales.id);
    const unassigned = await listLeads(db, filters({ owner: "none" }), {}, filterContext(sales.id, "UTC"));
    expect(unassigned.total).toBe(2);
    const audit = await listAuditEntries(db, { entityType: "lead" });
    expect(audit.find((entry) => entry.action === "lead.assign")?.summary).toEqual({
      owner: { from: null, to: sales.id },
    });
  });

  it("assigns new leads automatically: per form first, else round robin over the chosen staff, skipping who left", async () => {
    const { db, admin, sales, sales2, actorOf } = await setup();
    await saveLeadAssignment(db, { roundRobin: [sales.id, sales2.id], perForm: {} }, actorOf(admin));
    const capture = (email: string) =>
      captureLead(db, { flow: "newsletter", input: { email, name: "" } as never, attribution, mail: mailContext }).then(
        (saved) => saved.leadId,
      );
    const owners: (string | null)[] = [];
    for (const email of ["a@x.example", "b@x.example", "c@x.example", "d@x.example"]) {
      const id = await capture(email);
      owners.push(
        (await db.selectFrom("leads").select("owner_id").where("id", "=", id).executeTakeFirstOrThrow()).owner_id,
      );
    }
    expect(owners[0]).not.toBe(owners[1]);
    expect(owners[0]).toBe(owners[2]);
    expect(owners[1]).toBe(owners[3]);
    expect(new Set(owners)).toEqual(new Set([sales.id, sales2.id]));
    // The owner hears of it through the outbox.
    expect(await mailsTo(db, "sam@agency.example", "lead_assigned")).toHaveLength(2);

    await setStaffDisabled(db, sales2.id, true, actorOf(admin));
    const afterLeaving = await capture("e@x.example");
    expect(
      (await db.selectFrom("leads").select("owner_id").where("id", "=", afterLeaving).executeTakeFirstOrThrow())
        .owner_id,
    ).toBe(sales.id);

    const formId = await insertForm(db, { name: "Newsletter Signup", formType: "newsletter" });
    await saveLeadAssignment(db, { roundRobin: [sales.id], perForm: { [formId]: admin.id } }, actorOf(admin));
    const perForm = await capture("f@x.example");
    expect(
      (await db.selectFrom("leads").select("owner_id").where("id", "=", perForm).executeTakeFirstOrThrow()).owner_id,
    ).toBe(admin.id);
    // Nobody who cannot own leads may be named in the rule.
    await expect(saveLeadAssignment(db, { roundRobin: [sales2.id], perForm: {} }, actorOf(admin))).rejects.toThrow(
      AppError,
    );
    expect((await getLeadAssignment(db)).roundRobin).toEqual([sales.id]);
  });

  it("sets follow-ups in the agency's time zone and filters Due today and Overdue by its days", async () => {
    const { db, admin, sales, actorOf } = await setup();
    const [yesterday, today, tomorrow, none] = await insertLeads(db, 4);
    const zone = "Asia/Kolkata";
    // 2026-11-23 01:00 in Kolkata is still 2026-11-22 in UTC: the agency's day decides.
    const nowMs = Date.parse("2026-11-22T19:30:00.000Z");
    for (const id of [yesterday, today, tomorrow]) await setLeadOwner(db, id!, sales.id, actorOf(admin), mail);
    await setLeadFollowUp(
      db,
      { leadId: yesterday!, followUpAt: "2026-11-22T17:00", followUpNote: "Send the proposal" },
      zone,
      actorOf(sales),
    );
    await setLeadFollowUp(
      db,
      { leadId: today!, followUpAt: "2026-11-23T10:00", followUpNote: null },
      zone,
      actorOf(sales),
    );
    await setLeadFollowUp(
      db,
      { leadId: tomorrow!, followUpAt: "2026-11-24", followUpNote: null },
      zone,
      actorOf(sales),
    );
    await expect(
      setLeadFollowUp(db, { leadId: none!, followUpAt: "2026-02-31T10:00", followUpNote: null }, zone, actorOf(sales)),
    ).rejects.toThrow("Choose a date and time");
    const stored = await db
      .selectFrom("leads")
      .select(["next_follow_up_at", "follow_up_note"])
      .where("id", "=", today!)
      .executeTakeFirstOrThrow();
    expect(new Date(stored.next_follow_up_at as string).toISOString()).toBe("2026-11-23T04:30:00.000Z");

    const context = filterContext(sales.id, zone, nowMs);
    const ids = async (given: Partial<LeadFilters>) =>
      (await listLeads(db, filters(given), {}, context)).leads.map((lead) => lead.id);
    expect(await ids({ due: "today" })).toEqual([today]);
    expect(await ids({ due: "overdue" })).toEqual([yesterday]);
    expect(await ids({ owner: "me", sort: "follow_up" })).toEqual([yesterday, today, tomorrow]);

    const { due } = await dueFollowUps(db, sales.id, zone, { nowMs });
    expect(due.map((item) => [item.id, item.overdue, item.note])).toEqual([
      [yesterday, true, "Send the proposal"],
      [today, false, null],
    ]);

    // The daily digest: once a day per person, not before 07:00 there, and never to who opted out.
    expect(await queueFollowUpDigests(db, { timeZone: zone, baseUrl: mail.baseUrl, nowMs })).toBe(0);
    const morning = Date.parse("2026-11-23T02:00:00.000Z"); // 07:30 in Kolkata
    expect(await queueFollowUpDigests(db, { timeZone: zone, baseUrl: mail.baseUrl, nowMs: morning })).toBe(1);
    expect(await queueFollowUpDigests(db, { timeZone: zone, baseUrl: mail.baseUrl, nowMs: morning + 60_000 })).toBe(0);
    const [digest] = await mailsTo(db, "sam@agency.example", "follow_up_digest");
    expect(digest?.subject).toBe("Follow-ups for 2026-11-23: 2 due, 1 overdue");
    expect(digest?.text_body).toContain("Send the proposal");
    await setDigestOptOut(db, sales.id, true);
    expect(await queueFollowUpDigests(db, { timeZone: zone, baseUrl: mail.baseUrl, nowMs: morning + 86_400_000 })).toBe(
      0,
    );

    await setLeadFollowUp(db, { leadId: yesterday!, followUpAt: "", followUpNote: "ignored" }, zone, actorOf(sales));
    expect(await ids({ due: "overdue" })).toEqual([]);
  });

  it("gives clients owners too, with My clients and Unassigned filters", async () => {
    const { db, admin, sales, editor, actorOf } = await setup();
    const base = { email: null, phone: null, company: null, address: null, status: "active" as const, leadId: null };
    await createClient(db, { ...base, name: "Kept Co" }, actorOf(admin));
    await createClient(db, { ...base, name: "Open Co" }, actorOf(admin));
    const all = await listClients(db, { q: "", page: 1 });
    const kept = all.clients.find((client) => client.name === "Kept Co");
    await setClientOwner(db, kept!.id, sales.id, actorOf(admin));
    await expect(setClientOwner(db, kept!.id, editor.id, actorOf(admin))).rejects.toThrow(AppError);
    const names = async (owner: string, userId: string) =>
      (await listClients(db, { q: "", page: 1, owner }, undefined, userId)).clients.map((client) => client.name);
    expect(await names("me", sales.id)).toEqual(["Kept Co"]);
    expect(await names("none", sales.id)).toEqual(["Open Co"]);
    expect(await names("me", admin.id)).toEqual([]);
    expect(
      (await listClients(db, { q: "", page: 1 })).clients.find((client) => client.name === "Kept Co")?.ownerId,
    ).toBe(sales.id);
  });

  it("changes, assigns and deletes clients in bulk, by selection or by filter, in one transaction with one audit entry listing the ids", async () => {
    const { db, admin, sales, editor, actorOf } = await setup();
    const base = { email: null, phone: null, company: null, address: null, leadId: null };
    for (let i = 0; i < 25; i++) {
      await createClient(
        db,
        { ...base, name: `Bulk Co ${String(i).padStart(2, "0")}`, status: i < 20 ? "active" : "inactive" },
        actorOf(admin),
      );
    }
    await createClient(db, { ...base, name: "Other Inc", status: "active" }, actorOf(admin));
    const byName = async () =>
      new Map((await listClients(db, { q: "", page: 1 }, 100)).clients.map((client) => [client.name, client]));
    const clients = await byName();
    const picked = ["Bulk Co 00", "Bulk Co 01", "Bulk Co 02"].map((name) => clients.get(name)!.id);

    // Selected rows: the status of three clients, one audit entry naming them.
    const changed = await applyClientBulkChange(
      db,
      { ids: picked },
      { action: "set-status", status: "suspended" },
      { actor: actorOf(sales) },
    );
    expect(changed).toEqual({ matched: 3, changed: 3 });
    const after = await byName();
    expect(["Bulk Co 00", "Bulk Co 01", "Bulk Co 02"].map((name) => after.get(name)?.status)).toEqual([
      "suspended",
      "suspended",
      "suspended",
    ]);
    expect(after.get("Bulk Co 03")?.status).toBe("active");

    // Every client the filter matches, across pages (20 a page): 25 "Bulk Co", not "Other Inc".
    expect(await countMatchingClients(db, { q: "bulk co" }, sales.id)).toBe(25);
    const assigned = await applyClientBulkChange(
      db,
      { filters: { q: "bulk co" }, userId: sales.id },
      { action: "assign", ownerId: sales.id },
      { actor: actorOf(sales) },
    );
    expect(assigned).toEqual({ matched: 25, changed: 25 });
    expect((await listClients(db, { q: "", page: 1, owner: "me" }, 100, sales.id)).total).toBe(25);
    expect((await byName()).get("Other Inc")?.ownerId).toBeNull();
    // Editors own nothing: refused, and nothing changed.
    await expect(
      applyClientBulkChange(db, { ids: picked }, { action: "assign", ownerId: editor.id }, { actor: actorOf(admin) }),
    ).rejects.toThrow(AppError);
    expect((await listClients(db, { q: "", page: 1, owner: "me" }, 100, sales.id)).total).toBe(25);

    // Deleting by filter refuses when the confirmed count no longer matches, then deletes all at once.
    await expect(
      applyClientBulkChange(
        db,
        { filters: { q: "bulk co", status: "active" }, userId: admin.id },
        { action: "delete" },
        { actor: actorOf(admin), expectedCount: 20 },
      ),
    ).rejects.toThrow("not the 20 you confirmed");
    const deleted = await applyClientBulkChange(
      db,
      { filters: { q: "bulk co", status: "active" }, userId: admin.id },
      { action: "delete" },
      { actor: actorOf(admin), expectedCount: 17 },
    );
    expect(deleted).toEqual({ matched: 17, changed: 17 });
    expect([...(await byName()).keys()].sort()).toEqual(
      [
        "Bulk Co 00",
        "Bulk Co 01",
        "Bulk Co 02",
        "Bulk Co 20",
        "Bulk Co 21",
        "Bulk Co 22",
        "Bulk Co 23",
        "Bulk Co 24",
        "Other Inc",
      ].sort(),
    );

    const audit = await bulkAuditEntries(db, "client");
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      "client.bulk_assign",
      "client.bulk_delete",
      "client.bulk_set_status",
    ]);
    const statusEntry = audit.find((entry) => entry.action === "client.bulk_set_status");
    expect([...((statusEntry?.summary?.ids as string[] | undefined) ?? [])].sort()).toEqual([...picked].sort());
    expect(statusEntry).toMatchObject({ actorId: sales.id, summary: { scope: "selected", status: "suspended" } });
    const deleteEntry = audit.find((entry) => entry.action === "client.bulk_delete");
    expect((deleteEntry?.summary?.ids as string[] | undefined)?.length).toBe(17);
    expect(deleteEntry?.summary).toMatchObject({ scope: "filter", count: 17, changed: 17 });

    // Only admins delete clients in bulk; sales may change and assign them; editors none of it.
    expect(canUseIntent("admin", "/admin/clients", "bulk-delete")).toBe(true);
    expect(canUseIntent("sales", "/admin/clients", "bulk-delete")).toBe(false);
    expect(canUseIntent("sales", "/admin/clients", "bulk-set-status")).toBe(true);
    expect(canUseIntent("editor", "/admin/clients", "bulk-assign")).toBe(false);
  });

  it("keeps saved views per person, by unique name, without the page", async () => {
    const { db, sales, sales2, actorOf } = await setup();
    const id = await saveView(
      db,
      { userId: sales.id, screen: "leads", name: "Hot", query: "?status=qualified&page=3&owner=me" },
      actorOf(sales),
    );
    await expect(
      saveView(db, { userId: sales.id, screen: "leads", name: "Hot", query: "" }, actorOf(sales)),
    ).rejects.toThrow(AppError);
    await saveView(db, { userId: sales2.id, screen: "leads", name: "Hot", query: "status=new" }, actorOf(sales2));
    expect(await listSavedViews(db, sales.id, "leads")).toEqual([
      { id, name: "Hot", query: "owner=me&status=qualified" },
    ]);
    await expect(deleteSavedView(db, sales2.id, id, actorOf(sales2))).rejects.toThrow("no longer exists");
    await deleteSavedView(db, sales.id, id, actorOf(sales));
    expect(await listSavedViews(db, sales.id, "leads")).toEqual([]);
    expect(await listSavedViews(db, sales2.id, "leads")).toHaveLength(1);
  });

  it("changes the status of thousands of leads matching a filter, with a history row each and one audit entry listing every id", async () => {
    const { db, admin, actorOf } = await setup();
    const ids = await insertLeads(db, 2_500);
    await db.updateTable("leads").set({ status: "contacted" }).where("id", "=", ids[7]!).execute();
    const result = await applyBulkChange(
      db,
      { filters: filters({ source: "Contact Form" }), context: filterContext(admin.id, "UTC") },
      { action: "set-status", status: "contacted" },
      { actor: actorOf(admin), mail },
    );
    expect(result).toEqual({ matched: 2_500, changed: 2_499 });
    const left = await db.selectFrom("leads").select("id").where("status", "<>", "contacted").execute();
    expect(left).toEqual([]);
    const history = await db
      .selectFrom("lead_status_changes")
      .select(["lead_id", "from_status"])
      .where("to_status", "=", "contacted")
      .execute();
    expect(history).toHaveLength(2_499);
    expect(new Set(history.map((row) => row.lead_id)).has(ids[7]!)).toBe(false);
    expect(history.every((row) => row.from_status === "new")).toBe(true);
    const entries = (await listAuditEntries(db, { entityType: "lead" })).filter(
      (entry) => entry.action === "lead.bulk_set_status",
    );
    expect(entries).toHaveLength(1);
    expect(new Set(entries[0]?.summary?.ids as string[])).toEqual(new Set(ids));
    expect(entries[0]?.summary).toMatchObject({ count: 2_500, changed: 2_499, scope: "filter" });
  });

  it("shows the same page of a filtered, sorted list whether it walks the sort order (many matches) or sorts the matches (few)", async () => {
    const { db, sales } = await setup();
    const ids = await insertLeads(db, 40);
    await db
      .updateTable("leads")
      .set({ owner_id: sales.id })
      .where(
        "id",
        "in",
        ids.filter((_, i) => i % 3 === 0),
      )
      .execute();
    await db
      .updateTable("leads")
      .set({ status: "contacted" })
      .where(
        "id",
        "in",
        ids.filter((_, i) => i % 4 === 0),
      )
      .execute();
    await db.updateTable("leads").set({ is_spam: true }).where("id", "=", ids[0]!).execute();
    const context = filterContext(sales.id, "UTC");
    for (const sort of ["newest", "oldest", "name", "name_desc", "status", "follow_up"] as const) {
      for (const given of [{ owner: "me" }, { status: "contacted" as const }, { view: "spam" as const }]) {
        for (const page of [1, 2]) {
          const query = filters({ ...given, sort, page });
          // A horizon of 1 makes every filter with 2+ matches "many": the page walks the sort order.
          const walked = await listLeads(db, query, { pageSize: 3, horizon: 1 }, context);
          const sorted = await listLeads(db, query, { pageSize: 3 }, context);
          expect(
            walked.leads.map((lead) => lead.id),
            `${sort} ${JSON.stringify(given)} page ${page}`,
          ).toEqual(sorted.leads.map((lead) => lead.id));
        }
      }
    }
  });

  // SQLite has one writer, so only there does a bulk change split itself up.
  if (dialect === "sqlite") {
    describe("where one writer is shared", () => {
      /** Every id set to qualified by one bulk change, started and not awaited; `done()` once it has ended. */
      const startQualifying = (db: Database, ids: string[], actor: BulkOptions["actor"]) => {
        let ended = false;
        const result = applyBulkChange(
          db,
          { ids },
          { action: "set-status", status: "qualified" },
          { actor, mail },
        ).finally(() => {
          ended = true;
        });
        return { result, done: () => ended };
      };
      /** A visitor's newsletter sign-up, saved as a lead. */
      const signUp = (db: Database, email: string) =>
        captureLead(db, { flow: "newsletter", input: { email, name: "" } as never, attribution, mail: mailContext });

      it("saves visitors' leads while a bulk change of a thousand leads is still running, which commits in short transactions", async () => {
        const { db, admin, actorOf } = await setup();
        const ids = await insertLeads(db, 1_000);
        const bulk = startQualifying(db, ids, actorOf(admin));
        const savedDuringChange: boolean[] = [];
        for (let n = 0; n < 3; n++) {
          await signUp(db, `visitor${n}@example.com`);
          savedDuringChange.push(!bulk.done());
        }
        expect(await bulk.result).toEqual({ matched: 1_000, changed: 1_000 });
        // Each visitor's lead was saved before the change ended, between its transactions.
        expect(savedDuringChange).toEqual([true, true, true]);
        const visitors = await db.selectFrom("leads").select("status").where("email", "like", "visitor%").execute();
        expect(visitors.map((row) => row.status)).toEqual(["new", "new", "new"]);
        const [entry] = (await listAuditEntries(db, { entityType: "lead" })).filter(
          (candidate) => candidate.action === "lead.bulk_set_status",
        );
        expect(Number(entry?.summary?.chunks)).toBeGreaterThan(1);
        expect(new Set(entry?.summary?.ids as string[])).toEqual(new Set(ids));
      });

      it("rests between its transactions, and a visitor's lead is saved during the rest", async () => {
        const { db, admin, actorOf } = await setup();
        const ids = await insertLeads(db, 1_000);
        const qualified = () => countQualified(db);
        await withRestsHeld(async () => {
          const bulk = startQualifying(db, ids, actorOf(admin));
          await untilRestOrEnd(bulk.done);
          expect(bulk.done()).toBe(false);
          const firstTransaction = await qualified();
          expect(firstTransaction).toBeGreaterThan(0);
          expect(firstTransaction).toBeLessThan(1_000);
          await signUp(db, "resting@example.com");
          // The lead went in while the change still rested where it was.
          expect(await qualified()).toBe(firstTransaction);
          expect(bulk.done()).toBe(false);
          await restsPassUntilEnd(bulk.done);
          expect(await bulk.result).toEqual({ matched: 1_000, changed: 1_000 });
        });
        expect(await qualified()).toBe(1_000);
      });

      it("waits longer before its next transaction when a visitor's lead came in during its rest, and goes on at once when none did", async () => {
        const { db, admin, actorOf } = await setup();
        // More than two transactions can hold whatever their sizes (the first 200, each next at most 2,000),
        // so the change is still running when the visitor's lead comes in.
        const ids = await insertLeads(db, 5_000);
        const qualified = () => countQualified(db);
        await withRestsHeld(async () => {
          const bulk = startQualifying(db, ids, actorOf(admin));
          /** Lets the change run until its next rest or its end; how many leads it has changed by then. */
          const untilRest = async () => {
            await untilRestOrEnd(bulk.done);
            return qualified();
          };
          const first = await untilRest();
          expect(first).toBeGreaterThan(0);
          // Nobody else wrote during the first rest: at its end the next transaction follows.
          vi.runOnlyPendingTimers();
          const second = await untilRest();
          expect(second).toBeGreaterThan(first);
          // A visitor's lead comes in during the second rest: at its end the change rests again first.
          await signUp(db, "yield@example.com");
          vi.runOnlyPendingTimers();
          expect(await untilRest()).toBe(second);
          expect(bulk.done()).toBe(false);
          await restsPassUntilEnd(bulk.done);
          expect(await bulk.result).toEqual({ matched: 5_000, changed: 5_000 });
        });
        expect(await qualified()).toBe(5_000);
      });
    });
  }

  it("changes the status of selected leads in one transaction, with status history and one audit entry listing the ids", async () => {
    const { db, sales, actorOf } = await setup();
    const ids = await insertLeads(db, 5);
    await db.updateTable("leads").set({ status: "qualified" }).where("id", "=", ids[0]!).execute();
    const picked = [ids[0]!, ids[1]!, ids[2]!];
    const result = await applyBulkChange(
      db,
      { ids: picked },
      { action: "set-status", status: "qualified" },
      { actor: actorOf(sales), mail },
    );
    expect(result).toEqual({ matched: 3, changed: 2 });
    const statuses = await db.selectFrom("leads").select(["id", "status"]).where("id", "in", ids).execute();
    expect(
      statuses
        .filter((row) => row.status === "qualified")
        .map((row) => row.id)
        .sort(),
    ).toEqual([...picked].sort());
    const history = await db
      .selectFrom("lead_status_changes")
      .select(["lead_id", "from_status", "to_status", "actor_email"])
      .execute();
    expect(history.map((row) => row.lead_id).sort()).toEqual([ids[1]!, ids[2]!].sort());
    expect(
      history.every(
        (row) => row.from_status === "new" && row.to_status === "qualified" && row.actor_email === "sam@agency.example",
      ),
    ).toBe(true);
    const entries = (await listAuditEntries(db, { entityType: "lead" })).filter((entry) =>
      entry.action.startsWith("lead.bulk"),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]?.action).toBe("lead.bulk_set_status");
    expect([...((entries[0]?.summary?.ids as string[] | undefined) ?? [])].sort()).toEqual([...picked].sort());
    expect(entries[0]?.summary).toMatchObject({ count: 3, changed: 2, scope: "selected", status: "qualified" });
  });

  it("acts on every lead the filter matches across pages, and a delete refuses when the confirmed count changed", async () => {
    const { db, admin, sales, actorOf } = await setup();
    const ids = await insertLeads(db, 60);
    const contacted = await insertLeads(db, 5, { status: "contacted" });
    const context = filterContext(admin.id, "UTC");
    const newOnes = filters({ status: "new" });
    const firstPage = await listLeads(db, newOnes, { pageSize: 25 }, context);
    expect(firstPage.pageCount).toBe(3);
    expect(await countMatchingLeads(db, newOnes, context)).toEqual({ count: 60, isLowerBound: false });

    const assigned = await applyBulkChange(
      db,
      { filters: newOnes, context },
      { action: "assign", ownerId: sales.id },
      { actor: actorOf(admin), mail },
    );
    expect(assigned).toEqual({ matched: 60, changed: 60 });
    const owned = await db.selectFrom("leads").select("id").where("owner_id", "=", sales.id).execute();
    expect(owned.map((row) => row.id).sort()).toEqual([...ids].sort());
    const told = await mailsTo(db, "sam@agency.example", "lead_assigned");
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe("60 leads assigned to you");

    await applyBulkChange(
      db,
      { filters: filters({ owner: "me" }), context: filterContext(sales.id, "UTC") },
      { action: "spam" },
      { actor: actorOf(sales), mail },
    );
    expect(await countMatchingLeads(db, filters({ view: "spam" }), context)).toEqual({
      count: 60,
      isLowerBound: false,
    });
    await applyBulkChange(db, { ids: [ids[0]!] }, { action: "not-spam" }, { actor: actorOf(sales), mail });
    expect(await countMatchingLeads(db, filters({ view: "spam" }), context)).toEqual({
      count: 59,
      isLowerBound: false,
    });

    const spamView = filters({ view: "spam" });
    await expect(
      applyBulkChange(
        db,
        { filters: spamView, context },
        { action: "delete" },
        { actor: actorOf(admin), expectedCount: 60, mail },
      ),
    ).rejects.toThrow("59 leads match now, not the 60 you confirmed");
    expect(await countMatchingLeads(db, spamView, context)).toEqual({ count: 59, isLowerBound: false });
    const deleted = await applyBulkChange(
      db,
      { filters: spamView, context },
      { action: "delete" },
      { actor: actorOf(admin), expectedCount: 59, mail },
    );
    expect(deleted).toEqual({ matched: 59, changed: 59 });
    const left = await db.selectFrom("leads").select("id").execute();
    expect(left.map((row) => row.id).sort()).toEqual([ids[0]!, ...contacted].sort());
    const audit = await bulkAuditEntries(db, "lead");
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      "lead.bulk_assign",
      "lead.bulk_delete",
      "lead.bulk_not_spam",
      "lead.bulk_spam",
    ]);
    const deleteEntry = audit.find((entry) => entry.action === "lead.bulk_delete");
    expect((deleteEntry?.summary?.ids as string[] | undefined)?.length).toBe(59);
    expect(deleteEntry?.summary).toMatchObject({ scope: "filter", count: 59 });
  });

  it("counts the leads a bulk change would take exactly up to its limit, and says 'over' the limit past it", async () => {
    const { db, admin, actorOf } = await setup();
    // One lead, then copies of it made by the database: 25,001 leads in one statement.
    const [first] = await insertLeads(db, 1);
    await sql`
      with recursive copies(i) as (select 1 union all select i + 1 from copies where i < ${BULK_LIMIT})
      insert into leads (id, name, email, source, status, is_spam, created_at, updated_at)
      select leads.id || '-' || copies.i, 'Copy ' || copies.i, 'copy' || copies.i || '@example.com', leads.source,
        leads.status, leads.is_spam, leads.created_at, leads.updated_at
      from leads cross join copies where leads.id = ${first}`.execute(db);
    const context = filterContext(admin.id, "UTC");
    expect(await countMatchingLeads(db, filters(), context)).toEqual({ count: BULK_LIMIT, isLowerBound: true });
    await db.deleteFrom("leads").where("name", "=", "Copy 1").execute();
    expect(await countMatchingLeads(db, filters(), context)).toEqual({ count: BULK_LIMIT, isLowerBound: false });
    await insertLeads(db, 1);
    // Past the limit no change is made, whatever the number the person saw.
    await expect(
      applyBulkChange(
        db,
        { filters: filters(), context },
        { action: "delete" },
        { actor: actorOf(admin), expectedCount: BULK_LIMIT, mail },
      ),
    ).rejects.toThrow(`More than ${BULK_LIMIT.toLocaleString("en-US")} leads match`);
    const left = await db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(BULK_LIMIT + 1);
  }, 120_000);

  it("refuses bulk deletes and admin settings to the roles that may not use them", () => {
    expect(canUseIntent("admin", "/admin/leads", "bulk-delete")).toBe(true);
    expect(canUseIntent("sales", "/admin/leads", "bulk-delete")).toBe(false);
    expect(canUseIntent("sales", "/admin/leads.data", "bulk-set-status")).toBe(true);
    expect(canUseIntent("editor", "/admin/leads", "bulk-set-status")).toBe(false);
    expect(canUseIntent("sales", "/admin/settings", "save-lead-assignment")).toBe(false);
    expect(canUseIntent("sales", "/admin/settings", "save-time-zone")).toBe(false);
    expect(canUseIntent("sales", "/admin/settings", "set-digest")).toBe(true);
    expect(canUseIntent("admin", "/admin/settings", "save-time-zone")).toBe(true);
  });
});
