import type { CachedPage } from "~/server/page-cache/page-store.server";
import { type Encoding, etagOf } from "./page-cache-request.server";

/** Browsers and CDNs may keep a copy but must ask (cheaply: ETag, 304) before using it, so edits show at once. */
export const SHARED_CACHE_CONTROL = "public, max-age=0, must-revalidate";
/** A response carrying one visitor's cookie is theirs alone. */
export const PERSONAL_CACHE_CONTROL = "private, no-cache";

type WireHeaders = { etag: string; own: string[]; sharedHit: string[] };

/**
 * A page's response headers per encoding, worked out once per page: as a shared hit (everything but
 * the request id, whose value fills the list's last slot just before it is written), and the page's
 * own headers for other answers. `vary`: the cache's Vary header.
 */
export function wireHeaders(vary: string) {
  const prepared = new WeakMap<CachedPage, Record<Encoding, WireHeaders>>();
  return (page: CachedPage, encoding: Encoding) => {
    let wire = prepared.get(page);
    if (!wire) {
      const common = [...page.headers.flat(), "Vary", vary];
      const of = (name: Encoding): WireHeaders => {
        const etag = etagOf(page, name);
        const own = [
          ...common,
          "ETag",
          etag,
          ...(name === "identity" ? [] : ["Content-Encoding", name]),
          "Content-Length",
          String(page.bodies[name].length),
        ];
        return {
          etag,
          own,
          sharedHit: [...own, "Cache-Control", SHARED_CACHE_CONTROL, "X-Cache", "HIT", "X-Request-Id", ""],
        };
      };
      wire = { br: of("br"), gzip: of("gzip"), identity: of("identity") };
      prepared.set(page, wire);
    }
    return wire[encoding];
  };
}
