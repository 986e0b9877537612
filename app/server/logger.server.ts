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
 * would outlive a GDPR erase in the logs; their query strings are left out. Public URLs stay whole:
 * their queries are campaign tags and the like, which the logs are there to show.
 */
export function loggedUrl(url: string) {
  const query = url.indexOf("?");
  if (query === -1) return url;
  const path = url.slice(0, query);
  // A request line that is not a path (refused anyway) is not worth the risk of a guess.
  if (!path.startsWith("/")) return `${path}?[redacted]`;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return `${path}?[redacted]`;
  }
  // Judged as the router will see it: `/./admin`, `/%2e/admin` and `/x/../admin` open staff screens too.
  return /^\/+admin(?:[/.]|$)/i.test(posix.normalize(decoded)) ? `${path}?[redacted]` : url;
}

const REQUEST_ID = /^[\w.-]{1,128}$/;

/** A request's id: the caller's X-Request-Id when it is sane (for tracing across proxies), else a new one. */
export function requestIdFor(incoming: string | string[] | undefined) {
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}
