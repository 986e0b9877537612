import { describe, expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { captureLead } from "~/server/leads/capture.server";
import { erasePersonalData, exportPersonalData } from "~/server/leads/gdpr.server";
import { mergeLeads } from "~/server/leads/merge.server";
import { databasePerTest, dialects } from "../support/databases";

const mail = { baseUrl: "https://agency.example", notifyEmails: ["sales@agency.example"] };
const actor = { id: null, email: "admin@agency.example" };
const secret = "s".repeat(32);

async function enquire(db: Database, name: string, email: string) {
  const saved = await captureLead(db, {
    flow: "contact",
    input: { name, email, country: "", industry: "", budget: "", message: `From ${name}` } as never,
    attribution: { pageUrl: "https://agency.example/contact", referrer: null, userAgent: "UA", browserInfo: null },
    mail,
  });
  if (!saved.personId) throw new Error("The enquiry landed on no lead.");
  return saved.personId;
}

/**
 * One person under three addresses: Lena's first lead takes the address of her second when they are
 * merged (so her first address is on no lead any more), then that lead is merged into a third; each
 * lead got a returning enquiry in another spelling first.
 */
async function mergedPerson(db: Database) {
  const first = await enquire(db, "Lena", "lena.k@gmail.com");
  await enquire(db, "Lena", "LenaK+ads@gmail.com");
  const second = await enquire(db, "Lena Kraus", "lena@kraus.example");
  await enquire(db, "Lena Kraus", " Lena@Kraus.example");
  const third = await enquire(db, "L. Kraus", "office@kraus.example");
  await mergeLeads(db, { survivorId: first, mergedIds: [second], choices: { email: second } }, actor);
  await mergeLeads(db, { survivorId: third, mergedIds: [first] }, actor);
  // Someone else entirely, who must stay.
  const stranger = await enquire(db, "Tom", "tom@elsewhere.example");
  return { third, stranger };
}

describe.each(dialects)("GDPR requests after merges on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("exports the merged person and every submission by any of their addresses, in any spelling", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const { third } = await mergedPerson(db);
    for (const email of ["lena.k@gmail.com", "LENAK@googlemail.com", "lena@kraus.example", "office@kraus.example"]) {
      const exported = await exportPersonalData(db, email, actor);
      expect(
        exported.leads.map((lead) => lead.id),
        email,
      ).toEqual([third]);
      expect(exported.formSubmissions, email).toHaveLength(5);
      expect(new Set(exported.formSubmissions.map((row) => row.lead_id)), email).toEqual(new Set([third]));
      // What the two merges kept of the leads merged away is held about the person too.
      expect(
        exported.merges.map((merge) => merge.mergedLead?.name),
        email,
      ).toEqual(["Lena Kraus", "Lena"]);
    }
  });

  it("erases the merged person, every submission and what the merges kept, by the address the merge replaced", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const { stranger } = await mergedPerson(db);
    const erased = await erasePersonalData(db, "lena.k@gmail.com", actor, secret);
    expect(erased).toMatchObject({ leads: 1, formSubmissions: 5 });
    expect((await db.selectFrom("leads").select("id").execute()).map((row) => row.id)).toEqual([stranger]);
    const left = await db.selectFrom("form_submissions").select("lead_id").execute();
    expect(left.map((row) => row.lead_id)).toEqual([stranger]);
    expect(await db.selectFrom("lead_merges").selectAll().execute()).toEqual([]);
    for (const email of ["lena.k@gmail.com", "lena@kraus.example", "office@kraus.example"]) {
      expect((await exportPersonalData(db, email, actor)).formSubmissions, email).toEqual([]);
    }
  });
});
