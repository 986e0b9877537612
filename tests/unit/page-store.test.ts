import { describe, expect, it } from "vitest";
import { chooseEncoding, pageVariantKey } from "~/http/page-cache-request.server";
import { type CachedPage, createPageStore } from "~/server/page-cache/page-store.server";

function page(bytes: number, version = 0, storedAt = 0): CachedPage {
  const body = Buffer.alloc(bytes);
  return {
    status: 200,
    headers: [],
    bodies: { identity: body, gzip: body, br: body },
    etag: "x",
    storedAt,
    version,
    bytes,
  };
}

describe("the page store", () => {
  it("keeps pages within its byte limit, dropping the least recently used first", () => {
    // Each entry costs its page and its one-character key (two bytes).
    const store = createPageStore({ maxBytes: 306, ttlMs: 60_000, now: () => 0 });
    store.set("a", page(100));
    store.set("b", page(100));
    store.set("c", page(100));
    expect(store.get("a")).toBeDefined(); // a is now the most recently used
    store.set("d", page(100));
    expect(store.get("b")).toBeUndefined();
    expect(store.get("a")).toBeDefined();
    expect(store.get("c")).toBeDefined();
    expect(store.get("d")).toBeDefined();
    expect(store.stats()).toMatchObject({ entries: 3, bytes: 306, maxBytes: 306, evictions: 1, misses: 1, hits: 4 });
    // A page bigger than the whole cache is not kept at all.
    expect(store.set("huge", page(301))).toBe(false);
  });

  it("counts each entry's key in its bound: long keys of small pages cannot grow memory past it", () => {
    const store = createPageStore({ maxBytes: 10_000, ttlMs: 60_000, now: () => 0 });
    for (let i = 0; i < 100; i++) store.set(`${i}`.padEnd(2_000, "x"), page(10));
    const { bytes, entries } = store.stats();
    expect(bytes).toBeLessThanOrEqual(10_000);
    expect(entries).toBe(2);
  });

  it("drops every page at once when the content version moves, and refuses pages rendered before it", () => {
    const store = createPageStore({ maxBytes: 1000, ttlMs: 60_000, now: () => 0 });
    store.set("a", page(10, 0));
    store.set("b", page(10, 0));
    store.syncVersion(1);
    expect(store.get("a")).toBeUndefined();
    expect(store.get("b")).toBeUndefined();
    expect(store.stats()).toMatchObject({ entries: 0, bytes: 0, invalidations: 2 });
    // A render that began at version 0 finished after the edit: it may hold old content.
    expect(store.set("a", page(10, 0))).toBe(false);
    expect(store.set("a", page(10, 1))).toBe(true);
  });

  it("lets no page outlive its time-to-live", () => {
    let now = 0;
    const store = createPageStore({ maxBytes: 1000, ttlMs: 1000, now: () => now });
    store.set("a", page(10, 0, 0));
    now = 1000;
    expect(store.get("a")).toBeDefined();
    now = 1001;
    expect(store.get("a")).toBeUndefined();
    expect(store.stats().bytes).toBe(0);
  });
});

describe("the page variant key", () => {
  it("differs by path, data routes, currency and consent inputs, and by nothing else", () => {
    const consent = { choice: null, gpc: false, asked: false };
    const base = { path: "/pricing", routes: null, currency: "USD" as const, consent };
    const keys = new Set([
      pageVariantKey(base),
      pageVariantKey({ ...base, currency: "INR" }),
      pageVariantKey({ ...base, path: "/pricing.data" }),
      pageVariantKey({ ...base, path: "/pricing.data", routes: "routes/site/pricing" }),
      pageVariantKey({ ...base, consent: { ...consent, choice: "a1m1" } }),
      pageVariantKey({ ...base, consent: { ...consent, choice: "a1m0" } }),
      pageVariantKey({ ...base, consent: { ...consent, gpc: true } }),
      pageVariantKey({ ...base, consent: { ...consent, asked: true } }),
    ]);
    expect(keys.size).toBe(8);
    // Anything else a request carries (a HEAD, the policy version it was classified under) is not in it.
    const sameVariant = { ...base, consent: { ...consent }, head: true, policyVersion: 7, key: "x" };
    expect(pageVariantKey(sameVariant)).toBe(pageVariantKey(base));
  });
});

describe("choosing an encoding", () => {
  it.each([
    [undefined, "identity"],
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["identity", "identity"],
    ["gzip;q=0", "identity"],
  ])("%s → %s", (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });
});
