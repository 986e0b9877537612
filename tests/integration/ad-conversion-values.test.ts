import { describe, expect, it } from "vitest";
import { computeEstimate } from "~/lib/estimate";
import { defaultAnswers, type EstimatorAnswers } from "~/lib/estimator";
import { parseConnectionConfig } from "~/server/ads/connections.server";
import { createConversionFileToken, googleConversionFile } from "~/server/ads/conversion-file.server";
import { clickIdsOf } from "~/server/ads/identifiers.server";
import type { Database } from "~/server/db/schema.server";
import { saveEstimateLead } from "~/server/leads/estimator.server";
import { setLeadStatus } from "~/server/leads/leads.server";
import { adPlatformsForBlock, forgetReceived } from "../support/ad-platforms";
import { databasePerTest, dialects } from "../support/databases";

const actor = { id: null, email: "admin@agency.example" };
const mailContext = { baseUrl: "https://agency.example", notifyEmails: ["sales@agency.example"] };

type Sent = Record<string, unknown>;

describe.each(dialects)("conversion values on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);
  const ads = adPlatformsForBlock();

  async function setup() {
    const { db } = await freshDatabase({ seeded: true });
    forgetReceived(ads.receiver);
    await ads.connect(db, "google", {
      customerId: "1234567890",
      stages: { lead: "1001", qualified: "1004", client: "1005" },
      values: { qualified: 200, client: "estimate" },
      currency: "usd",
    });
    await ads.connect(db, "meta", {
      datasetId: "555000111",
      accessToken: "meta-system-user-token",
      stages: { lead: "Lead", client: "Purchase" },
      values: { client: 1500 },
      currency: "USD",
    });
    await ads.connect(db, "linkedin", {
      accessToken: "linkedin-token",
      stages: { lead: "urn:lla:llaPartnerConversion:201", client: "urn:lla:llaPartnerConversion:205" },
      values: { lead: 12.5, client: 1500 },
      currency: "USD",
    });
    return db;
  }

  async function estimateLead(db: Database, email: string, answers: Partial<EstimatorAnswers>) {
    const url = "https://agency.example/cost-estimator?gclid=Cj0-value&li_fat_id=li-value";
    const { leadId } = await saveEstimateLead(db, {
      answers: { ...defaultAnswers, fullName: "Val Buyer", email, consent: true, ...answers },
      attribution: {
        pageUrl: url,
        referrer: null,
        userAgent: "UA",
        browserInfo: null,
        ads: { clicks: clickIdsOf(url, "", Date.now()), adUserData: true, adPersonalization: true },
      },
      mail: mailContext,
    });
    await setLeadStatus(db, leadId, "qualified", actor);
    await setLeadStatus(db, leadId, "converted", actor);
    return leadId;
  }

  function sent(platform: "google" | "meta" | "linkedin", key: string) {
    return ads.receiver.counted[platform].get(key) as Sent | undefined;
  }

  it("each platform gets each stage's value and currency in its own field; a client takes the estimate's monthly total in the connection's currency", async () => {
    const db = await setup();
    const answers = { currency: "USD" as const, monthlyAdSpend: 2400, campaignDuration: 6 };
    const usd = await estimateLead(db, "val@usd.example", answers);
    const inr = await estimateLead(db, "val@inr.example", { currency: "INR", monthlyAdSpend: 5000 });
    const worker = ads.worker(db);
    await worker.runOnce();

    // Google: conversionValue and currency on the event.
    const monthly = computeEstimate({ ...defaultAnswers, ...answers }).laterMonthlyTotal;
    expect(sent("google", `${usd}.client`)).toMatchObject({ conversionValue: monthly, currency: "USD" });
    expect(sent("google", `${usd}.qualified`)).toMatchObject({ conversionValue: 200, currency: "USD" });
    expect(sent("google", `${usd}.lead`)).not.toHaveProperty("conversionValue");
    expect(sent("google", `${usd}.lead`)).not.toHaveProperty("currency");
    // An estimate in another currency has no rate to convert it by: the conversion goes without a value.
    expect(sent("google", `${inr}.client`)).toBeDefined();
    expect(sent("google", `${inr}.client`)).not.toHaveProperty("conversionValue");

    // Meta: custom_data.value and custom_data.currency.
    expect(sent("meta", `Purchase/${usd}.client`)?.custom_data).toMatchObject({ value: 1500, currency: "USD" });
    expect(sent("meta", `Lead/${usd}.lead`)?.custom_data).not.toHaveProperty("value");

    // LinkedIn: conversionValue {currencyCode, amount} with the amount as a decimal string.
    expect(sent("linkedin", `urn:lla:llaPartnerConversion:205/${usd}.client`)?.conversionValue).toEqual({
      currencyCode: "USD",
      amount: "1500.00",
    });
    expect(sent("linkedin", `urn:lla:llaPartnerConversion:201/${usd}.lead`)?.conversionValue).toEqual({
      currencyCode: "USD",
      amount: "12.50",
    });

    const statuses = await db.selectFrom("ad_conversions").select("status").execute();
    expect(statuses.every((row) => row.status === "sent")).toBe(true);

    // Google's import file carries the same values.
    const token = await createConversionFileToken(db, null);
    const file = (await googleConversionFile(db, token)) ?? "";
    const line = file.split("\r\n").find((row) => row.includes(`${usd}.client`));
    expect(line).toContain(`"${monthly.toFixed(2)}","USD"`);
  });

  it("a value without its currency, for a stage not sent, or not a positive amount is refused by its key", () => {
    const meta = { datasetId: "1", accessToken: "token", stages: { lead: "Lead", client: "Purchase" } };
    expect(() => parseConnectionConfig("meta", { ...meta, values: { client: 1500 } })).toThrow(
      "currency: give the currency of the values, such as USD",
    );
    expect(() => parseConnectionConfig("meta", { ...meta, values: { qualified: 10 }, currency: "USD" })).toThrow(
      "values.qualified: the stage is not in stages",
    );
    expect(() => parseConnectionConfig("meta", { ...meta, values: { lead: "estimate" }, currency: "USD" })).toThrow(
      /^values\.lead: /,
    );
    expect(() => parseConnectionConfig("meta", { ...meta, values: { client: -5 }, currency: "USD" })).toThrow(
      /^values\.client: /,
    );
    expect(() => parseConnectionConfig("meta", { ...meta, values: { client: 5 }, currency: "dollars" })).toThrow(
      "currency: must be a 3-letter ISO 4217 currency code, such as USD",
    );
    expect(parseConnectionConfig("meta", { ...meta, values: { client: "estimate" }, currency: "eur" })).toMatchObject({
      values: { client: "estimate" },
      currency: "EUR",
    });
  });
});
