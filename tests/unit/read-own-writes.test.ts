import { describe, expect, it } from "vitest";
import { ownWritesCookie, READ_OWN_WRITES_MS, readsOwnWrites } from "~/http/read-own-writes.server";

const SECRET = "test-secret-0123456789abcdef0123456789";
const NOW = Date.parse("2026-11-28T10:00:00Z");

/** A request that sends the cookie a response set (its name and value, as a browser would). */
function sending(setCookie: string, others = "session=abc") {
  return new Request("http://localhost/admin", { headers: { Cookie: `${others}; ${setCookie.split(";")[0]}` } });
}

describe("the mark of a staff member's own change", () => {
  it("reads the primary for a few seconds after the change, for every path of the site, and not after", () => {
    const cookie = ownWritesCookie(SECRET, { nowMs: NOW });
    expect(cookie).toMatch(/; Path=\/; Max-Age=5; HttpOnly; SameSite=Lax$/);
    expect(readsOwnWrites(sending(cookie), SECRET, NOW)).toBe(true);
    expect(readsOwnWrites(sending(cookie), SECRET, NOW + READ_OWN_WRITES_MS)).toBe(true);
    expect(readsOwnWrites(sending(cookie), SECRET, NOW + READ_OWN_WRITES_MS + 1)).toBe(false);
    expect(readsOwnWrites(new Request("http://localhost/admin"), SECRET, NOW)).toBe(false);
    expect(ownWritesCookie(SECRET, { nowMs: NOW, secure: true })).toMatch(/; Secure$/);
  });

  it("cannot be stretched or made by hand: a changed time or another key's signature is ignored", () => {
    const cookie = ownWritesCookie(SECRET, { nowMs: NOW }).split(";")[0] as string;
    const [, value] = cookie.split("=");
    const [, mac] = (value as string).split(".");
    const stretched = `own-writes=${NOW + 3_600_000}.${mac}`;
    expect(readsOwnWrites(sending(stretched), SECRET, NOW + 60_000)).toBe(false);
    const otherKey = ownWritesCookie("another-secret-0123456789abcdef012345", { nowMs: NOW });
    expect(readsOwnWrites(sending(otherKey), SECRET, NOW)).toBe(false);
    expect(readsOwnWrites(sending("own-writes=soon.abc"), SECRET, NOW)).toBe(false);
  });
});
