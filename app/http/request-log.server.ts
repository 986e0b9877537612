import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Level, Logger } from "pino";
import { loggedUrl, requestIdFor } from "~/server/logger.server";

declare module "node:http" {
  interface IncomingMessage {
    /** The request's id, also sent back as X-Request-Id. */
    id: string;
    /** A logger whose lines carry the request's id, method and URL. */
    log: Logger;
  }
}

/** The level of a finished request's line: server errors, refusals, everything else. */
function levelOf(res: ServerResponse, error: Error | undefined): Level {
  if (error || res.statusCode >= 500) return "error";
  if (res.statusCode >= 400) return "warn";
  return "info";
}

/** Where a request keeps the function that makes its logger on first use. */
const REQUEST_LOGGER = Symbol("request logger");
type LoggedRequest = IncomingMessage & { [REQUEST_LOGGER]?: () => Logger };

/** The request prototypes whose `log` reads the request's own logger. */
const prototypesWithLog = new WeakSet<object>();

/**
 * `log` as one accessor on the prototype the app gives its requests, reading the request's own lazy
 * logger. An accessor defined on each request (with that request's closure) gave every request a
 * hidden class of its own: Node's request code that sees them went megamorphic for good, cached
 * pages included, and each request left a class behind for the collector.
 */
function defineLogOn(prototype: object) {
  if (prototypesWithLog.has(prototype)) return;
  prototypesWithLog.add(prototype);
  Object.defineProperty(prototype, "log", {
    configurable: true,
    get(this: LoggedRequest) {
      return this[REQUEST_LOGGER]?.();
    },
    set(this: LoggedRequest, value: Logger) {
      this[REQUEST_LOGGER] = () => value;
    },
  });
}

/**
 * The access log and each request's logger (`req.log`), with the lines pino-http wrote: one per
 * request when it ends (`req` with id, method and the logged URL, `res` with the status,
 * `responseTime`), "request errored" with `err` for a server error. The request's child logger is
 * made on first use only: making it (its bindings serialised) for every request cost lead capture
 * more than any of its lines, which at a quiet log level are dropped before they are written.
 * Built assets are not logged.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = requestIdFor(req.headers["x-request-id"]);
    req.id = id;
    res.setHeader("X-Request-Id", id);
    // As it came: a router mounted on a path strips its prefix from req.url for its own handlers.
    const url = req.url;
    let child: Logger | undefined;
    const requestLogger = () => {
      child ??= logger.child({ req: { id, method: req.method, url: loggedUrl(url) } });
      return child;
    };
    defineLogOn(Object.getPrototypeOf(req));
    (req as LoggedRequest)[REQUEST_LOGGER] = requestLogger;
    if (!url.startsWith("/assets/")) logWhenDone(req, res, logger, requestLogger);
    next();
  };
}

function logWhenDone(req: IncomingMessage, res: ServerResponse, logger: Logger, requestLogger: () => Logger) {
  const started = Date.now();
  const done = (error?: Error) => {
    res.off("close", done);
    res.off("finish", done);
    res.off("error", done);
    const level = levelOf(res, error);
    // Asked of the app's logger, so that a dropped line never makes the request's.
    if (!logger.isLevelEnabled(level)) return;
    const responseTime = Date.now() - started;
    const fields = { res: { statusCode: res.statusCode }, responseTime };
    if (error || res.statusCode >= 500) {
      const err = error ?? new Error(`failed with status code ${res.statusCode}`);
      requestLogger()[level]({ ...fields, err }, "request errored");
      return;
    }
    const message = !req.readableAborted && res.writableEnded ? "request completed" : "request aborted";
    requestLogger()[level](fields, message);
  };
  res.on("close", done);
  res.on("finish", done);
  res.on("error", done);
}
