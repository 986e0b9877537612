import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyaddr from "proxy-addr";
import type { Currency } from "~/lib/currency";
import { routedPath } from "~/lib/roles";
import type { ConsentInputs } from "~/server/consent/consent.server";
import type { CachedPage } from "~/server/page-cache/page-store.server";

const ENCODING_MEMO_SIZE = 256;

/**
 * Answers worked out once per input. Bounded: when full it starts again, so inputs made up by the
 * thousand cost their own work and no memory.
 */
export class Memo<T> {
  readonly #values = new Map<string, T>();
  constructor(readonly capacity: number) {}
  get size() {
    return this.#values.size;
  }
  get(input: string, work: () => T): T {
    let value = this.#values.get(input);
    if (value === undefined) {
      value = work();
      if (this.#values.size >= this.capacity) this.#values.clear();
      this.#values.set(input, value);
    }
    return value;
  }
}

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

/** A GET of a public page address (with any query), which is where per-visitor cookies are set. */
export function isPublicPageRequest(req: IncomingMessage) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  try {
    return isPublicPagePath(new URL(req.url ?? "/", "http://page").pathname);
  } catch {
    return false;
  }
}

/** Public pages only: never the admin, the APIs, built assets, uploads or files with an extension. */
export function isPublicPagePath(pathname: string) {
  const routed = routedPath(pathname);
  if (routed === null) return false;
  if (/^\/(admin|api|assets|uploads)(\/|$)/.test(routed)) return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !last.includes(".") || /^[^.]*\.data$/.test(last);
}

/** `next` on a value that is there at once or later, staying synchronous when it is there at once. */
export function afterwards<T, R>(value: T | Promise<T>, next: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

export function headerValue(req: IncomingMessage, name: string) {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

export type Encoding = "br" | "gzip" | "identity";

export function etagOf(page: CachedPage, encoding: Encoding) {
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
export function isSecure(req: IncomingMessage, trust: (address: string, hop: number) => boolean) {
  if ((req.socket as TLSSocket).encrypted) return true;
  const address = req.socket.remoteAddress ?? "";
  if (!trust(address, 0)) return false;
  return headerValue(req, "x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

/** Express's req.ip before Express: without X-Forwarded-For (most requests) it is the peer's address. */
export function clientAddress(
  req: IncomingMessage & { ip?: string },
  trustProxy: (address: string, hop: number) => boolean,
) {
  if (req.ip !== undefined) return req.ip;
  return req.headers["x-forwarded-for"] === undefined ? req.socket.remoteAddress : proxyaddr(req, trustProxy);
}
