import { describe, expect, it } from "vitest";
import {
  type FormVisitor,
  formTokenCookie,
  formTokenUse,
  issueFormToken,
  MIN_FILL_MS,
  spamReason,
  TOKEN_MAX_AGE_MS,
} from "~/server/leads/spam.server";
import { addressNetwork } from "~/server/rate-limit/client-address.server";

const secret = "test-secret";
const issuedAt = Date.UTC(2026, 10, 20, 9, 0, 0);
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)";
const visitor: FormVisitor = { clientIp: "198.51.100.23", userAgent: PHONE };
const token = issueFormToken(secret, visitor, issuedAt);
const reason = (
  sentAfterMs: number,
  fields: { honeypot?: string; token?: unknown; email?: string; visitor?: FormVisitor } = {},
) =>
  spamReason(
    {
      honeypot: fields.honeypot ?? "",
      token: "token" in fields ? fields.token : token,
      email: fields.email ?? "ana@example.com",
      visitor: fields.visitor ?? visitor,
    },
    { secret, requireToken: true, nowMs: issuedAt + sentAfterMs },
  );

describe("telling a person's submission from a script's", () => {
  it("accepts a form filled at a person's pace within the token's few hours", () => {
    expect(reason(MIN_FILL_MS + 1)).toBeNull();
    expect(reason(TOKEN_MAX_AGE_MS)).toBeNull();
    expect(TOKEN_MAX_AGE_MS).toBeLessThanOrEqual(6 * 60 * 60 * 1000);
  });

  it("flags what is sent too fast, without a token, with a forged or expired one, or into the honeypot", () => {
    expect(reason(800)).toBe("sent 0.8 s after the page loaded");
    expect(reason(MIN_FILL_MS + 1, { token: undefined })).toBe("missing or forged form token");
    expect(reason(MIN_FILL_MS + 1, { token: issueFormToken("another-secret", visitor, issuedAt) })).toBe(
      "missing or forged form token",
    );
    // The old, unbound form (a timestamp and a signature) is no token any more.
    expect(reason(MIN_FILL_MS + 1, { token: `${issuedAt}.${token.split(".")[2]}` })).toBe(
      "missing or forged form token",
    );
    expect(reason(TOKEN_MAX_AGE_MS + 1)).toBe("form token expired");
    expect(reason(3 * 24 * 60 * 60 * 1000)).toBe("form token expired");
    expect(reason(MIN_FILL_MS + 1, { honeypot: "https://spam.example" })).toBe("honeypot field filled");
    expect(reason(MIN_FILL_MS + 1, { email: "x@mailinator.com" })).toBe("disposable e-mail domain mailinator.com");
  });

  it("holds a token to the visitor it was issued to: the same network and browser", () => {
    // Another address of the same /24 (a provider moving the phone along): still the same visitor.
    expect(reason(MIN_FILL_MS + 1, { visitor: { clientIp: "198.51.100.200", userAgent: PHONE } })).toBeNull();
    const another = "form token issued to another visitor (network or browser changed)";
    expect(reason(MIN_FILL_MS + 1, { visitor: { clientIp: "198.51.101.23", userAgent: PHONE } })).toBe(another);
    expect(reason(MIN_FILL_MS + 1, { visitor: { clientIp: "198.51.100.23", userAgent: "curl/8.5.0" } })).toBe(another);
    // IPv6: the /48 a site is given.
    const v6 = { clientIp: "2001:db8:aa:1::5", userAgent: PHONE };
    const v6Token = issueFormToken(secret, v6, issuedAt);
    expect(
      reason(MIN_FILL_MS + 1, { token: v6Token, visitor: { clientIp: "2001:db8:aa:ff::9", userAgent: PHONE } }),
    ).toBeNull();
    expect(
      reason(MIN_FILL_MS + 1, { token: v6Token, visitor: { clientIp: "2001:db8:ab:1::5", userAgent: PHONE } }),
    ).toBe(another);
  });

  it("names the networks a token is bound to", () => {
    expect(addressNetwork("198.51.100.23")).toBe("198.51.100.0/24");
    expect(addressNetwork("::ffff:198.51.100.23")).toBe("198.51.100.0/24");
    expect(addressNetwork("2001:0db8:00aa:0001::5")).toBe("2001:db8:aa::/48");
    expect(addressNetwork(undefined)).toBe("unknown");
  });

  it("counts a genuine token's leads under its own key, and a forged one under none", () => {
    expect(formTokenUse(secret, token)).toMatch(/^form-token:[\w-]{22}$/);
    expect(formTokenUse(secret, issueFormToken(secret, visitor, issuedAt + 1))).not.toBe(formTokenUse(secret, token));
    expect(formTokenUse(secret, "1700000000000.forged.xxxxxxxxxxxxxxxxxxxxxx")).toBeNull();
    expect(formTokenUse(secret, undefined)).toBeNull();
  });
});

describe("the form-token cookie", () => {
  const at = (ms: number) => ({ secure: true, nowMs: issuedAt + ms });
  it("starts the fill time for a visitor without a token that counts for them", () => {
    const fresh = formTokenCookie(secret, undefined, visitor, at(0));
    expect(fresh).toBe(`form_token=${token}; Path=/; Max-Age=14400; HttpOnly; SameSite=Lax; Secure`);
    expect(formTokenCookie(secret, "form_token=1700000000000.forged", visitor, at(0))).toMatch(/^form_token=/);
    expect(formTokenCookie(secret, `form_token=${token}`, visitor, at(TOKEN_MAX_AGE_MS + 1))).toMatch(/^form_token=/);
    // A token of another visitor (copied, or from before a change of network) is replaced by their own.
    const elsewhere = { clientIp: "203.0.113.9", userAgent: PHONE };
    const replaced = formTokenCookie(secret, `form_token=${token}`, elsewhere, at(10_000));
    expect(replaced).toBe(
      `form_token=${issueFormToken(secret, elsewhere, issuedAt + 10_000)}; Path=/; Max-Age=14400; HttpOnly; SameSite=Lax; Secure`,
    );
  });

  it("keeps a visitor's token while it counts, so a reload or a refused form does not start them over", () => {
    expect(formTokenCookie(secret, `other=1; form_token=${token}`, visitor, at(MIN_FILL_MS - 1))).toBeNull();
    expect(formTokenCookie(secret, `form_token=${token}`, visitor, at(TOKEN_MAX_AGE_MS))).toBeNull();
  });
});
