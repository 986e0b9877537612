import { describe, expect, it } from "vitest";
import type { IntentContext } from "~/http/intents.server";
import type { Role } from "~/lib/roles";
import { leadListIntents } from "~/routes/admin/leads.server";
import type { Database } from "~/server/db/schema.server";
import { captureLead } from "~/server/leads/capture.server";
import { databasePerTest, dialects } from "../support/databases";
import { addStaff } from "../support/staff";

const mail = { baseUrl: "https://agency.example", notifyEmails: ["sales@agency.example"] };

async function newLead(db: Database, name: string, email: string, phone: string | undefined, ownerId: string | null) {
  const saved = await captureLead(db, {
    flow: "contact",
    input: { name, email, phone, country: "", industry: "", budget: "", message: `From ${name}` } as never,
    attribution: { pageUrl: "https://agency.example/contact", referrer: null, userAgent: "UA", browserInfo: null },
    mail,
  });
  await db.updateTable("leads").set({ owner_id: ownerId }).where("id", "=", saved.leadId).execute();
  return saved.leadId;
}

/** The table's bulk merge as the leads screen runs it, for one signed-in person. */
function bulkMerge(db: Database, who: { id: string; email: string; role: Role }, fields: [string, string][]) {
  const form = new FormData();
  form.set("intent", "bulk-merge");
  for (const [name, value] of fields) form.append(name, value);
  const staff = { ...who, name: who.email, twoFactorEnabled: false, sessionCreatedAt: new Date().toISOString() };
  return leadListIntents["bulk-merge"].parseAndRun(form, {
    db,
    staff,
    actor: { id: who.id, email: who.email },
    formData: form,
  } as unknown as IntentContext);
}

async function leadIds(db: Database) {
  return (await db.selectFrom("leads").select("id").orderBy("id").execute()).map((row) => row.id);
}

describe.each(dialects)("merging leads from the table on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("merges the ticked leads into the oldest with the value chosen for each field, and lets sales merge only their own or unowned leads", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const seller = { ...(await addStaff(db, "seller@agency.example", "sales")), role: "sales" as const };
    const other = { ...(await addStaff(db, "other@agency.example", "sales")), role: "sales" as const };
    const oldest = await newLead(db, "Nina", "nina@one.example", undefined, seller.id);
    const unowned = await newLead(db, "Nina Patel", "nina@two.example", "+91 98765 43210", null);
    const theirs = await newLead(db, "N. Patel", "nina@three.example", undefined, other.id);
    const before = await leadIds(db);

    const refused = await bulkMerge(db, seller, [
      ["ids", oldest],
      ["ids", theirs],
    ]);
    expect(refused).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect(await leadIds(db)).toEqual(before);

    const done = await bulkMerge(db, seller, [
      ["ids", unowned],
      ["ids", oldest],
      ["choice_name", unowned],
      ["choice_email", oldest],
    ]);
    expect(done.ok).toBe(true);
    const kept = await db.selectFrom("leads").selectAll().where("id", "=", oldest).executeTakeFirstOrThrow();
    expect({ name: kept.name, email: kept.email, phone: kept.phone }).toEqual({
      name: "Nina Patel",
      email: "nina@one.example",
      // Nobody chose the phone: the kept lead had none, so it takes the other's.
      phone: "+91 98765 43210",
    });
    expect(await leadIds(db)).toEqual(before.filter((id) => id !== unowned));

    const admin = { id: "admin-id", email: "admin@agency.example", role: "admin" as const };
    const choiceFromElsewhere = await bulkMerge(db, admin, [
      ["ids", oldest],
      ["ids", theirs],
      ["choice_name", unowned],
    ]);
    expect(choiceFromElsewhere).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    expect(
      (
        await bulkMerge(db, admin, [
          ["ids", oldest],
          ["ids", theirs],
        ])
      ).ok,
    ).toBe(true);
    expect(await leadIds(db)).toEqual([oldest]);
  });
});
