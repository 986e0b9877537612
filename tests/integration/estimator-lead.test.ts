import { describe, expect, it } from "vitest";
import { defaultAnswers, type EstimatorAnswers } from "~/lib/estimator";
import { fromJson } from "~/server/db/values.server";
import { saveEstimateLead } from "~/server/leads/estimator.server";
import { databasePerTest, dialects } from "../support/databases";
import { fromGoogleSearch, TEAM_MAIL } from "../support/enquiries";

const attribution = fromGoogleSearch(
  "https://agency.example/cost-estimator?utm_source=google&utm_medium=cpc&utm_campaign=winter",
  "en-GB",
);
const mail = TEAM_MAIL;

const answers: EstimatorAnswers = {
  ...defaultAnswers,
  businessType: "saas",
  campaignObjective: "leads",
  platforms: ["google", "linkedin"],
  audienceType: "custom",
  monthlyAdSpend: 4200,
  campaignDuration: 12,
  currency: "AUD",
  additionalServices: ["tracking-setup", "competitor-analysis"],
  fullName: "Liam Chen",
  email: "liam@example.com",
  phone: "+61 400 000 000",
  company: "Chen Cloud",
  website: "chen.example",
  consent: true,
};

describe.each(dialects)("cost estimator leads on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("saves the lead, every answer as its submission and the staff mail, with the server's own figures", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const saved = await saveEstimateLead(db, { answers, attribution, mail });
    // AUD 4,200 a month for 12 months: 9% management (14% before the winter discount), the setup fee once.
    expect(saved.estimate).toEqual({
      currency: "AUD",
      monthlyAdSpend: 4200,
      campaignDuration: 12,
      managementFee: 378,
      originalManagementFee: 588,
      setupFee: 2149,
      originalSetupFee: null,
      firstMonthTotal: 6727,
      laterMonthlyTotal: 4578,
      durationTotal: 57085,
      costPerClick: 0.5,
      clicks: 8400,
      impressions: 336000,
      conversions: 168,
    });
    expect(saved.mailsQueued).toBe(1);

    const form = await db
      .selectFrom("forms")
      .select("id")
      .where("name", "=", "Cost Estimator")
      .executeTakeFirstOrThrow();
    const lead = await db.selectFrom("leads").selectAll().where("id", "=", saved.leadId).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      name: "Liam Chen",
      email: "liam@example.com",
      phone: "+61 400 000 000",
      company: "Chen Cloud",
      source: "Cost Estimator",
      status: "new",
      form_id: form.id,
      utm_source: "google",
      utm_campaign: "winter",
      ip_address: null,
      spam_reason: null,
    });
    expect(lead.message).toContain("Platforms: Google Search / Display, LinkedIn");
    expect(lead.message).toContain("Additional services: Tracking & Analytics Setup, Competitor Analysis");
    // The setup fee is a US dollar price: written as itself, beside the Australian dollar part.
    expect(lead.message).toContain("Setup fee (one-time): $2,149");
    expect(lead.message).toContain("First month total: A$4,578 + $2,149 setup");
    expect(lead.message).toContain("Total for 12 months: A$54,936 + $2,149 setup");

    const submission = await db
      .selectFrom("form_submissions")
      .selectAll()
      .where("lead_id", "=", saved.leadId)
      .executeTakeFirstOrThrow();
    expect(submission).toMatchObject({ form_id: form.id, utm_medium: "cpc", ip_address: null, user_agent: "UA" });
    expect(fromJson(submission.data, {})).toEqual(answers);

    expect(
      await db.selectFrom("email_outbox").select(["kind", "to_address"]).where("lead_id", "=", saved.leadId).execute(),
    ).toEqual([{ kind: "lead_notification", to_address: "sales@agency.example" }]);
  });

  it("keeps suspected spam out of the staff's mail but still saves it, flagged", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const saved = await saveEstimateLead(db, { answers, attribution, mail, spamReason: "honeypot field filled" });
    expect(saved.mailsQueued).toBe(0);
    expect(
      await db.selectFrom("leads").select(["spam_reason", "source"]).where("id", "=", saved.leadId).execute(),
    ).toEqual([{ spam_reason: "honeypot field filled", source: "Cost Estimator" }]);
    expect(await db.selectFrom("email_outbox").select("id").execute()).toEqual([]);
  });
});
