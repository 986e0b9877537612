import { describe, expect, it } from "vitest";
import { fromJson } from "~/server/db/values.server";
import { saveLead } from "~/server/leads/capture.server";
import { databasePerTest, dialects } from "../support/databases";

describe.each(dialects)("whatever text a visitor sends, on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("stores the submission: NUL characters dropped, lone surrogates replaced, nothing refused", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const { leadId } = await saveLead(db, {
      fields: {
        name: "Ana",
        email: "ana@example.com",
        phone: null,
        company: null,
        source: "Contact Form",
        message: null,
      },
      formId: async () => null,
      // Sent as JSON to the public endpoint, these reach the jsonb column as they are.
      submissionData: { plan: "a\ud800b", "k\u0000ey": "v\u0000", emoji: "ok \ud83d\ude00" },
      attribution: {
        pageUrl: null,
        referrer: null,
        userAgent: "UA",
        browserInfo: { userAgent: "UA", language: "\udc00", platform: null },
      },
      mail: { baseUrl: "https://agency.example", notifyEmails: [] },
    });
    const submission = await db
      .selectFrom("form_submissions")
      .select("data")
      .where("lead_id", "=", leadId)
      .executeTakeFirstOrThrow();
    expect(fromJson(submission.data, {})).toEqual({ plan: "a\ufffdb", key: "v", emoji: "ok \ud83d\ude00" });
    const lead = await db.selectFrom("leads").select("browser_info").where("id", "=", leadId).executeTakeFirstOrThrow();
    expect(fromJson(lead.browser_info, {})).toMatchObject({ language: "\ufffd" });
  });
});
