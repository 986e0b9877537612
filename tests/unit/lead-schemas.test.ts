import { describe, expect, it } from "vitest";
import { DEFAULT_GUIDE_TITLE, getStartedLeadSchema, guideLeadSchema, isSafeRedirectUrl } from "~/lib/schemas/leads";

describe("the visitor forms' rules", () => {
  it("sends visitors on only within this site after a submission", () => {
    for (const target of ["/thanks", "/pricing?plan=growth#top", "/blog/a-post"]) {
      expect(isSafeRedirectUrl(target), target).toBe(true);
    }
    for (const target of [
      "https://evil.example/",
      "http://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "javascript:alert(1)",
      "thanks",
      "/tab\there",
      "",
      undefined,
    ]) {
      expect(isSafeRedirectUrl(target), String(target)).toBe(false);
    }
  });

  it("files a guide lead under a guide the site offers, whatever title the request names", () => {
    const base = { name: "Ann", email: "ann@example.com" };
    expect(guideLeadSchema.parse({ ...base, guideTitle: DEFAULT_GUIDE_TITLE }).guideTitle).toBe(DEFAULT_GUIDE_TITLE);
    expect(guideLeadSchema.parse(base).guideTitle).toBe(DEFAULT_GUIDE_TITLE);
    expect(
      guideLeadSchema.parse({ ...base, guideTitle: "Your account is locked: verify at evil.example" }).guideTitle,
    ).toBe(DEFAULT_GUIDE_TITLE);
  });

  it("reads an absent name or address as missing, and refuses NUL characters", () => {
    const absent = getStartedLeadSchema.safeParse({ email: "ann@example.com" });
    expect(absent.success).toBe(false);
    expect(absent.error?.issues.map((issue) => issue.message)).toEqual(["required"]);
    const nul = getStartedLeadSchema.safeParse({ name: "Ann", email: "ann@example.com", company: "A\u0000" });
    expect(nul.error?.issues.map((issue) => issue.message)).toEqual([
      "Please remove the NUL characters from this field.",
    ]);
  });
});
