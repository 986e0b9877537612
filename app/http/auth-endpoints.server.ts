import type { RequestHandler } from "express";

/**
 * The better-auth endpoints a browser may call directly: signing in (password, then the second
 * factor), signing out and reading the session. Everything else better-auth offers (changing a
 * password, turning two-factor on or off, updating the user, listing or revoking sessions, …) is
 * reached only through the app's own actions, which check the role table and write the audit log;
 * from outside those answer 404 as if they did not exist.
 */
export const EXPOSED_AUTH_PATHS = new Set([
  "/api/auth/sign-in/email",
  "/api/auth/two-factor/verify-totp",
  "/api/auth/two-factor/verify-backup-code",
  "/api/auth/sign-out",
  "/api/auth/get-session",
]);

export function exposedAuthEndpoints(): RequestHandler {
  return (req, res, next) => {
    const raw = req.originalUrl.split("?")[0] ?? "";
    // better-auth routes by the URL as the WHATWG parser sees it (dot segments resolved, also
    // encoded ones), so the path checked must be that one, and spelled exactly so.
    let parsed: string | null;
    try {
      parsed = new URL(req.originalUrl, "http://host").pathname;
    } catch {
      parsed = null;
    }
    if (parsed === raw && EXPOSED_AUTH_PATHS.has(raw)) return next();
    res.status(404).set("Cache-Control", "no-store").json({ message: "Not found", code: "NOT_FOUND" });
  };
}
