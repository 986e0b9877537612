import type { Request, RequestHandler, Response } from "express";
import { routedPath } from "~/lib/roles";

/** Visitor forms and sign-in: the longest (the contact form, 5,000 characters of message) encodes well under this. */
const PUBLIC_MAX_BYTES = 256 * 1024;
/** Staff forms: a page or post of 100,000 characters, URL-encoded, fits. */
const ADMIN_MAX_BYTES = 2 * 1024 * 1024;
/** The analytics beacon takes events of at most 4 KB. */
const BEACON_MAX_BYTES = 16 * 1024;

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
  // Closing the connection spares reading a body nobody will use.
  res.status(status).set({ Connection: "close", "Cache-Control": "no-store" }).type("text/plain").send(message);
}
