import { describe, expect, it } from "vitest";
import { shortId } from "~/lib/short-id";
import { newId } from "~/server/db/values.server";

describe("record ids", () => {
  it("are version 7 UUIDs that carry their creation time in the first 48 bits", () => {
    const at = Date.UTC(2026, 10, 22, 6, 30, 0, 123);
    const id = newId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16)).toBe(at);
  });

  it("sort in the order they were made, millisecond by millisecond", () => {
    const start = Date.UTC(2026, 0, 1);
    const ids = Array.from({ length: 2000 }, (_, index) => newId(start + index * 7919));
    expect([...ids].sort()).toEqual(ids);
  });

  it("sort in the order they were made within one millisecond too, so same-moment rows keep their order", () => {
    const ids = Array.from({ length: 10_000 }, () => newId());
    expect(new Set(ids).size).toBe(10_000);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("never repeat, even within one millisecond", () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 50_000 }, () => newId(at)));
    expect(ids.size).toBe(50_000);
  });
});

describe("short ids", () => {
  it("tell apart records made in the same second, which share their first characters", () => {
    const at = Date.UTC(2026, 10, 22, 6, 30, 0);
    const ids = Array.from({ length: 50 }, (_, index) => newId(at + index * 10));
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(1);
    const short = ids.map(shortId);
    expect(new Set(short).size).toBe(50);
    for (const label of short) expect(label).toMatch(/^[0-9a-f]{8}$/);
  });
});
