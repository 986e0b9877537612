import type { ServerResponse } from "node:http";

/**
 * Every own property the app's middleware may add to a response, in one fixed order: compression and
 * on-headers wrap write, end, on and writeHead and add flush, on-finished adds __onFinished, the page
 * cache's render wraps four methods, writeHead sets the status. The order decides the hidden class.
 */
const LATER_OWN_PROPERTIES = [
  "write",
  "end",
  "writeHead",
  "flushHeaders",
  "flush",
  "on",
  "__onFinished",
  "statusCode",
  "statusMessage",
] as const;

/**
 * Gives a response that goes through the app each of those properties at once, with the value it has
 * now (the prototype's method, the status, or nothing). The middleware's later writes then change
 * values, not the response's hidden class: responses that took different paths end as one class
 * instead of one per path and order. Node's response code (writeHead, end, the header block) sees them
 * all, cached pages included, and past four classes V8 gives up on fast property access there for good.
 */
export function settleResponseShape(res: ServerResponse) {
  const properties = res as unknown as Record<string, unknown>;
  for (const name of LATER_OWN_PROPERTIES) {
    const value = properties[name];
    properties[name] = value;
  }
}
