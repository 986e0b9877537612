import { describe, expect, it } from "vitest";
import { analyticsSchema, isFacebookPixelId, isGoogleAnalyticsId, siteInformationSchema } from "~/lib/schemas/settings";

describe("analytics settings", () => {
  it.each(["G-ABC1234XYZ", "GT-P8ZKXQ2", "AW-123456789", "UA-12345678-1"])("accepts the Google tag id %s", (id) => {
    expect(isGoogleAnalyticsId(id)).toBe(true);
  });

  it.each(["GA-12345", "G-", "UA-1234", "G-abc<script>", "12345"])("refuses %s as a Google tag id", (id) => {
    expect(isGoogleAnalyticsId(id)).toBe(false);
  });

  it("normalises ids, treats empty as off, and explains what is wrong", () => {
    expect(
      analyticsSchema.parse({ google_analytics_id: " g-abc1234 ", facebook_pixel_id: "", custom_head_code: "" }),
    ).toEqual({
      google_analytics_id: "G-ABC1234",
      facebook_pixel_id: "",
      custom_head_code: "",
    });
    const refused = analyticsSchema.safeParse({ google_analytics_id: "GA-1", facebook_pixel_id: "12345" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["google_analytics_id", "Enter a Google Analytics ID such as G-XXXXXXXXXX (or GT-…, AW-…, UA-XXXXXX-X)."],
      ["facebook_pixel_id", "Enter a Facebook Pixel ID: 15 or 16 digits."],
    ]);
    expect(isFacebookPixelId("123456789012345")).toBe(true);
    expect(isFacebookPixelId("1234567890123456")).toBe(true);
    expect(isFacebookPixelId("12345678901234567")).toBe(false);
  });

  it("caps custom head code at 20,000 characters", () => {
    expect(analyticsSchema.safeParse({ custom_head_code: "x".repeat(20_000) }).success).toBe(true);
    expect(analyticsSchema.safeParse({ custom_head_code: "x".repeat(20_001) }).error?.issues[0]?.message).toBe(
      "Custom head code is limited to 20,000 characters.",
    );
  });

  it("needs a site title and keeps the meta description within 160 characters", () => {
    expect(siteInformationSchema.safeParse({ site_title: "  " }).error?.issues[0]?.message).toBe(
      "Please enter a site title.",
    );
    expect(
      siteInformationSchema.safeParse({ site_title: "Acme", site_meta_description: "x".repeat(161) }).error?.issues[0]
        ?.message,
    ).toBe("The meta description is limited to 160 characters.");
  });
});

describe("the addresses told of new leads", () => {
  const parse = (notification_emails: string) =>
    siteInformationSchema.safeParse({ site_title: "Acme", notification_emails });

  it("takes commas, semicolons or spaces between addresses, and stores them lowercased, once each", () => {
    expect(parse(" Sales@Agency.com; owner@agency.com  sales@agency.com ").data?.notification_emails).toBe(
      "sales@agency.com, owner@agency.com",
    );
    expect(parse("").data?.notification_emails).toBe("");
  });

  it("names the entry that is not an address, and caps the list", () => {
    expect(parse("sales@agency.com, sales at agency").error?.issues[0]?.message).toBe(
      '"sales" is not an e-mail address.',
    );
    const many = Array.from({ length: 21 }, (_, index) => `s${index}@agency.com`).join(",");
    expect(parse(many).error?.issues[0]?.message).toBe("At most 20 addresses.");
  });
});
