import { describe, expect, it } from "vitest";
import { rateLimitAddress } from "~/server/rate-limit/client-address.server";

describe("the rate-limit bucket of a client", () => {
  it("is the IPv4 address itself, also when it arrives IPv6-mapped", () => {
    expect(rateLimitAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress(undefined)).toBe("unknown");
  });

  it("is the /64 of an IPv6 address, however the address is written", () => {
    const bucket = "2001:db8:85a3:42::/64";
    for (const address of [
      "2001:db8:85a3:42::1",
      "2001:0DB8:85A3:0042:ffff:ffff:ffff:fffe",
      "2001:db8:85a3:42:1:2:3:4%eth0",
      "2001:db8:85a3:42::192.0.2.1",
    ]) {
      expect(rateLimitAddress(address), address).toBe(bucket);
    }
    expect(rateLimitAddress("2001:db8:85a3:43::1")).not.toBe(bucket);
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
  });
});
