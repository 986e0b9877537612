import type { ErrorRequestHandler, RequestHandler } from "express";
import { isDatabaseUnavailable } from "~/server/db/database.server";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "~/server/leads/capture.server";

/**
 * Only origin-form request lines (`GET /path HTTP/1.1`) reach the app. The absolute form is meant for
 * proxies and the asterisk form for server-wide OPTIONS; neither names a page of this site, and the
 * routing below would otherwise trip over them and answer 500.
 */
export function refuseMalformedRequestLine(): RequestHandler {
  return (req, res, next) => {
    if (req.url.startsWith("/")) return next();
    res
      .status(400)
      .set({ Connection: "close", "Cache-Control": "no-store" })
      .type("text/plain")
      .send("Bad request line.");
  };
}

/** The methods some part of the site answers; forms post, `/api/forms` takes CORS preflights. */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Any other method (TRACE, PROPFIND, a scanner's invention) is answered 405 here, logged as the
 * client's mistake it is: the Fetch API behind the routes refuses to build a request for some of them
 * (TRACE, CONNECT) and would turn them into 500s.
 */
export function refuseUnservedMethods(): RequestHandler {
  return (req, res, next) => {
    if (SERVED_METHODS.has(req.method)) return next();
    res
      .status(405)
      .set({ Allow: "GET, HEAD, POST", "Cache-Control": "no-store" })
      .type("text/plain")
      .send("Method not allowed.");
  };
}

/** The 4xx status an error carries (Express sets one on a path it cannot decode, for example), or null. */
export function clientErrorStatus(error: unknown) {
  if (typeof error !== "object" || error === null) return null;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const code = typeof status === "number" ? status : statusCode;
  return typeof code === "number" && code >= 400 && code < 500 ? code : null;
}

/**
 * Last resort. A client's mistake (a path that does not decode, a body that does not parse) answers
 * its 4xx and is logged as a warning without a stack; anything else is ours: logged as an error and
 * answered 500 without details. Never a stack trace to the client.
 */
export function lastResortErrorHandler(): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = clientErrorStatus(error);
    if (status !== null)
      req.log.warn(
        { status, reason: error instanceof Error ? error.message : String(error) },
        "refused a malformed request",
      );
    else req.log.error({ err: error }, "unhandled error");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (status !== null) {
      res.status(status).set("Cache-Control", "no-store").type("text/plain").send("Bad request.");
      return;
    }
    // The database is restarting or out of reach: asking again in a moment may well work.
    if (isDatabaseUnavailable(error)) {
      res
        .status(503)
        .set("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .type("text/plain")
        .send("The site cannot reach its database for a moment. Please try again in a few seconds.");
      return;
    }
    res.status(500).type("text/plain").send("Something went wrong on our side. Please try again.");
  };
}
