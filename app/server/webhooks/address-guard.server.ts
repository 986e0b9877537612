import { promises as dns, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Addresses a webhook may never reach unless WEBHOOK_ALLOW_PRIVATE is set: this host, private
 * networks, link-local (where cloud metadata services answer), shared, reserved and multicast ranges,
 * and the IPv6 forms that wrap an IPv4 address (mapped, NAT64, 6to4), which could smuggle any of them.
 */
// Two lists: a BlockList also matches IPv4 addresses against IPv6 rules (as ::ffff:a.b.c.d), so one
// list refusing every mapped address would refuse every IPv4 address.
const refusedIpv4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  refusedIpv4.addSubnet(network, prefix, "ipv4");
}
const refusedIpv6 = new BlockList();
for (const [network, prefix] of [
  // IPv4-compatible (`::127.0.0.1`, deprecated; also :: and ::1), IPv4-mapped and IPv4-translated
  // (`::ffff:0:127.0.0.1`): each carries an IPv4 address that some stacks still reach.
  ["::", 96],
  ["::ffff:0:0", 96],
  ["::ffff:0:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 32],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  refusedIpv6.addSubnet(network, prefix, "ipv6");
}

/** True for an address a webhook must not reach from the open internet's point of view. */
export function isPrivateAddress(address: string) {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? refusedIpv4.check(address, "ipv4") : refusedIpv6.check(address, "ipv6");
}

export class WebhookAddressError extends Error {
  override name = "WebhookAddressError";
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, "");

/** The addresses a host name stands for, each of them allowed, or a WebhookAddressError saying why not. */
export async function resolveAllowed(hostname: string, resolve: Resolver): Promise<LookupAddress[]> {
  const host = bare(hostname);
  const literal = isIP(host);
  let addresses: LookupAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new WebhookAddressError(`${host} could not be resolved to an address.`);
    }
  }
  if (addresses.length === 0) throw new WebhookAddressError(`${host} could not be resolved to an address.`);
  const inside = addresses.find((entry) => isPrivateAddress(entry.address));
  if (inside) {
    const where = literal ? `${host} is` : `${host} points at ${inside.address},`;
    throw new WebhookAddressError(
      `${where} a private, loopback, link-local or reserved address; webhooks only go to public addresses.`,
    );
  }
  return addresses;
}

/**
 * A socket `lookup` that refuses private addresses when the connection is made, so a name that
 * resolved to a public address when the endpoint was saved (or a moment ago) cannot be switched to an
 * internal one (DNS rebinding): the address checked is the address connected to.
 */
export function guardedLookup(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, resolve).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses;
        if (usable.length === 0) {
          callback(new WebhookAddressError(`${hostname} has no IPv${wanted} address.`), "", 0);
        } else if (options.all) {
          (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, usable);
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (error: Error) => callback(error, "", 0),
    );
  };
}

/**
 * Checks an endpoint URL before it is saved: https (plain http only when private addresses are
 * allowed, for a receiver on this machine), no credentials, and a host that resolves to public
 * addresses only. Returns the normalised URL or throws a WebhookAddressError with the reason.
 */
export async function checkWebhookUrl(
  url: string,
  { allowPrivate, resolve = systemResolver }: { allowPrivate: boolean; resolve?: Resolver },
) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookAddressError("Enter a full URL such as https://hooks.example.com/leads.");
  }
  const protocols = allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!protocols.includes(parsed.protocol)) {
    throw new WebhookAddressError("The URL must start with https:// so that leads travel encrypted.");
  }
  if (parsed.username || parsed.password) {
    throw new WebhookAddressError(
      "Leave the user name and password out of the URL; receivers verify the signature instead.",
    );
  }
  if (!allowPrivate) await resolveAllowed(parsed.hostname, resolve);
  parsed.hash = "";
  return parsed.toString();
}
