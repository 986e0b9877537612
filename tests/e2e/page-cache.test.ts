import { request } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { fromJson, toJson } from "~/server/db/values.server";
import { setSetting } from "~/server/settings/settings.server";
import type { AppServer } from "../support/app-server";
import { islandsLoaded } from "../support/browser";
import { dialects } from "../support/databases";
import {
  agedFormToken,
  fetchFormToken,
  formTokenCookieHeader,
  giveAgedFormToken,
  withFormSecret,
} from "../support/form-token";
import { runAppForBlock } from "../support/running-app";

const INDIA = "49.44.0.1";
const USA = "8.8.8.8";

type Fetched = { status: number; body: Buffer; html: string; cache: string | null; headers: Headers };

async function get(app: AppServer, path: string, headers: Record<string, string> = {}): Promise<Fetched> {
  const response = await fetch(`${app.url}${path}`, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    body,
    html: body.toString("utf8"),
    cache: response.headers.get("x-cache"),
    headers: response.headers,
  };
}

/** Asks until the page is in the cache (the first request fills it), then returns the cached copy. */
async function cached(app: AppServer, path: string, headers: Record<string, string> = {}) {
  await get(app, path, headers);
  const page = await get(app, path, headers);
  expect(page.cache, path).toBe("HIT");
  return page;
}

describe.each(dialects)("the page cache (%s)", (dialect) => {
  // The proxy in front (loopback here) says who each visitor is, so tests can act as several.
  const running = runAppForBlock({ TRUST_PROXY: "loopback" }, { dialect });

  it("gives every visitor the same bytes of a cached page, however they came", async () => {
    const first = await get(running.app, "/pricing", { "x-forwarded-for": USA });
    expect(first.status).toBe(200);
    const visitors: Record<string, string>[] = [
      // Visitors from countries where consent is not asked (one whose country is unknown is asked, and
      // gets the asked copy).
      { "x-forwarded-for": "4.2.2.2", "user-agent": "Mozilla/5.0 (iPhone)" },
      { "x-forwarded-for": "17.0.0.1", cookie: "_ga=GA1.1.123; utm_first=utm_source%3Dx" },
      { "x-forwarded-for": USA, cookie: formTokenCookieHeader("1700000000000.abc"), "user-agent": "Googlebot/2.1" },
      { "x-forwarded-for": USA, referer: "https://www.google.com/" },
    ];
    const etags = new Set<string | null>();
    for (const [index, headers] of visitors.entries()) {
      const query = index % 2 ? "?utm_source=google&utm_campaign=spring&gclid=abc" : "";
      const page = await get(running.app, `/pricing${query}`, headers);
      expect(page.cache).toBe("HIT");
      expect(page.body.equals(first.body)).toBe(true);
      etags.add(page.headers.get("etag"));
    }
    expect(etags.size).toBe(1);
    // Compressed copies hold the very same page.
    for (const encoding of ["gzip", "br"]) {
      const compressed = await fetch(`${running.app.url}/pricing`, {
        headers: { "accept-encoding": encoding, "x-forwarded-for": USA },
      });
      expect(compressed.headers.get("content-encoding")).toBe(encoding);
      expect(Buffer.from(await compressed.arrayBuffer()).equals(first.body)).toBe(true);
    }
    const gzipped = await fetch(`${running.app.url}/pricing`, {
      headers: { "accept-encoding": "gzip", "x-forwarded-for": USA },
    });
    const raw = await fetch(`${running.app.url}/pricing`, {
      headers: { "accept-encoding": "identity", "x-forwarded-for": USA },
    });
    expect(Buffer.from(await raw.arrayBuffer()).equals(first.body)).toBe(true);
    expect(gzipped.headers.get("etag")).not.toBe(raw.headers.get("etag"));
    // A revalidation costs a 304 and no body. A browser revalidating sends `max-age=0`; fetch would
    // otherwise add `no-cache`, which asks for the whole page again.
    const again = await fetch(`${running.app.url}/pricing`, {
      headers: {
        "accept-encoding": "identity",
        "x-forwarded-for": USA,
        "if-none-match": raw.headers.get("etag")!,
        "cache-control": "max-age=0",
      },
    });
    expect(again.status).toBe(304);
    // Data requests (in-browser navigation) are cached the same way.
    await get(running.app, "/pricing.data");
    const data = await get(running.app, "/pricing.data", { "x-forwarded-for": "203.0.113.8" });
    expect(data.cache).toBe("HIT");
    expect(data.headers.get("content-type")).toMatch(/^text\/x-script/);
  });

  it("records the campaign of a cached landing page in the visitor's own cookie, never in the page", async () => {
    await cached(running.app, "/about");
    const landing = await get(running.app, "/about?utm_source=newsletter&utm_campaign=spring");
    expect(landing.cache).toBe("HIT");
    expect(landing.headers.getSetCookie()).toEqual([expect.stringMatching(/^utm_first=utm_source%3Dnewsletter/)]);
    expect(landing.headers.get("cache-control")).toBe("private, no-cache");
    expect(landing.html).not.toContain("newsletter&");
    // Everybody else's copy has no cookie and may be kept by a shared cache.
    const plain = await get(running.app, "/about");
    expect(plain.headers.getSetCookie()).toEqual([]);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(plain.headers.get("vary")).toBe("Accept-Encoding, Cookie, Sec-GPC");
  });

  it("renders a page reached through a campaign link from its address without the campaign", async () => {
    // The first visitor of the page comes from an ad: the page kept for everyone must not carry it.
    const landing = await get(running.app, "/services/automation?utm_source=poison&gclid=click-123");
    expect(landing.html).not.toMatch(/poison|click-123/);
    const plain = await cached(running.app, "/services/automation");
    expect(plain.html).not.toMatch(/poison|click-123/);
    expect(plain.html).toContain('name="redirectTo" value="/services/automation"');
  });

  it("keeps one copy of a data request however its route list is ordered, and none when an id repeats", async () => {
    const routes = ["root", "routes/site/layout", "routes/site/about"];
    await cached(running.app, `/about.data?_routes=${routes.join(",")}`);
    expect((await get(running.app, `/about.data?_routes=${routes.toReversed().join(",")}`)).cache).toBe("HIT");
    const repeated = `/about.data?_routes=${[...routes, "root", "root"].join(",")}`;
    await get(running.app, repeated);
    expect((await get(running.app, repeated)).cache).toBeNull();
  });

  it("never gives one visitor's currency to another", async () => {
    const inr = /₹14,999/;
    const usd = /\$199/;
    const visits: [Record<string, string>, RegExp, RegExp][] = [
      [{ "x-forwarded-for": INDIA }, inr, usd],
      [{ "x-forwarded-for": USA }, usd, inr],
      [{ "x-forwarded-for": INDIA }, inr, usd],
      [{ "x-forwarded-for": INDIA, cookie: "currency=USD" }, usd, inr],
      [{ "x-forwarded-for": USA, cookie: "currency=INR" }, inr, usd],
      [{ "x-forwarded-for": USA }, usd, inr],
    ];
    for (const path of ["/services/paid-ads", "/pricing"]) {
      for (const [headers, shows, hides] of visits) {
        const page = await get(running.app, path, headers);
        expect(page.html, `${path} ${JSON.stringify(headers)}`).toMatch(shows);
        expect(page.html, `${path} ${JSON.stringify(headers)}`).not.toMatch(hides);
      }
    }
    const indianData = (await get(running.app, "/pricing.data", { "x-forwarded-for": INDIA })).html;
    const americanData = (await get(running.app, "/pricing.data", { "x-forwarded-for": USA })).html;
    expect(indianData).toContain('"INR"');
    expect(americanData).not.toContain('"INR"');
  });

  it("cannot be poisoned through Host, X-Forwarded-Host or Forwarded", async () => {
    const forged = {
      host: "evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      forwarded: "host=evil.example;proto=https",
    };
    for (const path of ["/industries/saas", "/blog", "/industries/saas.data"]) {
      const poisoned = await rawGet(running.app, path, forged);
      expect(poisoned.status, path).toBe(200);
      expect(poisoned.html, path).not.toContain("evil.example");
      const next = await get(running.app, path);
      expect(next.cache, path).toBe("HIT");
      expect(next.html, path).not.toContain("evil.example");
    }
  });

  it("keeps no page for unknown addresses, personal requests or addresses with other parameters", async () => {
    for (const path of ["/no-such-page-1", "/blog/no-such-post"]) {
      await get(running.app, path);
      const again = await get(running.app, path);
      expect(again.status, path).toBe(404);
      expect(again.cache, path).toBeNull();
    }
    await cached(running.app, "/contact");
    // A staff session (previews), a one-time notice, an unknown parameter: rendered for this request only.
    for (const [path, headers] of [
      ["/contact", { cookie: "better-auth.session_token=abc" }],
      ["/contact", { cookie: "toast=abc" }],
      ["/contact?page=2", {}],
      ["/lead?flow=guide", {}],
    ] as const) {
      const page = await get(running.app, path, headers);
      expect(page.status, path).toBe(200);
      expect(page.cache, path).toBeNull();
      expect(page.headers.get("cache-control"), path).toBe("private, no-cache");
    }
    expect((await get(running.app, "/admin/login")).cache).toBeNull();
    // Spelling variants of a page, and data requests for routes the app does not have, cannot fill memory.
    for (const path of ["/Contact", "/contact/", "/contact.data?_routes=no-such-route"]) {
      await get(running.app, path);
      expect((await get(running.app, path)).cache, path).toBeNull();
    }
  });

  it("shows an edit of each kind on the very next request", async () => {
    const now = new Date().toISOString();
    // A visitor from a country where consent is not asked, who gets the head code without choosing.
    const visitor = { "x-forwarded-for": USA };
    const expectChange = async (path: string, edit: () => Promise<unknown>, shows: string | RegExp) => {
      const before = await cached(running.app, path, visitor);
      expect(before.html).not.toMatch(shows);
      await edit();
      const after = await get(running.app, path, visitor);
      expect(after.cache, path).toBe("MISS");
      expect(after.html, path).toMatch(shows);
    };

    // Pages.
    await running.db
      .insertInto("pages")
      .values({
        id: crypto.randomUUID(),
        title: "Cache Page",
        slug: "cache-page",
        content: "First words.",
        status: "published",
        created_at: now,
        updated_at: now,
        published_at: now,
      })
      .execute();
    await expectChange(
      "/cache-page",
      () =>
        running.db.updateTable("pages").set({ content: "Second words." }).where("slug", "=", "cache-page").execute(),
      "Second words.",
    );
    // Blog posts.
    await expectChange(
      "/blog",
      () =>
        running.db
          .updateTable("blog_posts")
          .set({ title: "A Retitled Post" })
          .where("slug", "=", "conversion-tracking-checklist")
          .execute(),
      "A Retitled Post",
    );
    // Pricing plans.
    await expectChange(
      "/pricing",
      () => running.db.updateTable("pricing_plans").set({ price_usd: 777 }).where("title", "=", "Growth").execute(),
      "$777",
    );
    // Pricing content.
    const faq = await running.db
      .selectFrom("pricing_content")
      .select("content")
      .where("section_key", "=", "faq")
      .executeTakeFirstOrThrow();
    const questions = fromJson<{ questions: { question: string }[] }>(faq.content, { questions: [] });
    questions.questions[0]!.question = "Is this a freshly edited question?";
    await expectChange(
      "/pricing",
      () =>
        running.db
          .updateTable("pricing_content")
          .set({ content: toJson(questions) })
          .where("section_key", "=", "faq")
          .execute(),
      "Is this a freshly edited question?",
    );
    // Site settings, logos and files.
    await expectChange(
      "/about",
      () => setSetting(running.db, "header_logo", "/uploads/logos/header-new.png", null),
      "/uploads/logos/header-new.png",
    );
    // Analytics ids and head code.
    await expectChange(
      "/contact",
      () => setSetting(running.db, "google_analytics_id", "G-CACHE12345", null),
      "G-CACHE12345",
    );
    await expectChange(
      "/contact",
      () => setSetting(running.db, "custom_head_code", '<meta name="cache-check" content="1">', null),
      'name="cache-check"',
    );
    // Forms the site uses: nothing of a form shows on the page, but its page is rendered afresh.
    await cached(running.app, "/blog");
    await running.db
      .updateTable("forms")
      .set({ description: "Edited" })
      .where("name", "=", "Newsletter Signup")
      .execute();
    expect((await get(running.app, "/blog")).cache).toBe("MISS");
  });
});

describe("consent on cached pages", () => {
  const COUNTRY_HEADER = "X-Visitor-Country";
  const GTAG = "googletagmanager.com/gtag/js";
  const PIXEL = "fbevents.js";
  const BANNER_OPEN = 'data-open="true"';
  const running = runAppForBlock({ TRUST_PROXY: "loopback", COUNTRY_HEADER });
  beforeAll(async () => {
    await setSetting(running.db, "google_analytics_id", "G-AB12CD34EF", null);
    await setSetting(running.db, "facebook_pixel_id", "123456789012345", null);
    await setSetting(running.db, "consent_scope", "required", null);
  });

  const accepted = (id: string) => ({ cookie: `consent=1.a1m1.${id}`, [COUNTRY_HEADER]: "DE" });
  const undecided = (country: string) => ({ [COUNTRY_HEADER]: country });

  it("gives a visitor who accepted the page with the tags and no banner, and one who has not chosen the banner, never each other's copy", async () => {
    // Filled in turn, so each variant is asked for right after the other one was stored.
    const acceptedFirst = await cached(running.app, "/pricing", accepted("visitor-one-record"));
    const askedFirst = await cached(running.app, "/pricing", undecided("DE"));
    const acceptedAgain = await get(running.app, "/pricing", accepted("visitor-two-record"));
    const askedAgain = await get(running.app, "/pricing", undecided("FR"));

    for (const page of [acceptedFirst, acceptedAgain]) {
      expect(page.html).not.toContain(BANNER_OPEN);
      expect(page.html).toContain(GTAG);
      expect(page.html).toContain(PIXEL);
      expect(page.headers.get("content-security-policy")).toContain("connect.facebook.net");
    }
    for (const page of [askedFirst, askedAgain]) {
      expect(page.html).toContain(BANNER_OPEN);
      expect(page.html).not.toContain(GTAG);
      expect(page.html).not.toContain(PIXEL);
      expect(page.headers.get("content-security-policy")).not.toContain("connect.facebook.net");
    }
    // The second visitor of each kind got the first one's copy from memory, byte for byte.
    expect(acceptedAgain.cache).toBe("HIT");
    expect(askedAgain.cache).toBe("HIT");
    expect(acceptedAgain.body.equals(acceptedFirst.body)).toBe(true);
    expect(askedAgain.body.equals(askedFirst.body)).toBe(true);
    // No visitor's record id or country is in a shared page.
    for (const page of [acceptedFirst, askedFirst]) {
      expect(page.html).not.toContain("visitor-one-record");
      expect(page.html).not.toContain("shared-page");
    }
    expect(askedAgain.html).not.toContain('"FR"');
    // Shared caches are told what the page varies on.
    const vary = (acceptedFirst.headers.get("vary") ?? "").toLowerCase();
    for (const name of ["cookie", "sec-gpc", COUNTRY_HEADER.toLowerCase()]) expect(vary).toContain(name);
  });

  it("asks only where consent is asked, and tells nothing more of the country to the page", async () => {
    const usa = await cached(running.app, "/about", undecided("US"));
    const india = await get(running.app, "/about", { ...undecided("IN"), cookie: "currency=USD" });
    expect(usa.html).not.toContain(BANNER_OPEN);
    expect(usa.html).toContain(PIXEL);
    // Another country where nobody is asked gets the very same copy.
    expect(india.cache).toBe("HIT");
    expect(india.body.equals(usa.body)).toBe(true);
    const germany = await get(running.app, "/about", undecided("DE"));
    expect(germany.html).toContain(BANNER_OPEN);
    expect(germany.body.equals(usa.body)).toBe(false);
  });

  it("asks a visitor whose country cannot be told, and keeps them on the asked copy", async () => {
    const asked = await cached(running.app, "/services/paid-ads", undecided("DE"));
    // No header and a loopback address (nothing to look up), the proxy's "unknown", Tor, nonsense.
    for (const headers of [{}, undecided("XX"), undecided("T1"), undecided("not a country"), undecided("")]) {
      const page = await get(running.app, "/services/paid-ads", headers);
      expect(page.html, JSON.stringify(headers)).toContain(BANNER_OPEN);
      expect(page.html).not.toContain(GTAG);
      expect(page.html).not.toContain(PIXEL);
      expect(page.headers.get("content-security-policy")).not.toContain("googletagmanager");
      // One more copy per kind of visitor, not per country or made-up value.
      expect(page.cache).toBe("HIT");
      expect(page.body.equals(asked.body)).toBe(true);
    }
    const notAsked = await cached(running.app, "/services/paid-ads", undecided("US"));
    expect(notAsked.html).not.toContain(BANNER_OPEN);
    expect(notAsked.html).toContain(GTAG);
  });

  it("never gives the pixel to a Global Privacy Control visitor from a cached copy", async () => {
    // Copies with the pixel are in memory first, for visitors who accepted and for those never asked.
    const withPixel = await cached(running.app, "/contact", accepted("visitor-three-record"));
    const notAsked = await cached(running.app, "/contact", undecided("US"));
    expect(withPixel.html).toContain(PIXEL);
    expect(notAsked.html).toContain(PIXEL);
    for (const headers of [
      { ...accepted("visitor-three-record"), "sec-gpc": "1" },
      { ...undecided("US"), "sec-gpc": "1" },
      { ...undecided("DE"), "sec-gpc": "1" },
    ]) {
      const first = await get(running.app, "/contact", headers);
      const again = await get(running.app, "/contact", headers);
      expect(again.cache).toBe("HIT");
      for (const page of [first, again]) {
        expect(page.html).not.toContain(PIXEL);
        expect(page.headers.get("content-security-policy")).not.toContain("connect.facebook.net");
      }
    }
    // The visitors without Global Privacy Control still get theirs.
    expect((await get(running.app, "/contact", accepted("visitor-four-record"))).html).toContain(PIXEL);
  });

  it("keeps one copy per consent state however many made-up consent cookies arrive", async () => {
    const undecidedCopy = await cached(running.app, "/", undecided("DE"));
    const acceptedCopy = await cached(running.app, "/", accepted("visitor-five-record"));
    // Choices under policy versions that were never published, and values that are no choice at all:
    // each visitor is simply undecided, and gets the undecided copy from memory.
    const madeUp = [
      ...Array.from({ length: 40 }, (_, i) => `consent=${i + 2}.a${i % 2}m1.made-up-record-${i}`),
      ...Array.from({ length: 10 }, (_, i) => `consent=${"9".repeat(i + 1)}.a1m1.abcdefghijkl`),
      ...Array.from({ length: 10 }, (_, i) => `consent=not-a-choice-${i}`),
      "consent=1.a1m1",
      "consent=1.a2m1.abcdefghijkl",
    ];
    for (const cookie of madeUp) {
      const page = await get(running.app, "/", { ...undecided("DE"), cookie });
      expect(page.cache, cookie).toBe("HIT");
      expect(page.body.equals(undecidedCopy.body), cookie).toBe(true);
      expect(page.html).toContain(BANNER_OPEN);
    }
    // Real choices under the current version with record ids of their own all share one copy too.
    for (let i = 0; i < 20; i++) {
      const page = await get(running.app, "/", accepted(`visitor-record-${i}-${"x".repeat(i)}`));
      expect(page.cache).toBe("HIT");
      expect(page.body.equals(acceptedCopy.body)).toBe(true);
    }
  });
});

describe("the form's fill-time defence on cached pages", () => {
  const running = runAppForBlock({ TRUST_PROXY: "loopback", ...withFormSecret }, { browser: true });
  beforeAll(async () => {
    await cached(running.app, "/contact");
  });

  const spamReasonOf = async (email: string) =>
    (await running.db.selectFrom("leads").select("spam_reason").where("email", "=", email).executeTakeFirstOrThrow())
      .spam_reason;

  let visitor = 0;
  const post = (fields: Record<string, string>, token?: string, address = `198.51.${++visitor}.1`) =>
    fetch(`${running.app.url}/lead`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: running.app.url,
        "x-forwarded-for": address,
        ...(token ? { cookie: formTokenCookieHeader(token) } : {}),
      },
      body: new URLSearchParams({ flow: "contact", name: "Someone", website_url: "", ...fields }),
    });

  it("flags a script that posts at once after fetching the cached page, and not a person (without JavaScript)", async () => {
    const page = await get(running.app, "/contact");
    expect(page.cache).toBe("HIT");
    expect(page.html).not.toContain("form_token");
    // A script that loads the page's images too, and posts at once.
    const bot = "203.0.113.77";
    const hasty = await fetchFormToken(running.app.url, "/contact", { "x-forwarded-for": bot });
    expect((await post({ email: "hasty-bot@example.com" }, hasty, bot)).status).toBe(200);
    expect(await spamReasonOf("hasty-bot@example.com")).toMatch(/^sent [\d.]+ s after the page loaded$/);
    // A script that only parses the HTML and posts.
    expect((await post({ email: "html-bot@example.com" })).status).toBe(200);
    expect(await spamReasonOf("html-bot@example.com")).toBe("missing or forged form token");
    // A person takes a few seconds: the token their page set, that long ago (the server's signing).
    const person = "203.0.113.78";
    expect(
      (await post({ email: "plain-person@example.com" }, agedFormToken({ clientIp: person }), person)).status,
    ).toBe(200);
    expect(await spamReasonOf("plain-person@example.com")).toBeNull();
  });

  it("flags a browser that sends the form at once after loading the cached page, and not a person (with JavaScript)", async () => {
    const send = async (email: string, { person }: { person: boolean }) => {
      const context = await running.browser.newContext();
      // A person's page was loaded a few seconds before they send: their token is that old.
      if (person) await giveAgedFormToken(context, running.app.url);
      const page = await context.newPage();
      // The page has loaded once its images have, the form-token image among them. Under a loaded
      // test machine filling the form can take seconds, so the image is held until the form is
      // filled: "at once" then means right after the page finished loading, as a script would.
      let release!: () => void;
      const filled = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/api/form-token", async (route) => {
        await filled;
        await route.continue();
      });
      const loaded = await page.goto(`${running.app.url}/contact`, { waitUntil: "domcontentloaded" });
      expect(loaded?.headers()["x-cache"]).toBe("HIT");
      await islandsLoaded(page);
      const form = page.locator("#contact-section form");
      await form.getByLabel("Name").fill("Browser Visitor");
      await form.getByLabel("Email").fill(email);
      const tokenLoaded = page.waitForResponse("**/api/form-token");
      release();
      await tokenLoaded;
      await form.getByRole("button", { name: "Book Free Strategy Call" }).click();
      await page.getByText("Your strategy call request has been submitted.").waitFor();
      await context.close();
    };
    await send("hasty-browser@example.com", { person: false });
    expect(await spamReasonOf("hasty-browser@example.com")).toMatch(/^sent [\d.]+ s after the page loaded$/);
    await send("browser-person@example.com", { person: true });
    expect(await spamReasonOf("browser-person@example.com")).toBeNull();
  });

  it("keeps a strict script policy on cached pages: an injected inline script does not run", async () => {
    const page = await get(running.app, "/contact");
    const csp = page.headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).toMatch(/'nonce-[^']+'/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");

    const context = await running.browser.newContext();
    const tab = await context.newPage();
    const violations: string[] = [];
    tab.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // What an injection would look like: a script in the cached bytes, without the copy's nonce.
    await tab.route(`${running.app.url}/contact`, async (route) => {
      const response = await route.fetch();
      expect(response.headers()["x-cache"]).toBe("HIT");
      const body = (await response.text()).replace("</head>", "<script>window.injected = true;</script></head>");
      await route.fulfill({ response, body });
    });
    await tab.goto(`${running.app.url}/contact`);
    // The page's own scripts still run (its islands load); the injected one does not.
    await islandsLoaded(tab);
    expect(await tab.evaluate(() => (window as { islands?: unknown }).islands)).toBeDefined();
    expect(await tab.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    expect(violations.length).toBeGreaterThan(0);
    await context.close();
  });
});

/** A GET with headers fetch will not send as given (Host). */
function rawGet(app: AppServer, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; html: string }>((resolve, reject) => {
    const sent = request(`${app.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, html: Buffer.concat(chunks).toString("utf8") }),
      );
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end();
  });
}
