import { describe, expect, it } from "vitest";
import { privacySchema } from "~/lib/schemas/settings";
import { consentVariant, findConsentRecord, loadConsentSettings, recordConsent } from "~/server/consent/consent.server";
import { loadSiteSettings, updateSettings } from "~/server/settings/settings.server";
import { databasePerTest, dialects } from "../support/databases";

const actor = { id: null, email: "admin@example.com" };
const visitor = (headers: Record<string, string>) => new Request("http://localhost/", { headers });

describe.each(dialects)("consent on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("records a choice with its categories, policy version and time, and no address; GPC refuses marketing", async () => {
    const { db } = await freshDatabase();
    const settings = await loadConsentSettings(db);
    expect(settings).toEqual({ banner: true, scope: "required", policyVersion: 1, headCodeCategory: "marketing" });

    const before = Date.now();
    const accepted = await recordConsent(db, settings, {
      analytics: true,
      marketing: true,
      globalPrivacyControl: false,
    });
    const stored = await findConsentRecord(db, accepted.record.id);
    expect(stored).toBeDefined();
    expect(Boolean(stored?.analytics)).toBe(true);
    expect(Boolean(stored?.marketing)).toBe(true);
    expect(Number(stored?.policy_version)).toBe(1);
    expect(Date.parse(String(stored?.created_at))).toBeGreaterThanOrEqual(before - 1000);
    expect(Object.keys(stored ?? {}).sort()).toEqual(
      ["analytics", "created_at", "global_privacy_control", "id", "marketing", "policy_version"].sort(),
    );
    expect(accepted.value).toBe(`1.a1m1.${accepted.record.id}`);

    const withGpc = await recordConsent(db, settings, { analytics: true, marketing: true, globalPrivacyControl: true });
    const gpcRecord = await findConsentRecord(db, withGpc.record.id);
    expect(Boolean(gpcRecord?.marketing)).toBe(false);
    expect(Boolean(gpcRecord?.global_privacy_control)).toBe(true);
    expect(withGpc.value).toMatch(/^1\.a1m0\./);

    // The cookie is honoured while its policy version is current; a new wording asks again.
    const cookie = { cookie: `consent=${accepted.value}` };
    expect(consentVariant(visitor(cookie), settings, "DE")).toBe("a1m1");
    expect(consentVariant(visitor({ ...cookie, "sec-gpc": "1" }), settings, "DE")).toBe("a1m0");
    expect(consentVariant(visitor({}), settings, "DE")).toBe("ask");
    expect(consentVariant(visitor({ "sec-gpc": "1" }), settings, "FR")).toBe("ask-gpc");
    expect(consentVariant(visitor({}), settings, "US")).toBe("a1m1");
    expect(consentVariant(visitor({ "sec-gpc": "1" }), settings, "US")).toBe("a1m0");

    await updateSettings(db, { consent_policy_version: "2", consent_scope: "everyone" }, actor);
    const bumped = await loadConsentSettings(db);
    expect(consentVariant(visitor(cookie), bumped, "DE")).toBe("ask");
    expect(consentVariant(visitor({}), bumped, "US")).toBe("ask");

    await updateSettings(db, { consent_banner: "off", custom_head_code_category: "analytics" }, actor);
    const off = await loadConsentSettings(db);
    expect(off).toMatchObject({ banner: false, headCodeCategory: "analytics" });
    expect(consentVariant(visitor({}), off, "DE")).toBe("off");
    expect(consentVariant(visitor({ "sec-gpc": "1" }), off, "DE")).toBe("off-gpc");
  });

  it("keeps retention periods in Settings, with the defaults until set", async () => {
    const { db } = await freshDatabase();
    const initial = await loadSiteSettings(db);
    expect(initial.retention_events_months).toBeNull();
    await updateSettings(db, { retention_events_months: "3", retention_mails_months: "1" }, actor);
    const after = await loadSiteSettings(db);
    expect(after.retention_events_months).toBe("3");
    expect(after.retention_mails_months).toBe("1");
    expect(after.retention_consent_months).toBeNull();
  });
});

describe("the privacy settings form's rules", () => {
  const valid = {
    consent_banner: "on",
    consent_scope: "required",
    consent_policy_version: "2",
    custom_head_code_category: "analytics",
    retention_events_months: "13",
    retention_consent_months: "13",
    retention_mails_months: "6",
  };
  it("accepts sane values and refuses the rest with a sentence naming the field", () => {
    expect(privacySchema.safeParse(valid).success).toBe(true);
    const issues = (changes: Record<string, string>) =>
      privacySchema.safeParse({ ...valid, ...changes }).error?.issues.map((issue) => issue.message);
    expect(issues({ consent_policy_version: "0" })).toEqual(["The policy version starts at 1."]);
    expect(issues({ retention_mails_months: "0" })).toEqual(["Sent mails retention must be between 1 and 120 months."]);
    expect(issues({ retention_events_months: "1.5" })).toEqual([
      "Analytics events retention must be a whole number of months.",
    ]);
    expect(issues({ custom_head_code_category: "everything" })).toEqual([
      "Choose the category of the custom head code.",
    ]);
  });
});
