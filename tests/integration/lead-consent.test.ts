import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { fromBool } from "~/server/db/values.server";
import { captureLead } from "~/server/leads/capture.server";
import { exportPersonalData } from "~/server/leads/gdpr.server";
import { mergeLeads, unmergeLead } from "~/server/leads/merge.server";
import { submissionsOf } from "../support/admin-fixtures";
import { databasePerTest, dialects } from "../support/databases";

const mail = { baseUrl: "https://agency.example", notifyEmails: ["sales@agency.example"] };
const actor = { id: null, email: "admin@agency.example" };

/** An enquiry through the contact form from a visitor who allowed advertising, or refused it. */
async function enquire(db: Database, email: string, granted: boolean, name = "Asha") {
  const saved = await captureLead(db, {
    flow: "contact",
    input: { name, email, country: "", industry: "", budget: "", message: "Hello" } as never,
    attribution: {
      pageUrl: "https://agency.example/contact",
      referrer: null,
      userAgent: "UA",
      browserInfo: null,
      ads: { clicks: {}, adUserData: granted, adPersonalization: granted },
    },
    mail,
  });
  if (!saved.personId) throw new Error("The enquiry landed on no lead.");
  return saved.personId;
}

async function consentOf(db: Database, leadId: string) {
  const row = await db
    .selectFrom("lead_ad_signals")
    .select(["ad_user_data", "ad_personalization"])
    .where("lead_id", "=", leadId)
    .executeTakeFirst();
  return row && { adUserData: fromBool(row.ad_user_data), adPersonalization: fromBool(row.ad_personalization) };
}

async function submissionConsents(db: Database, leadId: string) {
  const rows = await submissionsOf(db, leadId);
  return rows.map((row) => fromBool(row.ad_user_data));
}

const granted = { adUserData: true, adPersonalization: true };
const refused = { adUserData: false, adPersonalization: false };

describe.each(dialects)("a person's advertising consent on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("keeps each enquiry's consent; a refusal on a returning enquiry is taken back from the lead, a grant never given", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const lead = await enquire(db, "asha@example.com", true);
    expect(await consentOf(db, lead)).toEqual(granted);

    expect(await enquire(db, "ASHA@example.com", false)).toBe(lead);
    expect(await consentOf(db, lead)).toEqual(refused);

    // Anyone can type this address: granting again with it does not give consent back.
    expect(await enquire(db, "asha@example.com ", true)).toBe(lead);
    expect(await consentOf(db, lead)).toEqual(refused);
    expect(await submissionConsents(db, lead)).toEqual([true, false, true]);
    // The person's export says what each enquiry allowed, alike on both databases.
    const exported = await exportPersonalData(db, "asha@example.com", { id: null, email: "admin@agency.example" });
    const allowed = exported.formSubmissions.map((row) => `${row.ad_user_data}/${row.ad_personalization}`);
    expect(allowed.sort()).toEqual(["false/false", "true/true", "true/true"]);
  });

  it("gives a merged person the most restrictive consent of the leads, and an unmerge gives each its own back", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const survivor = await enquire(db, "ravi@one.example", true, "Ravi");
    const other = await enquire(db, "ravi@two.example", false, "Ravi K");
    const third = await enquire(db, "ravi@three.example", true, "R. Kumar");
    const signalsBefore = (await sql`select * from lead_ad_signals order by lead_id`.execute(db)).rows;

    const { mergeIds } = await mergeLeads(db, { survivorId: survivor, mergedIds: [other, third] }, actor);
    expect(await consentOf(db, survivor)).toEqual(refused);

    // The refusing lead leaves: the one still merged granted, so the person grants again.
    const otherMerge = (
      await db.selectFrom("lead_merges").select("id").where("merged_id", "=", other).executeTakeFirstOrThrow()
    ).id;
    expect(mergeIds).toContain(otherMerge);
    await unmergeLead(db, otherMerge, actor);
    expect(await consentOf(db, other)).toEqual(refused);
    expect(await consentOf(db, survivor)).toEqual(granted);

    await unmergeLead(db, mergeIds.find((id) => id !== otherMerge) as string, actor);
    expect((await sql`select * from lead_ad_signals order by lead_id`.execute(db)).rows).toEqual(signalsBefore);
  });

  it("keeps a refusal sent after the merge when the merge is undone", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const survivor = await enquire(db, "mei@one.example", true, "Mei");
    const other = await enquire(db, "mei@two.example", true, "Mei L");
    const { mergeIds } = await mergeLeads(db, { survivorId: survivor, mergedIds: [other] }, actor);
    expect(await consentOf(db, survivor)).toEqual(granted);
    // Created a moment after the merge, so it is told apart from it by time.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await enquire(db, "mei@one.example", false)).toBe(survivor);
    await unmergeLead(db, mergeIds[0] as string, actor);
    expect(await consentOf(db, survivor)).toEqual(refused);
    expect(await consentOf(db, other)).toEqual(granted);
  });
});
