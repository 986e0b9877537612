import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hmacSha256 } from "~/server/crypto/hmac.server";

describe("hmacSha256", () => {
  it("signs exactly as createHmac with the secret's UTF-8 bytes, for short, long and non-ASCII secrets", () => {
    for (const secret of [
      "",
      "s",
      "form-tokens-in-tests-0123456789abcdef",
      "clé-ü-€-🔑",
      "x".repeat(65),
      "y".repeat(200),
    ]) {
      for (const message of ["", "form-token:1764390000000.abc", "ünïcode ✓", "z".repeat(1000)]) {
        expect(hmacSha256(secret).update(message).digest("hex")).toBe(
          createHmac("sha256", secret).update(message).digest("hex"),
        );
      }
    }
  });

  it("keys with the decoded bytes when given a decoder, and keeps each decoder's keys apart", () => {
    const raw = randomBytes(32);
    const secret = `whsec_${raw.toString("base64")}`;
    const decodeBase64 = (value: string) => Buffer.from(value.replace(/^whsec_/, ""), "base64");
    const derive = (value: string) => createHmac("sha256", value).update("booking-links").digest();
    expect(hmacSha256(secret, decodeBase64).update("m").digest("base64")).toBe(
      createHmac("sha256", raw).update("m").digest("base64"),
    );
    // The same secret under another decoder (or none) is another key.
    expect(hmacSha256(secret, derive).update("m").digest("base64")).toBe(
      createHmac("sha256", derive(secret)).update("m").digest("base64"),
    );
    expect(hmacSha256(secret).update("m").digest("base64")).toBe(
      createHmac("sha256", secret).update("m").digest("base64"),
    );
  });

  it("still signs correctly after more secrets than it keeps", () => {
    for (let index = 0; index < 600; index++) {
      const secret = `secret-${index}`;
      expect(hmacSha256(secret).update("m").digest("hex")).toBe(createHmac("sha256", secret).update("m").digest("hex"));
    }
  });
});
