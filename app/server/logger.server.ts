import { posix } from "node:path";
import pino from "pino";

export function createLogger(level: string) {
  return pino({
    level,
    base: { service: "agency-site" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      remove: true,
    },
  });
}

/**
 * A request's URL as the access log keeps it. Staff screens carry personal data in their query
 * strings (a lead search by name or address, the GDPR export's address, client filters), which
 * would outlive a GDPR erase in the logs; their query strings are left out, as are booking pages'
 * (a visitor's signed link) and the whole of a calendar feed's address. Other public URLs stay whole:
 * their queries are campaign tags and the like, which the logs are there to show.
 */
export function loggedUrl(url: string) {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  let decoded: string | null;
  try {
    // Judged as the router will see it: `/./admin`, `/%2e/admin` and `/x/../admin` open staff screens too.
    decoded = path.startsWith("/") ? posix.normalize(decodeURIComponent(path)) : null;
  } catch {
    decoded = null;
  }
  // A staff member's feed address is its secret, whole.
  if (decoded === null ? /calendar/i.test(path) : /^\/+calendar\//i.test(decoded)) return "/calendar/[redacted]";
  if (query === -1) return url;
  // A request line that is not a path (refused anyway) is not worth the risk of a guess.
  if (decoded === null) return `${path}?[redacted]`;
  // Booking pages carry the visitor's signed link in the query.
  return /^\/+(?:admin|book)(?:[/.]|$)/i.test(decoded) ? `${path}?[redacted]` : url;
}

const REQUEST_ID = /^[\w.-]{1,128}$/;

/** A request's id: the caller's X-Request-Id when it is sane (for tracing across proxies), else a new one. */
export function requestIdFor(incoming: string | string[] | undefined) {
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}
