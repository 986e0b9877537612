import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { ConsentVariant } from "~/lib/consent";
import { type Tracking, trackingCspSources } from "~/server/site/tracking.server";

type Locals = { locals: { cspNonce: string; tracking?: Tracking | null; consent?: ConsentVariant | null } };

function trackingSources(res: unknown, directive: "script" | "connect") {
  const { tracking, consent } = (res as Locals).locals;
  return tracking && consent ? trackingCspSources(tracking, consent)[directive].join(" ") : "";
}

/** Per-request CSP nonce in res.locals.cspNonce, then helmet's headers with a CSP that uses it. */
export function securityHeaders({ development }: { development: boolean }): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        // Vite's dev client injects inline scripts and evaluates modules; the production build never does.
        "script-src": development
          ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
          : [
              "'self'",
              (_req, res) => `'nonce-${(res as unknown as Locals).locals.cspNonce}'`,
              // Public pages name the hosts of the analytics, pixel and custom head code the admin set.
              (_req, res) => trackingSources(res, "script"),
            ],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "media-src": ["'self'", "blob:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": development
          ? ["'self'", "ws:", "wss:"]
          : ["'self'", (_req, res) => trackingSources(res, "connect")],
        "frame-ancestors": ["'self'"],
        "form-action": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-site" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Sent below only when the request really came over https.
    strictTransportSecurity: false,
    xFrameOptions: { action: "sameorigin" },
  });
  const hsts: RequestHandler = (req, res, next) => {
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
  return [nonce, headers, hsts];
}
