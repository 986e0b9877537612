import { describe, expect, it } from "vitest";
import { checkWebhookUrl, isPrivateAddress } from "~/server/webhooks/address-guard.server";

const noDns = async () => {
  throw new Error("literal addresses need no lookup");
};

describe("the webhook address guard and IPv6 spellings that carry an IPv4 address", () => {
  const embedded = [
    "::127.0.0.1", // IPv4-compatible
    "::7f00:1",
    "::a9fe:a9fe", // 169.254.169.254, the cloud metadata service
    "::10.0.0.1",
    "::ffff:0:7f00:1", // IPv4-translated
    "::ffff:0:127.0.0.1",
    "0:0:0:0:ffff:0:a9fe:a9fe",
    "::ffff:7f00:1", // IPv4-mapped
    "0:0:0:0:0:ffff:127.0.0.1",
    "64:ff9b::7f00:1", // NAT64
    "2002:7f00:1::", // 6to4
  ];

  it.each(embedded)("refuses %s", async (address) => {
    expect(isPrivateAddress(address)).toBe(true);
    await expect(checkWebhookUrl(`https://[${address}]/hook`, { allowPrivate: false, resolve: noDns })).rejects.toThrow(
      /private, loopback, link-local or reserved/,
    );
  });

  it("still lets public IPv6 addresses through", () => {
    for (const address of ["2606:4700:4700::1111", "2a00:1450:4001:80b::200e"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});
