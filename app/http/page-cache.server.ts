import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { RequestHandler } from "express";
import fresh from "fresh";
import type { Logger } from "pino";
import proxyaddr from "proxy-addr";
import type { Currency } from "~/lib/currency";
import { routedPath } from "~/lib/roles";
import type { Config } from "~/server/config.server";
import {
  ASKED_COUNTRY,
  type ConsentInputs,
  consentInputsOf,
  NOT_ASKED_COUNTRY,
  sharedConsentCookie,
} from "~/server/consent/consent.server";
import { CURRENCY_COOKIE, countryOfVisitor, currencyOf } from "~/server/currency/currency.server";
import { firstTouchCookie } from "~/server/leads/attribution.server";
import { requestIdFor } from "~/server/logger.server";
import type { ContentVersion } from "~/server/page-cache/content-version.server";
import { type CachedPage, createPageStore, type PageCacheStats } from "~/server/page-cache/page-store.server";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Campaign and click ids: attribution reads them from the address, the page never does. */
const MARKETING_PARAMETER =
  /^(utm_[a-z_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|_hsenc|_hsmi|ref)$/i;
/** Cookies that make a page someone's own: a staff session (previews, admin bar), a one-time notice, an enquiry's booking link. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-)?(?:better-auth\.[^=]*|toast|booking_lead)=/;
const CACHED_TYPES = /^(text\/html|text\/x-script)\b/;
/** Headers of the render that are per request, per encoding, or set again for each visitor. */
const UNSTORED_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
  "cache-control",
  "x-request-id",
  "strict-transport-security",
  "x-cache",
]);

/** Browsers and CDNs may keep a copy but must ask (cheaply: ETag, 304) before using it, so edits show at once. */
const SHARED_CACHE_CONTROL = "public, max-age=0, must-revalidate";
/** A response carrying one visitor's cookie is theirs alone. */
const PERSONAL_CACHE_CONTROL = "private, no-cache";

const PATH_MEMO_SIZE = 1024;
const ENCODING_MEMO_SIZE = 256;

/**
 * Answers worked out once per input. Bounded: when full it starts again, so inputs made up by the
 * thousand cost their own work and no memory.
 */
class Memo<T> {
  readonly #values = new Map<string, T>();
  constructor(readonly size: number) {}
  get(input: string, work: () => T): T {
    let value = this.#values.get(input);
    if (value === undefined) {
      value = work();
      if (this.#values.size >= this.size) this.#values.clear();
      this.#values.set(input, value);
    }
    return value;
  }
}

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
 * The cache key: everything a public page may vary on, and nothing else. A page is rendered for
 * exactly these values (see renderVariantHeaders), so two visitors with the same key get the same
 * bytes. Consent decides the banner, the tags and the CSP, so everything it is worked out from is
 * here: the stored choice (under the current policy version; the content version, part of every
 * stored page, moves with the policy), Global Privacy Control, and whether the visitor's country is asked.
 */
export function pageVariantKey({
  path,
  routes,
  currency,
  consent,
}: {
  path: string;
  routes: string | null;
  currency: Currency;
  consent: ConsentInputs;
}) {
  return `${path}\n${routes ?? ""}\n${currency}\n${consent.choice ?? ""}\n${consent.gpc ? 1 : 0}${consent.asked ? 1 : 0}`;
}

export type PageCache = ReturnType<typeof createPageCache>;

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

  function classify(req: RawRequest): PageQuery | null {
    if (!enabled || (req.method !== "GET" && req.method !== "HEAD")) return null;
    const cookieHeader = req.headers.cookie;
    if (cookieHeader && PERSONAL_COOKIE.test(cookieHeader)) return null;
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
    const header = (name: string) => headerValue(req, name);
    let country: { value: string | undefined } | undefined;
    const countryOnce = () => {
      country ??= { value: countryOfVisitor(header, config, () => req.ip ?? proxyaddr(req, trustProxy)) };
      return country.value;
    };
    return {
      path: pathname,
      routes,
      renderUrl: routes === null ? pathname : `${pathname}?${new URLSearchParams({ _routes: routes })}`,
      currency: currencyOf(header, countryOnce),
      consentAt: (policyVersion) => consentInputsOf(header, countryOnce, policyVersion),
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

  /**
   * A page's response headers per encoding, worked out once per page: as a shared hit (everything but
   * the request id, which comes last), and the page's own headers for other answers.
   */
  const wireHeaders = new WeakMap<CachedPage, Record<Encoding, { own: string[]; sharedHit: string[] }>>();
  function headersOf(page: CachedPage, encoding: Encoding) {
    let wire = wireHeaders.get(page);
    if (!wire) {
      const common = [...page.headers.flat(), "Vary", vary];
      const of = (name: Encoding) => {
        const own = [
          ...common,
          "ETag",
          etagOf(page, name),
          ...(name === "identity" ? [] : ["Content-Encoding", name]),
          "Content-Length",
          String(page.bodies[name].length),
        ];
        return { own, sharedHit: [...own, "Cache-Control", SHARED_CACHE_CONTROL, "X-Cache", "HIT"] };
      };
      wire = { br: of("br"), gzip: of("gzip"), identity: of("identity") };
      wireHeaders.set(page, wire);
    }
    return wire[encoding];
  }

  function send(req: RawRequest, res: ServerResponse, page: CachedPage, state: "HIT" | "MISS") {
    const encoding = chooseEncoding(headerValue(req, "accept-encoding"));
    const etag = etagOf(page, encoding);
    const conditional = req.headers["if-none-match"] !== undefined && fresh(req.headers, { etag });
    const cookies = visitorCookies(req);
    const secure = isSecure(req, trustProxy);
    const requestId = res.hasHeader("x-request-id") ? null : requestIdFor(req.headers["x-request-id"]);
    // The common hit (a full answer, nothing of the visitor's own): the prepared list and an id.
    if (state === "HIT" && !conditional && cookies.length === 0 && !secure) {
      const headers = headersOf(page, encoding).sharedHit;
      res.writeHead(page.status, requestId === null ? headers : [...headers, "X-Request-Id", requestId]);
      res.end(req.method === "HEAD" ? undefined : page.bodies[encoding]);
      return;
    }
    const perRequest = [
      "Cache-Control",
      cookies.length ? PERSONAL_CACHE_CONTROL : SHARED_CACHE_CONTROL,
      "X-Cache",
      state,
      ...(requestId === null ? [] : ["X-Request-Id", requestId]),
      ...cookies.flatMap((cookie) => ["Set-Cookie", cookie]),
      ...(secure ? ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] : []),
    ];
    if (conditional) {
      res.writeHead(304, ["ETag", etag, "Vary", vary, ...perRequest]);
      res.end();
      return;
    }
    res.writeHead(page.status, [...headersOf(page, encoding).own, ...perRequest]);
    res.end(req.method === "HEAD" ? undefined : page.bodies[encoding]);
  }

  /** First-touch attribution: the landing address's campaign, remembered for the visit. */
  function visitorCookies(req: RawRequest) {
    if (!req.url?.includes("utm_")) return [];
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

  /** Runs the rest of the app for this request, keeping what it sends instead of sending it. */
  function capture(res: ServerResponse, next: () => void) {
    return new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const toBuffer = (chunk: unknown, encoding?: unknown) =>
        Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding);
      const later = (...args: unknown[]) => {
        const callback = args.find((each) => typeof each === "function") as (() => void) | undefined;
        if (callback) queueMicrotask(callback);
      };
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, rest[0]));
        later(...rest);
        return true;
      }) as typeof res.write;
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks.push(toBuffer(chunk, rest[0]));
        resolve(Buffer.concat(chunks));
        later(chunk, ...rest);
        return res;
      }) as typeof res.end;
      res.writeHead = ((status: number) => {
        res.statusCode = status;
        return res;
      }) as typeof res.writeHead;
      res.flushHeaders = () => {};
      // The visitor went away and the render was given up: nothing to keep.
      res.once("close", () => reject(new Error("the page render was abandoned")));
      next();
    });
  }

  /** The captured render as a page to share, or null when it is an error, sets a cookie or says it is private. */
  async function shareable(res: ServerResponse, identity: Buffer, version: number): Promise<CachedPage | null> {
    const shared =
      res.statusCode === 200 &&
      res.getHeader("set-cookie") === undefined &&
      CACHED_TYPES.test(String(res.getHeader("content-type") ?? "")) &&
      !/private|no-store/i.test(String(res.getHeader("cache-control") ?? ""));
    if (!shared) return null;
    const headers: [string, string][] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || UNSTORED_HEADERS.has(name)) continue;
      headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
    }
    // Every edit empties the cache and some visitor waits for each page's compression: quick settings
    // (brotli 5 is a tenth of quality 11's time for about a seventh more bytes, still well under gzip).
    const [gzipped, brotlied] = await Promise.all([
      gzip(identity, { level: 6 }),
      brotli(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
    ]);
    return {
      status: res.statusCode,
      headers,
      bodies: { identity, gzip: gzipped, br: brotlied },
      etag: createHash("sha256").update(identity).digest("base64url").slice(0, 27),
      storedAt: Date.now(),
      version,
      // The strings and arrays around the bodies, roughly.
      bytes: identity.length + gzipped.length + brotlied.length + 2048,
    };
  }

  /** Renders a missing page once, however many visitors ask for it meanwhile, and stores it if it may be shared. */
  function renderOnce(request: PageRequest, version: number, res: ServerResponse, next: () => void) {
    const rendered: Promise<Render> = capture(res, next).then(async (identity) => {
      const page = await shareable(res, identity, version);
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

  return {
    /** Answers a request from memory; false when it is not a cached page (the app then handles it). */
    serve(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
      const query = classify(req);
      if (!query) return false;
      const answer = (version: number, policyVersion: number | null) => {
        // Without the policy version the app renders the page for this visitor alone.
        if (policyVersion === null) return false;
        const request = requestAt(query, policyVersion);
        const page = lookup(request, version);
        if (!page) {
          classified.set(req, { ...request, version });
          return false;
        }
        send(req, res, page, "HIT");
        return true;
      };
      return afterwards(contentVersion.fresh(), (version) =>
        afterwards(consentPolicyVersion(version), (policyVersion) => answer(version, policyVersion)),
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
      const query = known ? null : classify(req);
      if (query) {
        version = await contentVersion.fresh();
        const policyVersion = await consentPolicyVersion(version);
        if (policyVersion !== null) request = requestAt(query, policyVersion);
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
  };
}

/** A GET of a public page address (with any query), which is where per-visitor cookies are set. */
function isPublicPageRequest(req: IncomingMessage) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  try {
    return isPublicPagePath(new URL(req.url ?? "/", "http://page").pathname);
  } catch {
    return false;
  }
}

/** Public pages only: never the admin, the APIs, built assets, uploads or files with an extension. */
function isPublicPagePath(pathname: string) {
  const routed = routedPath(pathname);
  if (routed === null) return false;
  if (/^\/(admin|api|assets|uploads)(\/|$)/.test(routed)) return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !last.includes(".") || /^[^.]*\.data$/.test(last);
}

/** `next` on a value that is there at once or later, staying synchronous when it is there at once. */
function afterwards<T, R>(value: T | Promise<T>, next: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

function headerValue(req: IncomingMessage, name: string) {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

type Encoding = "br" | "gzip" | "identity";

function etagOf(page: CachedPage, encoding: Encoding) {
  return `"${page.etag}${encoding === "identity" ? "" : `-${encoding}`}"`;
}

/** Accept-Encoding headers seen: browsers send a handful of spellings, so each is parsed once. */
const encodings = new Memo<Encoding>(ENCODING_MEMO_SIZE);

/** Brotli, else gzip, else the plain bytes, as the visitor's Accept-Encoding allows (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  return encodings.get(acceptEncoding, () => parseEncoding(acceptEncoding));
}

function parseEncoding(acceptEncoding: string): Encoding {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return "identity";
}

/** Express's req.secure, for requests answered before Express: TLS here, or https said by a trusted proxy. */
function isSecure(req: IncomingMessage, trust: (address: string, hop: number) => boolean) {
  if ((req.socket as TLSSocket).encrypted) return true;
  const address = req.socket.remoteAddress ?? "";
  if (!trust(address, 0)) return false;
  return headerValue(req, "x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}
