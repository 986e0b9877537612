import pino from "pino";
import { describe, expect, it } from "vitest";
import { clickIdsOf } from "~/server/ads/identifiers.server";
import type { AdSignals } from "~/server/ads/signals.server";
import { loadConsentSettings, recordConsent } from "~/server/consent/consent.server";
import type { Database } from "~/server/db/schema.server";
import { fromJson } from "~/server/db/values.server";
import { captureLead } from "~/server/leads/capture.server";
import { getLeadDetail } from "~/server/leads/leads.server";
import { handlePublicSubmission } from "~/server/leads/public-endpoint.server";
import type { AppServices } from "~/server/services.server";
import { submissionsOf } from "../support/admin-fixtures";
import { databasePerTest, dialects } from "../support/databases";

const mailContext = { baseUrl: "https://agency.example", notifyEmails: ["sales@agency.example"] };
const landedAt = Date.parse("2026-11-20T10:00:00Z");

const consenting = (url: string): AdSignals => ({
  clicks: clickIdsOf(url, "", landedAt),
  adUserData: true,
  adPersonalization: true,
});
const refused = (url: string): AdSignals => ({
  // What a refusing visit arrives with: the signals reader keeps none, the capture must not either.
  clicks: clickIdsOf(url, "", landedAt),
  adUserData: false,
  adPersonalization: false,
});

describe.each(dialects)("ad click ids per enquiry on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  async function enquire(db: Database, email: string, pageUrl: string, ads: AdSignals) {
    const { personId } = await captureLead(db, {
      flow: "contact",
      input: { name: "Jane Doe", email, company: "Acme", message: "Hello there" } as never,
      attribution: { pageUrl, referrer: null, userAgent: "UA", browserInfo: null, ads },
      mail: mailContext,
    });
    if (!personId) throw new Error("the enquiry made no lead");
    return personId;
  }

  async function submissionClicks(db: Database, leadId: string) {
    const rows = await submissionsOf(db, leadId);
    return rows.map((row) => fromJson<Record<string, string> | null>(row.ad_clicks, null));
  }

  it("each enquiry keeps its own visit's click ids, the lead its first and last, and the lead page lists them per enquiry", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const first = "https://agency.example/contact?gclid=Cj0-first&fbclid=IwAR-first";
    const leadId = await enquire(db, "jane@acme.example", first, consenting(first));
    // The same person again, from another ad: lands on the same lead as a second enquiry.
    const second = "https://agency.example/contact?gclid=Cj0-second&li_fat_id=li-second";
    expect(await enquire(db, "jane@acme.example", second, consenting(second))).toBe(leadId);

    const [one, two] = await submissionClicks(db, leadId);
    expect(one).toMatchObject({ gclid: "Cj0-first", fbclid: "IwAR-first", fbc: `fb.1.${landedAt}.IwAR-first` });
    expect(two).toMatchObject({ gclid: "Cj0-second", li_fat_id: "li-second" });
    expect(two).not.toHaveProperty("fbclid");

    const signals = await db
      .selectFrom("lead_ad_signals")
      .selectAll()
      .where("lead_id", "=", leadId)
      .executeTakeFirstOrThrow();
    expect(fromJson<Record<string, string>>(signals.first_clicks, {}).gclid).toBe("Cj0-first");
    expect(fromJson<Record<string, string>>(signals.last_clicks, {}).gclid).toBe("Cj0-second");

    const detail = await getLeadDetail(db, leadId);
    expect(detail?.submissions.map((submission) => submission.adClicks)).toEqual([
      { gclid: "Cj0-first", fbclid: "IwAR-first", fbc: `fb.1.${landedAt}.IwAR-first` },
      { gclid: "Cj0-second", li_fat_id: "li-second" },
    ]);
  });

  it("an enquiry whose visit refused advertising keeps no click ids, and a known person's refusal becomes their last word", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const url = "https://agency.example/contact?gclid=Cj0-refused&fbclid=IwAR-refused";
    const stranger = await enquire(db, "sam@example.org", url, refused(url));
    expect(await submissionClicks(db, stranger)).toEqual([null]);
    expect((await getLeadDetail(db, stranger))?.submissions[0]?.adClicks).toEqual({});

    const consented = "https://agency.example/?gclid=Cj0-yes";
    const leadId = await enquire(db, "kim@example.org", consented, consenting(consented));
    await enquire(db, "kim@example.org", url, refused(url));
    expect(await submissionClicks(db, leadId)).toEqual([expect.objectContaining({ gclid: "Cj0-yes" }), null]);
    const signals = await db
      .selectFrom("lead_ad_signals")
      .selectAll()
      .where("lead_id", "=", leadId)
      .executeTakeFirstOrThrow();
    expect(fromJson(signals.last_clicks, null)).toEqual({});
    expect(Boolean(signals.ad_user_data)).toBe(false);
  });

  it("the public JSON form endpoint keeps the sending page's click ids with consent, and none without", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const form = await db.selectFrom("forms").select("id").where("status", "=", "active").executeTakeFirstOrThrow();
    const services = {
      db,
      logger: pino({ level: "silent" }),
      mailWorker: { kick: async () => {}, queuedNote: null },
      formSecret: "f".repeat(32),
      config: { baseUrl: "https://agency.example", notifyEmails: [], countryHeader: undefined, trustProxy: undefined },
    } as unknown as AppServices;
    const { value } = await recordConsent(db, await loadConsentSettings(db), {
      analytics: true,
      marketing: true,
      globalPrivacyControl: false,
    });
    const post = async (email: string, clientIp: string, headers: Record<string, string>) => {
      const body = Buffer.from(
        JSON.stringify({
          name: "Jo Public",
          email,
          page_url: "https://agency.example/landing?gclid=Cj0-api&msclkid=ms-api",
        }),
      );
      const reply = await handlePublicSubmission(services, {
        method: "POST",
        formId: form.id,
        contentType: "application/json",
        body: async () => body,
        clientIp,
        userAgent: "UA",
        referer: undefined,
        acceptLanguage: "en",
        cookie: headers.cookie,
        header: (name) => headers[name.toLowerCase()],
      });
      expect(reply.status).toBe(201);
      return String(reply.body?.leadId);
    };

    const granted = await post("jo@public.example", "198.51.100.7", { cookie: `consent=${value}` });
    expect(await submissionClicks(db, granted)).toEqual([
      expect.objectContaining({ gclid: "Cj0-api", msclkid: "ms-api" }),
    ]);
    expect((await getLeadDetail(db, granted))?.submissions[0]?.adClicks).toMatchObject({ gclid: "Cj0-api" });
    const signals = await db
      .selectFrom("lead_ad_signals")
      .selectAll()
      .where("lead_id", "=", granted)
      .executeTakeFirstOrThrow();
    expect(Boolean(signals.ad_user_data)).toBe(true);

    // No choice made where it must be asked, or Global Privacy Control over a yes: nothing kept.
    const unasked = await post("lee@public.example", "198.51.100.8", {});
    const gpc = await post("max@public.example", "198.51.100.9", { cookie: `consent=${value}`, "sec-gpc": "1" });
    expect(await submissionClicks(db, unasked)).toEqual([null]);
    expect(await submissionClicks(db, gpc)).toEqual([null]);
  });
});
