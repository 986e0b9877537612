import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isIPv4, isIPv6 } from "node:net";
import path from "node:path";

/**
 * The offline IP-to-country table: GeoLite2's ranges from geoip-country's data files, read into two
 * sorted arrays per address family (where each range starts, and its country), about 4.5 MB for both
 * families against the package's 8 MB of records. Each family is read when the first address of it
 * is looked up. The files are the package's (or those in GEOIP_DATADIR, as the package reads them),
 * so updating its data updates ours after a restart.
 */

/** geoip-country's records: start, end (IPv4, or IPv6's upper 64 bits), two-letter country. */
type RecordLayout<Address> = {
  bytes: number;
  end: number;
  country: number;
  read: (data: Buffer, offset: number) => Address;
  /** The address after `end`, or null past the last address. */
  next: (end: Address) => Address | null;
  zero: Address;
  array: (length: number) => Address extends number ? Uint32Array : BigUint64Array;
};

const IPV4_RECORD: RecordLayout<number> = {
  bytes: 10,
  end: 4,
  country: 8,
  read: (data, offset) => data.readUInt32BE(offset),
  next: (end) => (end === 0xffff_ffff ? null : end + 1),
  zero: 0,
  array: (length) => new Uint32Array(length),
};

const IPV6_RECORD: RecordLayout<bigint> = {
  bytes: 18,
  end: 8,
  country: 16,
  read: (data, offset) => data.readBigUInt64BE(offset),
  next: (end) => (end === 0xffff_ffff_ffff_ffffn ? null : end + 1n),
  zero: 0n,
  array: (length) => new BigUint64Array(length),
};

type Ranges<Address> = {
  /** Where each range starts, ascending; a range runs to the next one's start. */
  starts: Address extends number ? Uint32Array : BigUint64Array;
  /** Each range's country as an index into `countries`; 0 is a gap (no country). */
  countryIndex: Uint8Array | Uint16Array;
  countries: string[];
};

export function countryDataDir(env: NodeJS.ProcessEnv = process.env) {
  const packageLib = path.dirname(createRequire(import.meta.url).resolve("geoip-country"));
  return path.resolve(packageLib, env.GEOIP_DATADIR || env.GEODATADIR || "../data");
}

/**
 * Reads a family's file into ranges, gaps included and adjacent ranges of one country merged, in two
 * passes (count, then fill) so that nothing but the two arrays is allocated per range. The records
 * are sorted and do not overlap; a file where one overlaps its predecessor is refused.
 */
function readRanges<Address extends number | bigint>(file: string, layout: RecordLayout<Address>): Ranges<Address> {
  const data = readFileSync(file);
  if (data.length % layout.bytes !== 0) throw new Error(`${file} is not a geoip-country data file`);
  const countries = [""];
  const indexOf = new Map<string, number>();
  const walk = (emit: (start: Address, index: number) => void) => {
    let covered: Address | null = layout.zero;
    let previous = -1;
    const add = (start: Address, index: number) => {
      if (index === previous) return;
      emit(start, index);
      previous = index;
    };
    for (let offset = 0; offset < data.length; offset += layout.bytes) {
      const start = layout.read(data, offset);
      const code = data.toString("latin1", offset + layout.country, offset + layout.country + 2);
      let index = indexOf.get(code);
      if (index === undefined) {
        index = countries.push(code) - 1;
        indexOf.set(code, index);
      }
      if (covered === null || start < covered) throw new Error(`${file}: a record overlaps the one before`);
      if (start > covered) add(covered, 0);
      add(start, index);
      covered = layout.next(layout.read(data, offset + layout.end));
    }
    if (covered !== null) add(covered, 0);
  };
  let count = 0;
  walk(() => count++);
  const starts = layout.array(count);
  const countryIndex = countries.length <= 256 ? new Uint8Array(count) : new Uint16Array(count);
  let filled = 0;
  walk((start, index) => {
    starts[filled] = start as never;
    countryIndex[filled++] = index;
  });
  return { starts, countryIndex, countries };
}

/** The country of the range holding `address`, by binary search for the last start at or below it. */
function countryIn<Address extends number | bigint>(ranges: Ranges<Address>, address: Address) {
  const { starts } = ranges;
  let low = 0;
  let high = starts.length - 1;
  if (high < 0 || address < starts[0]!) return undefined;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle]! <= address) low = middle;
    else high = middle - 1;
  }
  return ranges.countries[ranges.countryIndex[low]!] || undefined;
}

/** A dotted IPv4 address as a number (after isIPv4 said it is one). */
function ipv4Number(ip: string) {
  let value = 0;
  for (const part of ip.split(".")) value = value * 256 + Number(part);
  return value;
}

const MAPPED_IPV4 = /^(?:0{1,4}:){5}ffff:(\d+\.\d+\.\d+\.\d+)$|^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** The upper 64 bits of an IPv6 address (after isIPv6 said it is one): all the table ranges over. */
function ipv6Upper64(ip: string) {
  const [head = "", tail] = ip.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  // A dotted IPv4 address at the end stands for two groups.
  const tailLength = tailGroups.length + (tailGroups.at(-1)?.includes(".") ? 1 : 0);
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array(8 - headGroups.length - tailLength).fill("0"), ...tailGroups];
  let value = 0n;
  for (let group = 0; group < 4; group++) {
    const text = groups[group] ?? "0";
    value = (value << 16n) | BigInt(text.includes(".") ? 0 : Number.parseInt(text, 16));
  }
  return value;
}

export function createCountryTable(dataDir: string) {
  let ipv4: Ranges<number> | undefined;
  let ipv6: Ranges<bigint> | undefined;
  const lookupIPv4 = (ip: string) => {
    ipv4 ??= readRanges(path.join(dataDir, "geoip-country.dat"), IPV4_RECORD);
    return countryIn(ipv4, ipv4Number(ip));
  };
  return {
    /** The two-letter country of an IPv4 or IPv6 address, or undefined (unknown, private, not an address). */
    lookup(ip: string): string | undefined {
      if (isIPv4(ip)) return lookupIPv4(ip);
      const address = ip.split("%")[0]!;
      if (!isIPv6(address)) return undefined;
      const mapped = MAPPED_IPV4.exec(address);
      if (mapped) return lookupIPv4((mapped[1] ?? mapped[2])!);
      ipv6 ??= readRanges(path.join(dataDir, "geoip-country6.dat"), IPV6_RECORD);
      return countryIn(ipv6, ipv6Upper64(address));
    },
  };
}
