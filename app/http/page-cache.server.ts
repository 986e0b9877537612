import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import fresh from "fresh";
import type { Logger } from "pino";
import { PERSONAL_CACHE_CONTROL, SHARED_CACHE_CONTROL, wireHeaders } from "~/http/page-cache-headers.server";
import { captureRender, gzip, shareablePage } from "~/http/page-cache-render.server";
import {
  afterwards,
  chooseEncoding,
  clientAddress,
  headerValue,
  isPublicPagePath,
  isPublicPageRequest,
  isSecure,
  Memo,
  pageVariantKey,
} from "~/http/page-cache-request.server";
import type { Currency } from "~/lib/currency";
import { routedPath } from "~/lib/roles";
import type { Config } from "~/server/config.server";
import {
  ASKED_COUNTRY,
  anonymousConsentValue,
  CONSENT_COOKIE,
  type ConsentInputs,
  consentInputsOf,
  NOT_ASKED_COUNTRY,
  sharedConsentCookie,
} from "~/server/consent/consent.server";
import { CURRENCY_COOKIE, countryOf, countryOfVisitor, currencyOf } from "~/server/currency/currency.server";
import { firstTouchCookie } from "~/server/leads/attribution.server";
import { requestIdFor } from "~/server/logger.server";
import type { ContentVersion } from "~/server/page-cache/content-version.server";
import { type CachedPage, createPageStore, type PageCacheStats } from "~/server/page-cache/page-store.server";

/** Campaign and click ids: attribution reads them from the address, the page never does. */
const MARKETING_PARAMETER =
  /^(utm_[a-z_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|_hsenc|_hsmi|ref)$/i;
/** Cookies that make a page someone's own: a staff session (previews, admin bar), a one-time notice, an enquiry's booking link. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-)?(?:better-auth\.[^=]*|toast|booking_lead)=/;
/** A personal cookie's name alone, as `variantCookies` sees it. */
const PERSONAL_COOKIE_NAME = /^(?:__Secure-)?(?:better-auth\..*|toast|booking_lead)$/;

const PATH_MEMO_SIZE = 1024;
/** Distinct sets of request inputs whose classification is kept (a few kB each at most). */
const CLASSIFICATION_MEMO_SIZE = 4096;
/** Inputs longer than this (a long cookie header) are classified afresh each time, not kept. */
const MAX_CLASSIFICATION_KEY = 2048;

/** A finished render: the page to share (null when it may not be), and the bytes as rendered. */
type Render = { page: CachedPage | null; identity: Buffer };

/**
 * What a public page request is, for the cache, before the current consent policy version is known
 * (its consent inputs depend on it).
 */
type PageQuery = {
  path: string;
  routes: string | null;
  /** The address the page is rendered from: without campaign parameters, which only attribution reads. */
  renderUrl: string;
  currency: Currency;
  consentAt: (policyVersion: number) => ConsentInputs;
  head: boolean;
};

/** What a public page request is, for the cache: the variant it asks for. */
type PageRequest = {
  key: string;
  renderUrl: string;
  currency: Currency;
  consent: ConsentInputs;
  policyVersion: number;
  head: boolean;
};

type RawRequest = IncomingMessage & { ip?: string; log?: Logger };

/**
 * A request's classification, shared by every request that carries the same inputs, and the variant
 * it asks for under the last policy version seen.
 */
type Classification = { query: PageQuery | null; at?: { policyVersion: number; request: PageRequest } };

/** What most hits set: shared, so that a hit allocates no list for it. */
const NO_COOKIES: readonly string[] = [];

export type PageCache = ReturnType<typeof createPageCache>;

/** Names that may decide a variant: a header holding none of them is read no further. */
const VARIANT_COOKIE_HINTS = [CURRENCY_COOKIE, CONSENT_COOKIE, "toast", "booking_lead", "better-auth."];

function decodedValue(value: string) {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * The part of a Cookie header that decides a page's variant: the currency and consent cookies and
 * any personal cookie, in their order (the first of a name wins, as when they are read). Everything
 * else (the form token, analytics ids), and the consent record's id, differs per visitor and changes
 * nothing in the page, so returning visitors share one classification instead of one each. Runs on
 * every hit that carries cookies, so it walks the header without splitting it.
 */
export function variantCookies(header: string | undefined): string {
  if (!header || !VARIANT_COOKIE_HINTS.some((hint) => header.includes(hint))) return "";
  let kept = "";
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(";", start);
    if (end === -1) end = header.length;
    const index = header.indexOf("=", start);
    if (index !== -1 && index < end) {
      const name = header.slice(start, index).trim();
      let value: string | undefined;
      if (name === CONSENT_COOKIE) value = anonymousConsentValue(decodedValue(header.slice(index + 1, end).trim()));
      else if (name === CURRENCY_COOKIE || PERSONAL_COOKIE_NAME.test(name)) value = header.slice(index + 1, end).trim();
      if (value !== undefined) kept += `${kept ? "; " : ""}${name}=${value}`;
    }
    start = end + 1;
  }
  return kept;
}

/**
 * Anonymous GET/HEAD of public pages (documents and React Router's `.data` requests) from memory,
 * compressed ahead (brotli, gzip, identity), with an ETag. `serve` answers hits before Express does
 * anything; `render` (an Express middleware) fills the cache on a miss, rendering the page once for
 * all visitors waiting for it, and sets each visitor's own cookies around the shared bytes.
 */
export function createPageCache({
  config,
  contentVersion,
  consentPolicyVersion,
  trustProxy,
  routeIds,
}: {
  config: Pick<Config, "baseUrl" | "countryHeader" | "trustProxy" | "secureCookies" | "pageCache">;
  contentVersion: ContentVersion;
  /** The consent policy version as of a content version (null when unknown: pages are then rendered per visitor). */
  consentPolicyVersion: (contentVersion: number) => number | null | Promise<number | null>;
  /** Express's compiled trust-proxy function, so client addresses match req.ip. */
  trustProxy: (address: string, hop: number) => boolean;
  /** The app's route ids, when known: a data request naming any other is not kept. */
  routeIds?: ReadonlySet<string>;
}) {
  /** A `_routes` list as one key: its ids sorted; null when it names an id twice or one the app lacks. */
  const canonicalRoutes = (list: string) => {
    const ids = list.split(",");
    if (new Set(ids).size !== ids.length || (routeIds && !ids.every((id) => routeIds.has(id)))) return null;
    return ids.sort().join(",");
  };
  const enabled = config.pageCache.maxBytes > 0;
  const store = createPageStore(config.pageCache);
  const canonicalHost = new URL(config.baseUrl).host;
  const vary = ["Accept-Encoding", "Cookie", "Sec-GPC", ...(config.countryHeader ? [config.countryHeader] : [])].join(
    ", ",
  );
  const rendering = new Map<string, Promise<Render>>();

  /** Per path: whether it is a public page as the site spells it. Remembered, as most hits ask for a few paths. */
  const canonicalPaths = new Memo<boolean>(PATH_MEMO_SIZE);
  /**
   * Only an address as the site writes it (lower case, no trailing slash, nothing encoded) is kept:
   * its spelling variants are rendered per request, so they cannot crowd out the real pages.
   */
  const isCanonicalPagePath = (pathname: string) =>
    canonicalPaths.get(
      pathname,
      () => isPublicPagePath(pathname) && routedPath(pathname) === pathname.replace(/\.data$/, ""),
    );

  const classifications = new Memo<Classification>(CLASSIFICATION_MEMO_SIZE);
  const countryHeader = config.countryHeader && config.trustProxy !== false ? config.countryHeader : undefined;

  /**
   * What a request is for the cache, worked out once per set of inputs that decide it: the method,
   * the address, the cookies, Sec-GPC and the country (the trusted proxy's header, else the country
   * of the visitor's address). A hit then looks its answer up instead of parsing cookies, finding
   * the country and building the key again.
   */
  function classify(req: RawRequest): Classification | null {
    if (!enabled || (req.method !== "GET" && req.method !== "HEAD")) return null;
    const cookie = variantCookies(req.headers.cookie);
    const gpc = headerValue(req, "sec-gpc") ?? "";
    const countryFromProxy = countryHeader ? (headerValue(req, countryHeader) ?? "") : "";
    // The address's country, not the address: visitors from many addresses share a classification
    // (countryOf remembers recent addresses, so this is a lookup, not a search).
    const addressCountry = countryFromProxy.trim() ? "" : (countryOf(clientAddress(req, trustProxy)) ?? "");
    const key = `${req.method}\n${req.url}\n${cookie}\n${gpc}\n${countryFromProxy}\n${addressCountry}`;
    if (key.length > MAX_CLASSIFICATION_KEY) return { query: queryOf(req, cookie, gpc) };
    return classifications.get(key, () => ({ query: queryOf(req, cookie, gpc) }));
  }

  /** The variant a classified request asks for under a policy version, kept for the next request like it. */
  function requestFor(classification: Classification, query: PageQuery, policyVersion: number) {
    const at = classification.at;
    if (at && at.policyVersion === policyVersion) return at.request;
    const request = requestAt(query, policyVersion);
    classification.at = { policyVersion, request };
    return request;
  }

  /**
   * The classification itself. It reads only the inputs `classify` keys it by: the currency and
   * consent choices see the cookie and Sec-GPC values alone, and the country is found here, once.
   */
  function queryOf(req: RawRequest, cookie: string, gpc: string): PageQuery | null {
    if (cookie && PERSONAL_COOKIE.test(cookie)) return null;
    const raw = req.url ?? "/";
    // An absolute-form or asterisk request line is refused by the app, never answered from memory.
    if (!raw.startsWith("/")) return null;
    // Most requests are a plain path; anything that parsing could change goes through URL.
    const plain = /^\/[\w\-/]*$/.test(raw) && !raw.includes("//");
    let url: URL | undefined;
    if (!plain) {
      try {
        url = new URL(raw, "http://page");
      } catch {
        return null;
      }
    }
    const pathname = url?.pathname ?? raw;
    if (!isCanonicalPagePath(pathname)) return null;
    let routes: string | null = null;
    for (const [name, value] of url?.searchParams ?? []) {
      if (MARKETING_PARAMETER.test(name)) continue;
      // React Router's data requests name the routes whose data they want (only routes the app has,
      // each once; in any order, which changes nothing in the answer).
      const canonical: string | null | false =
        name === "_routes" && pathname.endsWith(".data") && routes === null && canonicalRoutes(value);
      if (canonical) routes = canonical;
      // Any other parameter could change the page: rendered per request, so random ones cannot fill memory.
      else return null;
    }
    const country = countryOfVisitor(
      (name) => headerValue(req, name),
      config,
      () => clientAddress(req, trustProxy),
    );
    // Kept with the classification: it must hold the values, not the request.
    const carried = (name: string) => (name === "cookie" ? cookie : name === "sec-gpc" ? gpc : undefined);
    return {
      path: pathname,
      routes,
      renderUrl: routes === null ? pathname : `${pathname}?${new URLSearchParams({ _routes: routes })}`,
      currency: currencyOf(carried, () => country),
      consentAt: (policyVersion) => consentInputsOf(carried, () => country, policyVersion),
      head: req.method === "HEAD",
    };
  }

  function requestAt(query: PageQuery, policyVersion: number): PageRequest {
    const consent = query.consentAt(policyVersion);
    return {
      key: pageVariantKey({ path: query.path, routes: query.routes, currency: query.currency, consent }),
      renderUrl: query.renderUrl,
      currency: query.currency,
      consent,
      policyVersion,
      head: query.head,
    };
  }

  /** The page as of content version `version` (read after the request arrived), if it is kept. */
  function lookup(request: PageRequest, version: number) {
    store.syncVersion(version);
    return store.get(request.key);
  }

  const headersOf = wireHeaders(vary);

  /** `idSent`: the request went through Express, which has already given it its X-Request-Id. */
  function send(req: RawRequest, res: ServerResponse, page: CachedPage, state: "HIT" | "MISS", idSent = true) {
    const encoding = chooseEncoding(headerValue(req, "accept-encoding"));
    const wire = headersOf(page, encoding);
    const conditional = req.headers["if-none-match"] !== undefined && fresh(req.headers, { etag: wire.etag });
    const cookies = visitorCookies(req);
    const secure = isSecure(req, trustProxy);
    // The common hit (a full answer, nothing of the visitor's own): the prepared list and an id.
    if (state === "HIT" && !conditional && cookies.length === 0 && !secure && !idSent) {
      const headers = wire.sharedHit;
      // Written out by writeHead before anything else runs: the list is this request's alone meanwhile.
      headers[headers.length - 1] = requestIdFor(req.headers["x-request-id"]);
      res.writeHead(page.status, headers);
      res.end(req.method === "HEAD" ? undefined : page.bodies[encoding]);
      return;
    }
    const perRequest = [
      "Cache-Control",
      cookies.length ? PERSONAL_CACHE_CONTROL : SHARED_CACHE_CONTROL,
      "X-Cache",
      state,
      ...(idSent ? [] : ["X-Request-Id", requestIdFor(req.headers["x-request-id"])]),
      ...cookies.flatMap((cookie) => ["Set-Cookie", cookie]),
      ...(secure ? ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] : []),
    ];
    if (conditional) {
      res.writeHead(304, ["ETag", wire.etag, "Vary", vary, ...perRequest]);
      res.end();
      return;
    }
    res.writeHead(page.status, [...wire.own, ...perRequest]);
    res.end(req.method === "HEAD" ? undefined : page.bodies[encoding]);
  }

  /** First-touch attribution: the landing address's campaign, remembered for the visit. */
  function visitorCookies(req: RawRequest): readonly string[] {
    if (!req.url?.includes("utm_")) return NO_COOKIES;
    const firstTouch = firstTouchCookie(req.headers.cookie, `http://page${req.url ?? "/"}`, config.secureCookies);
    return firstTouch ? [firstTouch] : [];
  }

  /**
   * The request a cached page is rendered from: its address without campaign parameters, the site's own host (a forged Host or
   * X-Forwarded-Host never reaches a stored page), the variant's currency and consent choice (without
   * the visitor's record id) as the only cookies, Sec-GPC as the key has it, and nothing else that could
   * vary the bytes beyond the key. The country itself is left out: the render learns only whether
   * consent is asked (`consentCountry`, read by the app in place of the visitor's country).
   */
  function renderVariantHeaders(req: RawRequest, locals: Record<string, unknown>, request: PageRequest) {
    // A campaign's parameters would end up in the shared bytes (the currency switch's return address).
    req.url = request.renderUrl;
    (req as RawRequest & { originalUrl?: string }).originalUrl = request.renderUrl;
    req.headers.host = canonicalHost;
    const consentCookie = sharedConsentCookie(request.consent, request.policyVersion);
    req.headers.cookie = `${CURRENCY_COOKIE}=${request.currency}${consentCookie ? `; ${consentCookie}` : ""}`;
    if (request.consent.gpc) req.headers["sec-gpc"] = "1";
    else delete req.headers["sec-gpc"];
    locals.consentCountry = { country: request.consent.asked ? ASKED_COUNTRY : NOT_ASKED_COUNTRY };
    for (const name of [
      "x-forwarded-host",
      "x-forwarded-proto",
      "forwarded",
      "referer",
      "accept-encoding",
      "if-none-match",
      "if-modified-since",
      ...(config.countryHeader ? [config.countryHeader] : []),
    ]) {
      delete req.headers[name];
    }
  }

  /** Renders a missing page once, however many visitors ask for it meanwhile, and stores it if it may be shared. */
  function renderOnce(request: PageRequest, version: number, res: ServerResponse, next: () => void) {
    const rendered: Promise<Render> = captureRender(res, next).then(async (identity) => {
      const page = await shareablePage(res, identity, version);
      store.syncVersion(await contentVersion.fresh());
      // Stored only when no edit happened while it rendered: it may have read some old content.
      if (page) store.set(request.key, page);
      return { page, identity };
    });
    rendering.set(request.key, rendered);
    const forget = () => {
      if (rendering.get(request.key) === rendered) rendering.delete(request.key);
    };
    rendered.then(forget, forget);
    return rendered;
  }

  /** A render that may not be shared (an error page, a private one): to this visitor only, as it came. */
  async function sendUnshared(req: RawRequest, res: ServerResponse, identity: Buffer) {
    const encoding = chooseEncoding(headerValue(req, "accept-encoding")) === "identity" ? "identity" : "gzip";
    const body = encoding === "gzip" ? await gzip(identity) : identity;
    res.setHeader("Vary", vary);
    if (!res.hasHeader("cache-control")) res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
    for (const cookie of visitorCookies(req)) res.appendHeader("Set-Cookie", cookie);
    if (encoding === "gzip") res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", body.length);
    res.end(body);
  }

  const classified = new WeakMap<IncomingMessage, PageRequest & { version: number }>();

  /** A classified request at a content and policy version: sent from memory, or left to `render`. */
  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    classification: Classification,
    query: PageQuery,
    version: number,
    policyVersion: number | null,
  ) {
    // Without the policy version the app renders the page for this visitor alone.
    if (policyVersion === null) return false;
    const request = requestFor(classification, query, policyVersion);
    const page = lookup(request, version);
    if (!page) {
      classified.set(req, { ...request, version });
      return false;
    }
    send(req, res, page, "HIT", false);
    return true;
  }

  return {
    /** Answers a request from memory; false when it is not a cached page (the app then handles it). */
    serve(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
      const classification = classify(req);
      const query = classification?.query;
      if (!query) return false;
      const version = contentVersion.fresh();
      if (typeof version === "number") {
        const policyVersion = consentPolicyVersion(version);
        // Both known at once (SQLite, a policy already read): answered without a closure or a promise.
        if (!(policyVersion instanceof Promise)) return answer(req, res, classification, query, version, policyVersion);
      }
      return afterwards(version, (known) =>
        afterwards(consentPolicyVersion(known), (policyVersion) =>
          answer(req, res, classification, query, known, policyVersion),
        ),
      );
    },

    /**
     * Express middleware, early in the chain: renders a missed page for the cache and sends it. Public
     * pages it does not cache still get the visitor's own cookies here, and no shared caching.
     */
    render: (async (req, res, next) => {
      const known = classified.get(req);
      let request: PageRequest | null = known ?? null;
      let version = known?.version ?? 0;
      const classification = known ? null : classify(req);
      const query = classification?.query;
      if (classification && query) {
        version = await contentVersion.fresh();
        const policyVersion = await consentPolicyVersion(version);
        if (policyVersion !== null) request = requestFor(classification, query, policyVersion);
      }
      if (!request) {
        if (isPublicPageRequest(req)) {
          for (const cookie of visitorCookies(req)) res.appendHeader("Set-Cookie", cookie);
          res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
        }
        return next();
      }
      const page = lookup(request, version);
      if (page) return send(req, res, page, "HIT");
      // A HEAD renders no body; the app answers it, and the next GET fills the cache.
      if (request.head) {
        for (const cookie of visitorCookies(req)) res.appendHeader("Set-Cookie", cookie);
        return next();
      }
      const waiting = rendering.get(request.key);
      if (waiting) {
        const shared = await waiting.then((render) => render.page).catch(() => null);
        // Only a render that began at this request's content version or later shows what it must.
        if (shared && shared.version >= version) return send(req, res, shared, "HIT");
      }
      const visitor = { ...req.headers };
      const visitorUrl = { url: req.url, originalUrl: (req as RawRequest & { originalUrl?: string }).originalUrl };
      const original = { write: res.write, end: res.end, writeHead: res.writeHead, flushHeaders: res.flushHeaders };
      renderVariantHeaders(req, res.locals, request);
      let render: Render;
      try {
        render = await renderOnce(request, version, res, next);
      } catch (error) {
        Object.assign(res, original);
        if (!res.destroyed) next(error);
        return;
      } finally {
        Object.assign(res, original);
        req.headers = visitor;
        Object.assign(req, visitorUrl);
      }
      if (render.page) return send(req, res, render.page, "MISS");
      await sendUnshared(req, res, render.identity);
    }) as RequestHandler,

    /** Counters and size, for metrics. */
    stats(): PageCacheStats {
      return store.stats();
    },

    /** How many sets of request inputs have a classification kept. */
    classifications(): number {
      return classifications.size;
    },
  };
}
