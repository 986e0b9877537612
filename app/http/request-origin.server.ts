import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Fetch metadata values a browser sends for a request started by a page of another origin. */
const FOREIGN_FETCH_SITES = new Set(["cross-site", "same-site"]);

export const FOREIGN_ORIGIN_REFUSED = "This request came from another site or address and was refused.";

/**
 * Whether an unsafe request may reach the app: its Origin must be one of ours. Browsers always send
 * Origin on a cross-origin POST, PUT, PATCH or DELETE; where it is missing, the Fetch metadata header
 * tells a page on another port or a sibling subdomain (same-site, which SameSite=Lax cookies do not
 * stop) from the site itself. A request with neither comes from a program, not a browser tricked
 * into sending a staff member's cookies, and passes. A page sent with `Referrer-Policy: no-referrer`
 * (the booking pages) makes its own forms send `Origin: null`; the browser's `Sec-Fetch-Site:
 * same-origin`, which no page can forge, then says where it came from.
 */
export function isForeignRequest(
  method: string,
  headers: { origin?: string | undefined; "sec-fetch-site"?: string | undefined },
  trustedOrigins: readonly string[],
) {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = headers.origin;
  const site = headers["sec-fetch-site"]?.trim().toLowerCase();
  if (origin !== undefined && !isOwnOpaqueOrigin(origin, site)) {
    return !trustedOrigins.includes(origin.trim().toLowerCase());
  }
  return site !== undefined && FOREIGN_FETCH_SITES.has(site);
}

/** `Origin: null` from a page of this site that sends no referrer (see isForeignRequest). */
function isOwnOpaqueOrigin(origin: string, site: string | undefined) {
  return origin.trim() === "null" && site === "same-origin";
}

/**
 * Refuses every unsafe request from another origin before any route sees it, whether the route has a
 * page (React Router checks those too) or not (uploads, exports, sign-out, the currency switch, the
 * beacon, better-auth). Mounted after the endpoints that are open to other sites by design.
 */
export function refuseForeignRequests(trustedOrigins: readonly string[]): RequestHandler {
  const trusted = trustedOrigins.map((origin) => origin.toLowerCase());
  return (req, res, next) => {
    const origin = req.headers.origin;
    const site = req.headers["sec-fetch-site"];
    if (
      !isForeignRequest(req.method, { origin, "sec-fetch-site": typeof site === "string" ? site : undefined }, trusted)
    ) {
      // Passed on without its opaque Origin, which React Router's own check would take for another site.
      if (typeof origin === "string" && origin.trim() === "null") delete req.headers.origin;
      return next();
    }
    req.log?.warn({ origin: origin ?? null, secFetchSite: site ?? null }, "refused a request from another origin");
    res
      .status(403)
      .set({ Connection: "close", "Cache-Control": "no-store", Vary: "Origin" })
      .type("text/plain")
      .send(FOREIGN_ORIGIN_REFUSED);
  };
}
