import { describe, expect, it } from "vitest";
import { formTokenCookie, issueFormToken, MIN_FILL_MS, spamReason, TOKEN_MAX_AGE_MS } from "~/server/leads/spam.server";

const secret = "test-secret";
const issuedAt = Date.UTC(2026, 10, 20, 9, 0, 0);
const token = issueFormToken(secret, issuedAt);
const reason = (sentAfterMs: number, fields: { honeypot?: string; token?: unknown; email?: string } = {}) =>
  spamReason(
    {
      honeypot: fields.honeypot ?? "",
      token: "token" in fields ? fields.token : token,
      email: fields.email ?? "ana@example.com",
    },
    { secret, requireToken: true, nowMs: issuedAt + sentAfterMs },
  );

describe("telling a person's submission from a script's", () => {
  it("accepts a form filled at a person's pace, also from a page left open over a weekend", () => {
    expect(reason(MIN_FILL_MS + 1)).toBeNull();
    expect(reason(3 * 24 * 60 * 60 * 1000)).toBeNull();
  });

  it("flags what is sent too fast, without a token, with a forged or very old one, or into the honeypot", () => {
    expect(reason(800)).toBe("sent 0.8 s after the page loaded");
    expect(reason(MIN_FILL_MS + 1, { token: undefined })).toBe("missing or forged form token");
    expect(reason(MIN_FILL_MS + 1, { token: issueFormToken("another-secret", issuedAt) })).toBe(
      "missing or forged form token",
    );
    expect(reason(TOKEN_MAX_AGE_MS + 1)).toBe("form token expired");
    expect(reason(MIN_FILL_MS + 1, { honeypot: "https://spam.example" })).toBe("honeypot field filled");
    expect(reason(MIN_FILL_MS + 1, { email: "x@mailinator.com" })).toBe("disposable e-mail domain mailinator.com");
  });
});

describe("the form-token cookie", () => {
  const at = (ms: number) => ({ secure: true, nowMs: issuedAt + ms });
  it("starts the fill time for a visitor without a token that counts", () => {
    const fresh = formTokenCookie(secret, undefined, at(0));
    expect(fresh).toBe(`form_token=${token}; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure`);
    expect(formTokenCookie(secret, "form_token=1700000000000.forged", at(0))).toMatch(/^form_token=/);
    expect(formTokenCookie(secret, `form_token=${token}`, at(TOKEN_MAX_AGE_MS + 1))).toMatch(/^form_token=/);
  });

  it("keeps a visitor's token while it counts, so a reload or a refused form does not start them over", () => {
    expect(formTokenCookie(secret, `other=1; form_token=${token}`, at(MIN_FILL_MS - 1))).toBeNull();
    expect(formTokenCookie(secret, `form_token=${token}`, at(TOKEN_MAX_AGE_MS))).toBeNull();
  });
});
