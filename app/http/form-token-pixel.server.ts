import type { RequestHandler } from "express";
import { formTokenCookie } from "~/server/leads/spam.server";
import type { AppServices } from "~/server/services.server";

/** The smallest transparent GIF: a browser shows nothing and logs no broken image. */
const TRANSPARENT_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * GET /api/form-token: the image every public page loads, which starts the visitor's fill time for
 * the site's forms in a cookie (unless their cookie still holds a token that counts for this visitor). Never cached,
 * so each browser gets its own.
 */
export function createFormTokenPixel({
  formSecret,
  config,
}: Pick<AppServices, "formSecret" | "config">): RequestHandler {
  return (req, res) => {
    const visitor = { clientIp: req.ip, userAgent: req.headers["user-agent"] };
    const cookie = formTokenCookie(formSecret, req.headers.cookie, visitor, { secure: config.secureCookies });
    if (cookie) res.setHeader("Set-Cookie", cookie);
    res
      .set({
        "Cache-Control": "no-store",
        "Content-Type": "image/gif",
        "Content-Length": String(TRANSPARENT_GIF.length),
      })
      .end(TRANSPARENT_GIF);
  };
}
