import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { countryDataDir, createCountryTable } from "~/server/currency/country-table.server";

// The package whose data files the table reads, as the reference for every answer.
const geoip = createRequire(import.meta.url)("geoip-country") as {
  lookup(ip: string): { country?: string } | null;
};
const dataDir = countryDataDir();
const table = createCountryTable(dataDir);
const expected = (ip: string) => geoip.lookup(ip)?.country;

const ipv4 = (value: number) => [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join(".");
const ipv6 = (upper: bigint, lower = 0n) =>
  Array.from({ length: 8 }, (_, group) =>
    ((group < 4 ? upper >> BigInt(16 * (3 - group)) : lower >> BigInt(16 * (7 - group))) & 0xffffn).toString(16),
  ).join(":");

/** A deterministic stream of numbers, so that a failure names the same addresses on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state;
  };
}

describe("the offline IP-to-country table", () => {
  it("answers as geoip-country does at every IPv4 range's edges and at random addresses", () => {
    const data = readFileSync(path.join(dataDir, "geoip-country.dat"));
    const addresses: string[] = [];
    for (let offset = 0; offset < data.length; offset += 10 * 37) {
      const start = data.readUInt32BE(offset);
      const end = data.readUInt32BE(offset + 4);
      for (const value of [start - 1, start, start + 1, end - 1, end, end + 1]) {
        if (value >= 0 && value <= 0xffff_ffff) addresses.push(ipv4(value));
      }
    }
    const next = random(41);
    for (let i = 0; i < 20_000; i++) addresses.push(ipv4(next()));
    addresses.push("0.0.0.0", "255.255.255.255", "49.36.0.1", "8.8.8.8", "127.0.0.1", "10.1.2.3");
    const differing = addresses.filter((ip) => table.lookup(ip) !== expected(ip));
    expect(differing).toEqual([]);
    expect(table.lookup("49.36.0.1")).toBe("IN");
    expect(table.lookup("8.8.8.8")).toBe("US");
  });

  it("answers as geoip-country does at every IPv6 range's edges and at random addresses", () => {
    const data = readFileSync(path.join(dataDir, "geoip-country6.dat"));
    const addresses: string[] = [];
    for (let offset = 0; offset < data.length; offset += 18 * 31) {
      const start = data.readBigUInt64BE(offset);
      const end = data.readBigUInt64BE(offset + 8);
      addresses.push(ipv6(start), ipv6(end, 0xffff_ffff_ffff_ffffn));
      if (start > 0n) addresses.push(ipv6(start - 1n, 0xffff_ffff_ffff_ffffn));
      if (end < 0xffff_ffff_ffff_ffffn) addresses.push(ipv6(end + 1n));
    }
    const next = random(6);
    for (let i = 0; i < 20_000; i++) {
      // Mostly the global unicast block, where the ranges are.
      const upper = ((0x2000n + (BigInt(next()) & 0x1fffn)) << 48n) | (BigInt(next()) << 16n) | BigInt(next() & 0xffff);
      addresses.push(ipv6(upper, BigInt(next())));
    }
    const differing = addresses.filter((ip) => table.lookup(ip) !== expected(ip));
    expect(differing).toEqual([]);
    expect(addresses.filter((ip) => table.lookup(ip) !== undefined).length).toBeGreaterThan(10_000);
  });

  it("reads an address however it is written: compressed, mapped IPv4, with a zone", () => {
    const [google] = ["2001:4860:4860::8888"];
    expect(table.lookup(google!)).toBe(expected("2001:4860:4860:0:0:0:0:8888"));
    expect(table.lookup(google!)).toBeDefined();
    expect(table.lookup("2001:4860:4860:0000:0000:0000:0000:8888")).toBe(table.lookup(google!));
    expect(table.lookup("::ffff:49.36.0.1")).toBe("IN");
    expect(table.lookup("0:0:0:0:0:ffff:49.36.0.1")).toBe("IN");
    expect(table.lookup("::FFFF:8.8.8.8")).toBe("US");
    expect(table.lookup("2001:4860:4860::8888%eth0")).toBe(table.lookup(google!));
    expect(table.lookup("2001:4860:4860::1.2.3.4")).toBe(table.lookup(google!));
  });

  it("answers nothing for what is not an address, without reading a file for it", () => {
    const empty = createCountryTable(mkdtempSync(path.join(os.tmpdir(), "country-none-")));
    for (const text of ["", "not an ip", "1.2.3.4.5", "256.1.1.1", "::ffff:999.1.1.1", "1::2::3", "%eth0"]) {
      expect(empty.lookup(text), text).toBeUndefined();
    }
  });

  it("refuses a data file that is not one, or whose ranges overlap", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "country-broken-"));
    writeFileSync(path.join(dir, "geoip-country.dat"), Buffer.alloc(7));
    expect(() => createCountryTable(dir).lookup("8.8.8.8")).toThrow(/not a geoip-country data file/);
    const record = (start: number, end: number, country: string) => {
      const bytes = Buffer.alloc(10);
      bytes.writeUInt32BE(start, 0);
      bytes.writeUInt32BE(end, 4);
      bytes.write(country, 8, "latin1");
      return bytes;
    };
    writeFileSync(path.join(dir, "geoip-country.dat"), Buffer.concat([record(10, 20, "US"), record(15, 30, "IN")]));
    expect(() => createCountryTable(dir).lookup("0.0.0.12")).toThrow(/overlaps/);
    writeFileSync(
      path.join(dir, "geoip-country.dat"),
      Buffer.concat([record(10, 20, "US"), record(21, 30, "US"), record(40, 0xffff_ffff, "IN")]),
    );
    const small = createCountryTable(dir);
    expect(
      ["0.0.0.9", "0.0.0.10", "0.0.0.25", "0.0.0.30", "0.0.0.31", "0.0.0.40", "255.255.255.255"].map(small.lookup),
    ).toEqual([undefined, "US", "US", "US", undefined, "IN", "IN"]);
  });
});
