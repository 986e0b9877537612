import { isIPv6 } from "node:net";

/**
 * The bucket a client's requests count against: its IPv4 address, or the /64 network of its IPv6
 * address. One IPv6 subscriber is handed a whole /64, so per-address buckets would let a visitor
 * start afresh with every request.
 */
export function rateLimitAddress(ip: string | undefined) {
  if (!ip) return "unknown";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1];
  if (mapped) return mapped;
  const address = ip.split("%")[0]!;
  if (!isIPv6(address)) return ip;
  // A trailing dotted quad is the last two groups; only the first four matter here.
  const groupsOf = (part: string) =>
    part ? part.split(":").flatMap((group) => (group.includes(".") ? ["", ""] : [group])) : [];
  const [head = "", tail] = address.split("::");
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group || "0", 16) || 0).toString(16))
    .join(":")}::/64`;
}
