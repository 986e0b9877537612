import { describe, expect, it } from "vitest";
import { campaignAdReach } from "~/server/ads/campaign-reach.server";
import { clickIdsOf } from "~/server/ads/identifiers.server";
import { parseFunnelQuery } from "~/server/dashboard/funnel.server";
import type { Database } from "~/server/db/schema.server";
import { captureLead } from "~/server/leads/capture.server";
import { setLeadStatus } from "~/server/leads/leads.server";
import { adPlatformsForBlock } from "../support/ad-platforms";
import { databasePerTest, dialects } from "../support/databases";

const actor = { id: null, email: "admin@agency.example" };

describe.each(dialects)("the dashboard's stages reached per campaign and platform on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);
  const ads = adPlatformsForBlock();

  async function enquiry(db: Database, email: string, pageUrl: string, consent: boolean) {
    const { leadId } = await captureLead(db, {
      flow: "contact",
      input: { name: "Cam Paign", email, company: "Acme", message: "Hello" } as never,
      attribution: {
        pageUrl,
        referrer: null,
        userAgent: "UA",
        browserInfo: null,
        ads: { clicks: clickIdsOf(pageUrl, "", Date.now()), adUserData: consent, adPersonalization: consent },
      },
      mail: { baseUrl: "https://agency.example", notifyEmails: [] },
    });
    return leadId;
  }

  it("counts per campaign how many of each stage each platform accepted of those sent, leaving out what was never sent", async () => {
    const { db } = await freshDatabase({ seeded: true });
    await ads.connect(db, "google", {
      customerId: "1234567890",
      stages: { lead: "1001", qualified: "1004", client: "1005" },
    });
    // Meta's address answers nothing: its conversions are sent and not accepted (they wait for a retry).
    await ads.connect(db, "meta", {
      datasetId: "555",
      accessToken: "token",
      stages: { lead: "Lead", client: "Purchase" },
      apiUrl: "https://127.0.0.1:9",
    });
    const spring = "https://agency.example/?utm_campaign=spring&utm_source=google&utm_medium=cpc&gclid=Cj0-a";
    const client = await enquiry(db, "one@example.org", spring, true);
    await enquiry(db, "two@example.org", spring, true);
    await enquiry(db, "three@example.org", "https://agency.example/?gclid=Cj0-c", false);
    await setLeadStatus(db, client, "qualified", actor);
    await setLeadStatus(db, client, "converted", actor);
    const worker = ads.worker(db, 5_000);
    await worker.runOnce();

    const range = parseFunnelQuery(new URLSearchParams()).range;
    const none = { sent: 0, accepted: 0 };
    expect(await campaignAdReach(db, range)).toEqual([
      {
        campaign: "spring",
        source: "google",
        medium: "cpc",
        platform: "google",
        stages: {
          lead: { sent: 2, accepted: 2 },
          call_booked: none,
          call_held: none,
          qualified: { sent: 1, accepted: 1 },
          client: { sent: 1, accepted: 1 },
        },
      },
      {
        campaign: "spring",
        source: "google",
        medium: "cpc",
        platform: "meta",
        stages: {
          lead: { sent: 2, accepted: 0 },
          call_booked: none,
          call_held: none,
          qualified: none,
          client: { sent: 1, accepted: 0 },
        },
      },
    ]);
    // Leads of another range are not counted.
    expect(
      await campaignAdReach(
        db,
        parseFunnelQuery(new URLSearchParams({ range: "custom", from: "2020-01-01", to: "2020-01-31" })).range,
      ),
    ).toEqual([]);
  });
});
