import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { defaultAnswers, type EstimatorAnswers } from "~/lib/estimator";
import { type LeadFilters, parseLeadFilters } from "~/lib/schemas/lead-admin";
import { campaignTable } from "~/server/dashboard/dashboard.server";
import { migrateToLatest, migrateUpTo } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { fromJson } from "~/server/db/values.server";
import { applyBulkChange } from "~/server/leads/bulk.server";
import { captureLead, saveLead } from "~/server/leads/capture.server";
import { takeEnquiryValue } from "~/server/leads/enquiry-values.server";
import { saveEstimateLead } from "~/server/leads/estimator.server";
import { setAgencyCountry } from "~/server/leads/identity.server";
import { listLeads } from "~/server/leads/lead-list.server";
import { markLeadNotSpam } from "~/server/leads/leads.server";
import { mergeLeads, unmergeLead } from "~/server/leads/merge.server";
import { submissionsOf } from "../support/admin-fixtures";
import { createEmptyDatabase, databasePerTest, dialects } from "../support/databases";

const mail = { baseUrl: "https://agency.example", notifyEmails: ["sales@agency.example"] };
const attributionOf = (campaign: string) => ({
  pageUrl: `https://agency.example/page?utm_source=google&utm_medium=cpc&utm_campaign=${campaign}`,
  landingPath: `/landing-${campaign}`,
  referrer: "https://www.google.com/",
  userAgent: "UA",
  browserInfo: null,
});

const estimate: EstimatorAnswers = {
  ...defaultAnswers,
  businessType: "saas",
  platforms: ["google"],
  monthlyAdSpend: 3000,
  fullName: "Asha Smith",
  email: "asha.smith@gmail.com",
  phone: "+91 98765 43210",
  company: "Smith Foods",
  consent: true,
};

function contact(
  db: Database,
  fields: { name: string; email: string; phone?: string; company?: string },
  campaign = "spring",
) {
  return captureLead(db, {
    flow: "contact",
    input: { ...fields, country: "", industry: "", budget: "", message: "Call me about Meta ads" } as never,
    attribution: attributionOf(campaign),
    mail,
  });
}

/** A booking made straight from a Book Call button, saved as the booking page saves it. */
function booking(
  db: Database,
  fields: { name: string; email: string; phone: string },
  spamReason: string | null = null,
) {
  return saveLead(db, {
    fields: { ...fields, company: null, source: "Book Call", message: "Booked a strategy call" },
    formId: async () => null,
    submissionData: { flow: "book-call", ...fields },
    attribution: attributionOf("autumn"),
    mail,
    spamReason,
  });
}

async function leadsOf(db: Database) {
  return db.selectFrom("leads").selectAll().orderBy("created_at").orderBy("id").execute();
}

async function eventTypes(db: Database) {
  const rows = await db.selectFrom("webhook_events").select("type").orderBy("created_at").orderBy("id").execute();
  return rows.map((row) => row.type);
}

describe.each(dialects)("one person, one lead on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("an estimate, a contact form in another spelling and a booking with a national phone make one lead with three submissions", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const first = await saveEstimateLead(db, { answers: estimate, attribution: attributionOf("winter"), mail });
    await contact(db, { name: "A Smith", email: "  Asha.Smith+ads@GoogleMail.com " });
    // The phone written as an Indian caller writes it, matched to the E.164 one in the agency's country.
    await booking(db, { name: "Asha", email: "asha@work.example", phone: "098765 43210" });

    const leads = await leadsOf(db);
    expect(leads).toHaveLength(1);
    const [lead] = leads;
    expect(lead).toMatchObject({
      id: first.leadId,
      name: "Asha Smith",
      email: "asha.smith@gmail.com",
      email_normalized: "ashasmith@gmail.com",
      phone_e164: "+919876543210",
      utm_campaign: "winter",
      enquiries: 3,
    });
    const submissions = await submissionsOf(db, first.leadId);
    expect(submissions.map((row) => [row.utm_campaign, row.landing_path])).toEqual([
      ["winter", "/landing-winter"],
      ["spring", "/landing-spring"],
      ["autumn", "/landing-autumn"],
    ]);
    expect(fromJson(submissions[2]?.contact, {})).toEqual({
      name: "Asha",
      email: "asha@work.example",
      phone: "098765 43210",
      company: null,
    });
    const funnel = await db
      .selectFrom("lead_campaign_days")
      .select(sql<number>`coalesce(sum(leads), 0)`.as("leads"))
      .executeTakeFirstOrThrow();
    expect(Number(funnel.leads)).toBe(1);
    // The campaigns that brought the person back get credit as returning, not as new leads.
    const campaigns = await campaignTable(db, Date.now(), 30, "UTC");
    expect(campaigns.map((row) => [row.campaign, row.leads, row.returning])).toEqual([
      ["winter", 1, 0],
      ["autumn", 0, 1],
      ["spring", 0, 1],
    ]);
    expect(await eventTypes(db)).toEqual([
      "lead.created",
      "form_submission.created",
      "lead.enquired",
      "form_submission.created",
      "lead.enquired",
      "form_submission.created",
    ]);
  });

  it("a returning enquiry changes no visible field, fills an empty one, keeps a closed lead closed and proposes a follow-up", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const first = await contact(db, { name: "Ravi Kumar", email: "ravi@kumar.example", phone: "+91 98111 22233" });
    await db.updateTable("leads").set({ status: "closed" }).where("id", "=", first.leadId).execute();
    const before = await db.selectFrom("leads").selectAll().where("id", "=", first.leadId).executeTakeFirstOrThrow();
    expect(before.next_follow_up_at).toBeNull();

    const again = await contact(db, {
      name: "Someone Else",
      email: "RAVI@kumar.example",
      phone: "+1 415 555 2671",
      company: "Kumar Exports",
    });
    // The visitor's answer names a fresh id, never the known person's.
    expect(again.leadId).not.toBe(first.leadId);
    const after = await db.selectFrom("leads").selectAll().where("id", "=", first.leadId).executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      name: "Ravi Kumar",
      email: "ravi@kumar.example",
      phone: "+91 98111 22233",
      phone_e164: "+919811122233",
      status: "closed",
      owner_id: before.owner_id,
      message: before.message,
      source: before.source,
      company: "Kumar Exports",
      enquiries: 2,
    });
    expect(after.next_follow_up_at).not.toBeNull();
    expect(await db.selectFrom("leads").select("id").execute()).toHaveLength(1);
  });

  it("staff take a phone sent with a later enquiry onto the lead, and the person is then recognised by it", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const first = await contact(db, { name: "Noor", email: "noor@example.com", phone: "+91 98111 00000" });
    await contact(db, { name: "Noor", email: "noor@example.com", phone: "+91 98222 00000" });
    const later = await db
      .selectFrom("form_submissions")
      .select("id")
      .where("lead_id", "=", first.leadId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const actor = { id: null, email: "sales@agency.example" };
    expect(await takeEnquiryValue(db, { leadId: first.leadId, submissionId: later.id, field: "phone" }, actor)).toBe(
      true,
    );
    const lead = await db.selectFrom("leads").selectAll().where("id", "=", first.leadId).executeTakeFirstOrThrow();
    expect([lead.phone, lead.phone_e164]).toEqual(["+91 98222 00000", "+919822200000"]);
    await booking(db, { name: "N", email: "n@elsewhere.example", phone: "098222 00000" });
    expect(await db.selectFrom("leads").select("id").execute()).toHaveLength(1);
    await expect(
      takeEnquiryValue(db, { leadId: first.leadId, submissionId: later.id, field: "company" }, actor),
    ).rejects.toThrow("no such value");
  });

  it("lists one row per person with the enquiry count and last enquiry, sorted and filtered on them", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const old = await contact(db, { name: "Old Prospect", email: "old@example.com" });
    await db
      .updateTable("leads")
      .set({ created_at: "2026-01-05T10:00:00.000Z", last_enquiry_at: "2026-01-05T10:00:00.000Z" })
      .where("id", "=", old.leadId)
      .execute();
    await contact(db, { name: "Quiet One", email: "quiet@example.com" });
    await db
      .updateTable("leads")
      .set({ created_at: "2026-02-01T10:00:00.000Z", last_enquiry_at: "2026-02-01T10:00:00.000Z" })
      .where("email", "=", "quiet@example.com")
      .execute();
    await contact(db, { name: "O", email: "OLD@example.com" });
    const list = (given: Partial<LeadFilters>) =>
      listLeads(db, parseLeadFilters(new URLSearchParams(given as Record<string, string>)));
    const byLast = await list({ sort: "last_enquiry" });
    expect(byLast.leads.map((lead) => [lead.name, lead.enquiries])).toEqual([
      ["Old Prospect", 2],
      ["Quiet One", 1],
    ]);
    expect((await list({ sort: "enquiries" })).leads.map((lead) => lead.name)).toEqual(["Old Prospect", "Quiet One"]);
    expect((await list({ sort: "oldest" })).leads.map((lead) => lead.name)).toEqual(["Old Prospect", "Quiet One"]);
    const since = new Date().toISOString().slice(0, 10);
    expect((await list({ enquired: since })).leads.map((lead) => lead.name)).toEqual(["Old Prospect"]);
  });

  it("never matches a spam lead, and a spam-looking enquiry never touches a real lead", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const spam = await booking(db, { name: "Bot", email: "bot@spam.example", phone: "+91 98765 00000" }, "honeypot");
    const real = await booking(db, { name: "Mira", email: "mira@real.example", phone: "+91 98765 11111" });
    const again = await booking(db, { name: "Bot", email: "bot@spam.example", phone: "+44 20 7946 0000" });
    const spamOnReal = await booking(
      db,
      { name: "Mira?", email: "mira@real.example", phone: "+91 98765 11111" },
      "honeypot",
    );

    const leads = await leadsOf(db);
    expect(leads.map((lead) => [lead.email, Boolean(lead.is_spam), lead.enquiries])).toEqual([
      ["bot@spam.example", true, 1],
      ["mira@real.example", false, 1],
      ["bot@spam.example", false, 1],
      ["mira@real.example", true, 1],
    ]);
    expect(new Set([spam.leadId, real.leadId, again.leadId, spamOnReal.leadId]).size).toBe(4);
  });

  it("keeps a phone that does not parse as typed and never matches on it", async () => {
    const { db } = await freshDatabase({ seeded: true });
    await booking(db, { name: "One", email: "one@example.com", phone: "call me after 5" });
    await booking(db, { name: "Two", email: "two@example.com", phone: "call me after 5" });
    const leads = await leadsOf(db);
    expect(leads.map((lead) => [lead.phone, lead.phone_e164])).toEqual([
      ["call me after 5", null],
      ["call me after 5", null],
    ]);
  });

  it("counts a returning enquiry on the campaign table only while its person is not spam, through merges and unmerges", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const actor = { id: null, email: "admin@agency.example" };
    const returningByCampaign = async () =>
      (await campaignTable(db, Date.now(), 30, "UTC"))
        .filter((row) => row.returning > 0)
        .map((row) => [row.campaign, row.returning]);
    const first = await contact(db, { name: "Rae Kim", email: "rae@kim.example" }, "winter");
    await contact(db, { name: "Rae Kim", email: "RAE@kim.example" }, "spring");
    expect(await returningByCampaign()).toEqual([["spring", 1]]);

    await applyBulkChange(db, { ids: [first.leadId] } as never, { action: "spam" }, { actor, mail });
    expect(await returningByCampaign()).toEqual([]);
    await markLeadNotSpam(db, first.leadId, actor);
    expect(await returningByCampaign()).toEqual([["spring", 1]]);

    // A second lead of the same person, kept apart (another address), then merged into the first:
    // its own first enquiry becomes a returning one of the person; the unmerge takes that back.
    const other = await contact(db, { name: "Rae Kim", email: "rae.kim@work.example" }, "autumn");
    expect(await returningByCampaign()).toEqual([["spring", 1]]);
    const { mergeIds } = await mergeLeads(db, { survivorId: first.leadId, mergedIds: [other.leadId] }, actor);
    expect(await returningByCampaign()).toEqual([
      ["autumn", 1],
      ["spring", 1],
    ]);
    await unmergeLead(db, mergeIds[0] as string, actor);
    expect(await returningByCampaign()).toEqual([["spring", 1]]);
  });

  it("reads a national number in the agency's country and mails a returning person's owner", async () => {
    const { db } = await freshDatabase({ seeded: true });
    await setAgencyCountry(db, "US", null);
    const first = await booking(db, { name: "Sam", email: "sam@example.com", phone: "(415) 555-2671" });
    const owner = { id: "owner-1", email: "owner@agency.example" };
    await db
      .insertInto("user")
      .values({
        ...owner,
        name: "Owner",
        email_verified: true,
        image: null,
        created_at: "2026-01-01T00:00:00.000Z",
        updated_at: "2026-01-01T00:00:00.000Z",
        two_factor_enabled: false,
        disabled: false,
      })
      .execute();
    await db.updateTable("leads").set({ owner_id: owner.id }).where("id", "=", first.leadId).execute();
    await booking(db, { name: "Sam", email: "other@example.com", phone: "+1 415-555-2671" });
    const leads = await leadsOf(db);
    expect(leads).toHaveLength(1);
    expect(leads[0]?.phone_e164).toBe("+14155552671");
    const mails = await db
      .selectFrom("email_outbox")
      .select(["to_address", "subject"])
      .where("subject", "like", "New enquiry:%")
      .execute();
    expect(mails.map((m) => m.to_address)).toEqual([owner.email]);
  });
});

describe.each(dialects)("upgrading to person identity on %s", (dialect) => {
  it("fills the normalised e-mail, the E.164 phone and the enquiry columns of the leads already there", async () => {
    const database = await createEmptyDatabase(dialect);
    try {
      const { db } = database;
      await migrateUpTo(db, "0024-lead-day-counts");
      const at = "2026-01-02T03:04:05.000Z";
      const lead = (id: string, email: string, phone: string | null) => ({
        id,
        name: id,
        email,
        phone,
        source: "Contact Form",
        status: "new",
        is_spam: false,
        created_at: at,
        updated_at: at,
      });
      await (db as Database)
        .insertInto("leads")
        .values([
          lead("l1", " Bob.Jones+x@Gmail.com", "+91 98765 43210"),
          lead("l2", "ann@Example.com", "garbage"),
          { ...lead("l3", "c@d.example", null), is_spam: true },
        ] as never)
        .execute();
      const later = "2026-01-09T03:04:05.000Z";
      const submission = (id: string, leadId: string, createdAt: string) => ({
        id,
        lead_id: leadId,
        data: "{}",
        utm_campaign: "winter",
        created_at: createdAt,
      });
      await (db as Database)
        .insertInto("form_submissions")
        .values([
          submission("s1", "l1", at),
          submission("s2", "l1", later),
          submission("s3", "l2", at),
          submission("s4", "l3", later),
        ] as never)
        .execute();
      await migrateToLatest(db);
      // Only a later enquiry of a lead that is not spam counts as returning.
      const marks = await (db as Database)
        .selectFrom("form_submissions")
        .select(["id", "counts_as_returning"])
        .orderBy("id")
        .execute();
      expect(marks.map((row) => [row.id, Boolean(row.counts_as_returning)])).toEqual([
        ["s1", false],
        ["s2", true],
        ["s3", false],
        ["s4", false],
      ]);
      const rows = await (db as Database)
        .selectFrom("leads")
        .select(["id", "email", "email_normalized", "phone_e164", "enquiries", "last_enquiry_at"])
        .orderBy("id")
        .execute();
      expect(
        rows.map((row) => [row.id, row.email, row.email_normalized, row.phone_e164, Number(row.enquiries)]),
      ).toEqual([
        ["l1", " Bob.Jones+x@Gmail.com", "bobjones@gmail.com", "+919876543210", 2],
        ["l2", "ann@Example.com", "ann@example.com", null, 1],
        ["l3", "c@d.example", "c@d.example", null, 1],
      ]);
      expect(rows.every((row) => row.last_enquiry_at !== null)).toBe(true);
    } finally {
      await database.drop();
    }
  });
});
