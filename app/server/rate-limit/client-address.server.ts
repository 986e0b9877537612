import { isIPv6 } from "node:net";

/**
 * The bucket a client's requests count against: its IPv4 address, or the /64 network of its IPv6
 * address. One IPv6 subscriber is handed a whole /64, so per-address buckets would let a visitor
 * start afresh with every request.
 */
export function rateLimitAddress(ip: string | undefined) {
  if (!ip) return "unknown";
  const mapped = mappedIPv4(ip);
  if (mapped) return mapped;
  const groups = ipv6Groups(ip);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : ip;
}

/**
 * The network a client's address belongs to, wide enough that one person's device keeps it while it
 * moves between a provider's addresses (an IPv4 /24, an IPv6 /48, a site's usual allocation), narrow
 * enough that another visitor elsewhere does not share it.
 */
export function addressNetwork(ip: string | undefined) {
  if (!ip) return "unknown";
  const v4 = mappedIPv4(ip) ?? (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(ip) ? ip : null);
  if (v4) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  const groups = ipv6Groups(ip);
  return groups ? `${groups.slice(0, 3).join(":")}::/48` : ip;
}

function mappedIPv4(ip: string) {
  return /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1] ?? null;
}

/** An IPv6 address's eight groups, in shortest hex, or null when it is not one. */
function ipv6Groups(ip: string) {
  const address = ip.split("%")[0]!;
  if (!isIPv6(address)) return null;
  // A trailing dotted quad is the last two groups; only the leading groups matter to callers.
  const groupsOf = (part: string) =>
    part ? part.split(":").flatMap((group) => (group.includes(".") ? ["", ""] : [group])) : [];
  const [head = "", tail] = address.split("::");
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups: string[] = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((group) => (Number.parseInt(group || "0", 16) || 0).toString(16));
}
