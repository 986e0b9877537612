import { randomFillSync } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { ConsentVariant } from "~/lib/consent";
import { type Tracking, trackingCspSources } from "~/server/site/tracking.server";

type Locals = { locals: { cspNonce: string; tracking?: Tracking | null; consent?: ConsentVariant | null } };

function trackingSources(res: unknown, directive: "script" | "connect") {
  const { tracking, consent } = (res as Locals).locals;
  return tracking && consent ? trackingCspSources(tracking, consent)[directive].join(" ") : "";
}

/** Random bytes for many nonces at a time: a system call per page cost more than the nonce's use. */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

function newNonce() {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  nonceOffset += NONCE_BYTES;
  return noncePool.toString("base64", nonceOffset - NONCE_BYTES, nonceOffset);
}

function helmetFor(development: boolean) {
  return helmet({
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
}

const HSTS = "max-age=31536000; includeSubDomains";

/** Per-request CSP nonce in res.locals.cspNonce, then helmet's headers with a CSP that uses it. */
export function securityHeaders({ development }: { development: boolean }): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = newNonce();
    next();
  };
  const hsts: RequestHandler = (req, res, next) => {
    if (req.secure) res.setHeader("Strict-Transport-Security", HSTS);
    next();
  };
  return [nonce, helmetFor(development), hsts];
}

const NONCE_MARK = "NONCE";

/**
 * The headers securityHeaders gives an answer without a body or tracking (a redirect after a form
 * post), as one list worked out once: helmet runs once here, not per answer. `secure`: the request
 * came over https (req.secure), which adds HSTS.
 */
export function bodilessSecurityHeaders({ development }: { development: boolean }) {
  const listed: string[] = [];
  const recorder = {
    locals: { cspNonce: NONCE_MARK, tracking: null, consent: null },
    setHeader(name: string, value: unknown) {
      listed.push(name, String(value));
    },
    removeHeader() {},
  };
  helmetFor(development)({} as never, recorder as never, () => {});
  const csp = listed.findIndex((entry, index) => index % 2 === 0 && entry === "Content-Security-Policy") + 1;
  const [before, after] = (listed[csp] ?? "").split(`'nonce-${NONCE_MARK}'`);
  return (secure: boolean) => {
    const headers = [...listed];
    if (after !== undefined) headers[csp] = `${before}'nonce-${newNonce()}'${after}`;
    if (secure) headers.push("Strict-Transport-Security", HSTS);
    return headers;
  };
}
