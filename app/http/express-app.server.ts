import { readFileSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { API_REFERENCE_ASSETS, apiReferenceAssets } from "~/http/api/api-reference.server";
import { apiRouter } from "~/http/api/api-router.server";
import { exposedAuthEndpoints } from "~/http/auth-endpoints.server";
import { requestContext, servicesContext } from "~/http/context.server";
import { createFormTokenPixel } from "~/http/form-token-pixel.server";
import { answeredLeadOf, plainLeadPost } from "~/http/lead-post.server";
import {
  lastResortErrorHandler,
  refuseMalformedRequestLine,
  refuseUnservedMethods,
} from "~/http/malformed-request.server";
import { mcpEndpoint } from "~/http/mcp/mcp-endpoint.server";
import { metricsEndpoint } from "~/http/metrics-endpoint.server";
import { createPageCache } from "~/http/page-cache.server";
import { publicFormEndpoint } from "~/http/public-form-endpoint.server";
import { isAdminRoutedPath, recordRoutedPath, requestBodyRules, routedPathOf } from "~/http/request-body.server";
import { requestLogging } from "~/http/request-log.server";
import { countRequests } from "~/http/request-metrics.server";
import { refuseForeignRequests } from "~/http/request-origin.server";
import { settleResponseShape } from "~/http/response-shape.server";
import { bodilessSecurityHeaders, securityHeaders } from "~/http/security-headers.server";
import { serveBuiltAssets } from "~/http/static-assets.server";
import { serveUploads } from "~/http/uploads.server";
import { FORM_TOKEN_PATH, PAGE_VIEW_PIXEL_PATH } from "~/lib/pixel-paths";
import { recordPageViewPixel } from "~/server/analytics/events.server";
import { CLIENT_IP_HEADER } from "~/server/auth/constants";
import { consentVariant, loadConsentSettings, watchConsentPolicyVersion } from "~/server/consent/consent.server";
import { visitorCountry } from "~/server/currency/currency.server";
import { isDatabaseReachable } from "~/server/db/database.server";
import type { ContentVersion } from "~/server/page-cache/content-version.server";
import type { AppServices } from "~/server/services.server";
import { builtHydrationModules, builtIslandUrls, devIslandUrls } from "~/server/site/islands.server";
import { isPrivateLinkPath, isPublicPageRequest, loadTracking } from "~/server/site/tracking.server";

export type ExpressAppOptions = {
  /** Where the browser build lives (production only). */
  clientDir?: string;
  /** Vite's dev middleware; when given, assets and modules come from Vite instead of clientDir. */
  vite?: { middlewares: RequestHandler; ssrLoadModule(url: string): Promise<Record<string, unknown>> };
};

/**
 * The middleware every request that the page cache did not answer goes through, in order: health,
 * logging, the cache's renderer, pixels and the public form endpoint, the origin and body rules, the
 * page's tracking and consent, security headers, auth, uploads, assets, and React Router last.
 */
export function createExpressApp(
  services: AppServices,
  options: ExpressAppOptions,
  build: ServerBuild | (() => Promise<ServerBuild>),
  contentVersion: ContentVersion,
  drain: { draining: boolean },
) {
  const { config, db, logger } = services;
  const development = options.vite !== undefined;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  // Development renders every page afresh: modules change under it.
  const pageCache = createPageCache({
    config: development ? { ...config, pageCache: { ...config.pageCache, maxBytes: 0 } } : config,
    contentVersion,
    consentPolicyVersion: watchConsentPolicyVersion(db),
    trustProxy: app.get("trust proxy fn"),
    routeIds: typeof build === "function" ? undefined : new Set(Object.keys(build.routes)),
  });

  // Public pages carry the stylesheet inline, so that nothing delays their first paint.
  const stylesheet = options.clientDir ? builtStylesheets(options.clientDir) : undefined;
  const islands = options.vite ? devIslandUrls() : options.clientDir ? builtIslandUrls(options.clientDir) : {};
  const hydrationModules = !options.vite && options.clientDir ? builtHydrationModules(options.clientDir) : [];
  /** What the app's routes know of a request: the services and the request's own information. */
  const loadContext = (req: express.Request, res: express.Response) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContext, {
      nonce: res.locals.cspNonce ?? "",
      // Read when a route logs: the request's logger is made on first use, and most never log.
      get logger() {
        return req.log;
      },
      clientIp: req.ip,
      tracking: res.locals.tracking ?? null,
      consent: res.locals.consent ?? null,
      stylesheet: res.locals.tracking ? stylesheet : undefined,
      islands,
      hydrationModules,
    });
    return context;
  };

  app.use((_req, res, next) => {
    // First, before any middleware adds properties of its own to the response.
    settleResponseShape(res);
    if (drain.draining) res.setHeader("Connection", "close");
    next();
  });
  app.use(warnOfUntrustedProxy(logger));
  app.use(countRequests(build));
  if (config.metrics.token) app.get("/metrics", metricsEndpoint(config.metrics.token));

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const ready = await isDatabaseReachable(db);
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ready ? "ok" : "unavailable", database: ready ? "reachable" : "unreachable" });
  });

  app.use(requestLogging(logger));
  app.use(refuseMalformedRequestLine());
  app.use(refuseUnservedMethods());
  // Public pages the cache missed are rendered once here for everyone asking, then kept.
  app.use(pageCache.render);
  // The fill-time token of the visitor forms, set by an image every public page loads.
  app.get(FORM_TOKEN_PATH, createFormTokenPixel(services));
  app.get(PAGE_VIEW_PIXEL_PATH, async (req, res) => {
    const pixel = await recordPageViewPixel(services, req.headers, req.ip);
    res.set(pixel.headers).end(pixel.body);
  });
  // Lead capture from other sites: before the page machinery below, which it has no use for, and
  // before the origin rule, since other sites posting there is its purpose.
  app.all("/api/forms/:formId/submissions", publicFormEndpoint(services));
  // The API answers tools and scripts on Bearer keys (no cookies, so no cross-site requests to refuse).
  app.use("/api/v1", apiRouter(services));
  app.use("/mcp", mcpEndpoint(services));
  app.use(refuseForeignRequests(config.trustedOrigins));
  app.use(recordRoutedPath());
  app.use(requestBodyRules());
  // The contact form without JavaScript: answered here when it only redirects, at the public
  // endpoint's pace, before the compression, tracking and page headers that only a page needs.
  app.use(plainLeadPost(loadContext, bodilessSecurityHeaders({ development })));

  // React Router streams its answers without a length, so compression cannot see that an action's
  // reply is a few bytes: it would set up a gzip stream for each one. Only pages and files gain from it.
  // Built assets are sent from the build's own compressed copies (serveBuiltAssets), never compressed here.
  app.use(
    compression({
      filter: (req, res) => req.method === "GET" && !req.path.startsWith("/assets/") && compression.filter(req, res),
    }),
  );
  // Admin pages are never indexed; public pages get their tracking (head code, and hosts for the CSP).
  app.use(async (req, res, next) => {
    const path = routedPathOf(res);
    if (isAdminRoutedPath(path)) res.setHeader("X-Robots-Tag", "noindex, nofollow");
    const data = req.path.endsWith(".data");
    const page = isPublicPageRequest(req.method, data ? path?.replace(/\.data$/, "") || "/" : path);
    const tracking = page && !data ? await loadTracking(db, req.log) : null;
    // The consent choices still apply there; only the tags are left out.
    res.locals.tracking =
      tracking && isPrivateLinkPath(path)
        ? { ...tracking, googleAnalyticsId: null, facebookPixelId: null, customHeadCode: null }
        : tracking;
    if (page) {
      const request = { headers: { get: (name: string) => req.get(name) ?? null } };
      // A shared page is rendered for "asked here or not", never for the visitor's own country.
      const shared = res.locals.consentCountry as { country: string | undefined } | undefined;
      res.locals.consent = consentVariant(
        request,
        res.locals.tracking?.consent ?? (await loadConsentSettings(db)),
        shared ? shared.country : visitorCountry(request, config, req.ip),
      );
    } else res.locals.consent = null;
    next();
  });
  app.use(securityHeaders({ development }));
  // Booking pages and feeds carry a secret in their address: it never leaves as a Referer.
  app.use((_req, res, next) => {
    if (isPrivateLinkPath(routedPathOf(res))) res.setHeader("Referrer-Policy", "no-referrer");
    next();
  });

  // better-auth reads the client IP (for its rate limits) from a header only we set, from req.ip,
  // which honours TRUST_PROXY; whatever a client put in that header is replaced.
  app.use("/api/auth", (req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    next();
  });
  app.all("/api/auth/*splat", exposedAuthEndpoints(), toNodeHandler(services.auth));

  app.get("/uploads/*key", serveUploads(services.storage));
  app.use(API_REFERENCE_ASSETS, apiReferenceAssets());

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else if (options.clientDir) {
    app.use("/assets", serveBuiltAssets(path.join(options.clientDir, "assets")));
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  }

  app.use(
    createRequestHandler({
      build,
      mode: development ? "development" : "production",
      getLoadContext(req, res) {
        const context = loadContext(req, res);
        answeredLeadOf(res, context);
        return context;
      },
    }),
  );
  app.use(lastResortErrorHandler());
  return { app, pageCache };
}

/** The build's stylesheets by their `/assets/…` address, read once each. */
function builtStylesheets(clientDir: string) {
  const read = new Map<string, string | undefined>();
  return (href: string) => {
    if (!read.has(href)) {
      const name = /^\/assets\/([\w.-]+\.css)$/.exec(href)?.[1];
      read.set(href, name ? readTextFile(path.join(clientDir, "assets", name)) : undefined);
    }
    return read.get(href);
  };
}

function readTextFile(file: string) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * Behind a proxy that TRUST_PROXY does not name, every visitor has the proxy's address: they share
 * one rate limit, and a busy hour locks everybody out. The first request whose X-Forwarded-For went
 * unused says so, once; any client can send the header, so the warning only says what to check.
 */
function warnOfUntrustedProxy(logger: AppServices["logger"]): RequestHandler {
  // The first proxied request tells: a proxy setup is the same for every request, and working out
  // req.ip on each one would cost every lead.
  let checked = false;
  return (req, _res, next) => {
    if (checked || req.headers["x-forwarded-for"] === undefined) return next();
    checked = true;
    if (req.ip === req.socket.remoteAddress) {
      logger.warn(
        { from: req.socket.remoteAddress },
        "a request carried X-Forwarded-For that TRUST_PROXY does not trust; if it came through your reverse proxy, set TRUST_PROXY to that proxy's address or hop count, or all visitors share the proxy's rate limits",
      );
    }
    next();
  };
}
