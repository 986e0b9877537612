import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageCache, type PageCache, variantCookies } from "~/http/page-cache.server";
import { requestIdFor } from "~/server/logger.server";

const POLICY_VERSION = 3;

/**
 * The cache in front of a stand-in for the app that writes back the cookies it rendered with, so
 * each variant's bytes show which currency and consent choice the page was made for.
 */
function startCachedSite() {
  const cache = createPageCache({
    config: {
      baseUrl: "http://site.test",
      countryHeader: undefined,
      trustProxy: false,
      secureCookies: false,
      pageCache: { maxBytes: 1_000_000, ttlMs: 60_000 },
    },
    contentVersion: { fresh: () => 1, close: async () => {} },
    consentPolicyVersion: () => POLICY_VERSION,
    trustProxy: () => false,
  });
  const app = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(`<p>rendered with ${req.headers.cookie}</p>`);
  };
  const server = createServer((req, res) => {
    if (cache.serve(req, res) === true) return;
    // Express gives every request its id before the cache's middleware renders a miss.
    res.setHeader("X-Request-Id", requestIdFor(req.headers["x-request-id"]));
    (res as ServerResponse & { locals: object }).locals = {};
    void (cache.render as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => Promise<void>)(
      req,
      res,
      () => app(req, res),
    );
  });
  return { cache, server };
}

describe("the page cache's classification of a request", () => {
  let cache: PageCache;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    ({ cache, server } = startCachedSite());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (path: string, cookie?: string) => {
    const response = await fetch(`${url}${path}`, { headers: cookie ? { cookie } : {} });
    return { cache: response.headers.get("x-cache"), body: await response.text() };
  };

  it("keeps one entry for returning visitors whose form tokens differ", async () => {
    const first = await get("/pricing", "form_token=1700000000000.aaa; currency=INR");
    expect(first.cache).toBe("MISS");
    const before = cache.classifications();
    const visitors = [
      "form_token=1700000000001.bbb; currency=INR",
      "_ga=GA1.1.9; form_token=1700000000002.ccc; currency=INR",
      "currency=INR; form_token=1700000000003.ddd",
    ];
    for (const cookie of visitors) {
      const page = await get("/pricing", cookie);
      expect(page.cache).toBe("HIT");
      expect(page.body).toBe(first.body);
    }
    expect(cache.classifications()).toBe(before);
  });

  it("still gives each currency and consent choice its own page", async () => {
    const inr = await get("/", "form_token=1.a; currency=INR");
    const usd = await get("/", "form_token=1.a; currency=USD");
    expect(inr.body).toContain("currency=INR");
    expect(usd.body).toContain("currency=USD");
    // The first of two currency cookies is the one read, as before.
    expect((await get("/", "currency=USD; form_token=2.b; currency=INR")).body).toBe(usd.body);

    const analytics = await get("/", `consent=${POLICY_VERSION}.a1m0.record-one-id; form_token=1.a`);
    expect(analytics.body).toContain(`consent=${POLICY_VERSION}.a1m0.`);
    expect(analytics.body).not.toContain("record-one-id");
    const entries = cache.classifications();
    // Another visitor who chose the same shares the entry and the page; another choice does not.
    const sameChoice = await get("/", `consent=${POLICY_VERSION}.a1m0.record-two-id; form_token=3.c`);
    expect(sameChoice).toEqual({ cache: "HIT", body: analytics.body });
    expect(cache.classifications()).toBe(entries);
    const refused = await get("/", `consent=${POLICY_VERSION}.a0m0.record-two-id`);
    expect(refused.body).toContain(`consent=${POLICY_VERSION}.a0m0.`);
    // A choice under an older policy version asks again: the page of a visitor who has not chosen.
    const undecided = await get("/", "form_token=4.d");
    expect((await get("/", `consent=${POLICY_VERSION - 1}.a1m1.record-two-id`)).body).toBe(undecided.body);
  });

  it("never answers a visitor with a personal cookie from memory", async () => {
    await get("/pricing", "currency=INR");
    for (const cookie of ["toast=saved; currency=INR", "form_token=1.a; better-auth.session_token=x; currency=INR"]) {
      const page = await get("/pricing", cookie);
      expect(page.cache).toBeNull();
      expect(page.body).toContain(cookie);
    }
  });

  it("sends a hit's head exactly as the miss that stored it, but for its id and X-Cache", async () => {
    const raw = (path: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
        let received = "";
        socket.on("data", (chunk) => {
          received += chunk.toString("latin1");
          if (received.includes("\r\n\r\n")) {
            socket.destroy();
            resolve(received.slice(0, received.indexOf("\r\n\r\n")));
          }
        });
        socket.on("error", reject);
        socket.write(
          `GET ${path} HTTP/1.1\r\nHost: site.test\r\nAccept-Encoding: gzip\r\nX-Request-Id: req-12345678\r\n\r\n`,
        );
      });
    const miss = await raw("/about-head");
    const hit = await raw("/about-head");
    expect(miss).toContain("X-Cache: MISS");
    const withoutDate = (head: string) => head.replace(/\r\nDate: [^\r]*/, "").replace("X-Cache: HIT", "X-Cache: MISS");
    expect(withoutDate(hit).split("\r\n").sort()).toEqual(withoutDate(miss).split("\r\n").sort());
  });
});

describe("the cookies that decide a page's variant", () => {
  it("keeps currency, consent (without its record id) and personal cookies, in their order", () => {
    expect(variantCookies(undefined)).toBe("");
    expect(variantCookies("form_token=1.abc; _ga=GA1")).toBe("");
    expect(variantCookies(" currency=INR ;form_token=1.abc; toast=hi; consent=2.a1m0.abcdefghij")).toBe(
      "currency=INR; toast=hi; consent=2.a1m0.shared-page",
    );
    expect(variantCookies("form_token=1.abc; toast=hi")).toBe("toast=hi");
    expect(variantCookies("booking_lead=x1; junk; consent=2.a0m1.abcd%2Defgh")).toBe(
      "booking_lead=x1; consent=2.a0m1.shared-page",
    );
    expect(variantCookies("consent=made-up; __Secure-better-auth.session_token=t")).toBe(
      "consent=; __Secure-better-auth.session_token=t",
    );
  });
});
