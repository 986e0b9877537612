import type { RequestHandler } from "express";
import { routedPath } from "~/lib/roles";

/** Visitor forms: the longest (the contact form, 5,000 characters of message) encodes well under this. */
const FORM_MAX_BYTES = 256 * 1024;
/** The analytics beacon takes events of at most 4 KB. */
const BEACON_MAX_BYTES = 16 * 1024;

/**
 * Bounds the bodies that anonymous visitors can send to routes that read them whole (visitor forms,
 * the estimator, the beacon, sign-in), before a byte of them is read. Admin routes are left to their
 * guard and to the uploads endpoint's own streaming limits; the public form endpoint counts its own.
 */
export function publicBodyLimit(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const path = routedPath(req.path);
    if (path !== null && (path === "/admin" || path.startsWith("/admin/") || path.startsWith("/api/forms/"))) {
      return next();
    }
    const max = path === "/api/events" ? BEACON_MAX_BYTES : FORM_MAX_BYTES;
    const length = req.headers["content-length"];
    if (length === undefined && req.headers["transfer-encoding"] !== undefined) {
      refuse(res, 411, "Send the body with a Content-Length.");
      return;
    }
    if (Number(length ?? 0) > max) {
      refuse(res, 413, `The request is too large (at most ${Math.round(max / 1024)} KB).`);
      return;
    }
    next();
  };
}

function refuse(res: Parameters<RequestHandler>[1], status: number, message: string) {
  // Closing the connection spares reading a body nobody will use.
  res.status(status).set({ Connection: "close", "Cache-Control": "no-store" }).type("text/plain").send(message);
}
