import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { routedPath } from "~/lib/roles";

/** Visitor forms and sign-in: the longest (the contact form, 5,000 characters of message) encodes well under this. */
const PUBLIC_MAX_BYTES = 256 * 1024;
/** Staff forms: a page or post of 100,000 characters, URL-encoded, fits. */
const ADMIN_MAX_BYTES = 2 * 1024 * 1024;
/** The analytics beacon takes events of at most 4 KB. */
const BEACON_MAX_BYTES = 16 * 1024;

/** The most of a refused body the server reads and throws away so that its sender hears the refusal. */
const DRAIN_MAX_BYTES = 8 * 1024 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
/** Admin paths anyone may post to (outside the staff guard): they get the public cap. */
const OPEN_ADMIN_PATHS = new Set(["/admin/login", "/admin/setup", "/admin/logout", "/admin/unauthorized"]);

/**
 * The path as React Router will see it: it builds its URL from the raw request line, which removes
 * `..` segments (also encoded ones) that Express's `req.path` keeps. Every check on a path uses this,
 * or `/admin/%2e%2e/lead` would be judged as an admin path and served as /lead.
 */
function routedRequestPath(req: Request) {
  let pathname: string;
  try {
    pathname = new URL(req.originalUrl || req.url, "http://host").pathname;
  } catch {
    return null;
  }
  return routedPath(pathname);
}

/** Works out each request's routed path once, for the rules below it (routedPathOf reads it). */
export function recordRoutedPath(): RequestHandler {
  return (req, res, next) => {
    res.locals.routedPath = routedRequestPath(req);
    next();
  };
}

export function routedPathOf(res: Response): string | null {
  return res.locals.routedPath ?? null;
}

/** Admin screens, and any path that does not decode (judged the strict way). */
export function isAdminRoutedPath(path: string | null) {
  return path === null || path === "/admin" || path.startsWith("/admin/");
}

/**
 * Rules for request bodies, before a byte of them is read: a size cap by the kind of route (admin
 * uploads stream under their own caps; the public form endpoint, mounted before this, counts its
 * own), and form data only for the routes whose actions read form data; JSON goes to the beacon and
 * to sign-in's API. Needs recordRoutedPath before it.
 */
export function requestBodyRules(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const path = routedPathOf(res);
    if (path === "/admin/uploads") return next();
    const staff = isAdminRoutedPath(path) && !OPEN_ADMIN_PATHS.has(path ?? "");
    const max = path === "/api/events" ? BEACON_MAX_BYTES : staff ? ADMIN_MAX_BYTES : PUBLIC_MAX_BYTES;
    const length = req.headers["content-length"];
    if (length === undefined && req.headers["transfer-encoding"] !== undefined) {
      return refuse(res, 411, "Send the body with a Content-Length.");
    }
    if (Number(length ?? 0) > max) {
      return refuse(res, 413, `The request is too large (at most ${Math.round(max / 1024)} KB).`);
    }
    // A request without a body (signing out, say) has nothing to be of the wrong type.
    const hasBody = Number(length ?? 0) > 0;
    const takesJson = path === "/api/events" || path?.startsWith("/api/auth/");
    const type = (req.headers["content-type"] ?? "").toLowerCase();
    if (hasBody && !takesJson && !FORM_TYPES.some((form) => type.startsWith(form))) {
      return refuse(res, 415, "Send the form's fields as URL-encoded or multipart form data.");
    }
    next();
  };
}

function refuse(res: Response, status: number, message: string) {
  answerAfterDraining(res.req, (closeAfter) => {
    res
      .status(status)
      .set({ "Cache-Control": "no-store", ...(closeAfter ? { Connection: "close" } : {}) })
      .type("text/plain")
      .send(message);
  });
}

/**
 * Answers a refused request once the rest of its body has been read and thrown away. A client still
 * sending when the server closes the connection gets a reset instead of the answer (fetch reports
 * EPIPE, a form post shows a network error), so a body of modest size is drained first and the
 * connection kept. A larger one is answered at once and the connection closed, as nginx does after
 * its lingering time: reading it all would cost more than the refusal is worth.
 */
export function answerAfterDraining(req: IncomingMessage, answer: (closeAfter: boolean) => void) {
  if (req.complete) return answer(false);
  if (Number(req.headers["content-length"] ?? 0) > DRAIN_MAX_BYTES) return answer(true);
  let drained = 0;
  let answered = false;
  const finish = (closeAfter: boolean) => {
    if (answered) return;
    answered = true;
    req.off("data", onData);
    answer(closeAfter);
  };
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_MAX_BYTES) finish(true);
  };
  req.on("data", onData);
  req.once("end", () => finish(false));
  req.once("error", () => finish(true));
  req.resume();
}
