import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { exposedAuthEndpoints } from "~/http/auth-endpoints.server";
import { requestContext, servicesContext } from "~/http/context.server";
import { createFormTokenPixel } from "~/http/form-token-pixel.server";
import { answeredLeadOf, plainLeadPost } from "~/http/lead-post.server";
import {
  lastResortErrorHandler,
  refuseMalformedRequestLine,
  refuseUnservedMethods,
} from "~/http/malformed-request.server";
import { metricsEndpoint, startMetricsServer } from "~/http/metrics-endpoint.server";
import { createPageCache, type PageCache } from "~/http/page-cache.server";
import { publicFormEndpoint } from "~/http/public-form-endpoint.server";
import { isAdminRoutedPath, recordRoutedPath, requestBodyRules, routedPathOf } from "~/http/request-body.server";
import { countRequests } from "~/http/request-metrics.server";
import { refuseForeignRequests } from "~/http/request-origin.server";
import { securityHeaders } from "~/http/security-headers.server";
import { serveBuiltAssets } from "~/http/static-assets.server";
import { serveUploads } from "~/http/uploads.server";
import { FORM_TOKEN_PATH, PAGE_VIEW_PIXEL_PATH } from "~/lib/pixel-paths";
import { recordPageViewPixel } from "~/server/analytics/events.server";
import { createAuth } from "~/server/auth/auth.server";
import { CLIENT_IP_HEADER } from "~/server/auth/constants";
import { loadAuthSecret } from "~/server/auth/secret.server";
import { startLeadership } from "~/server/background/lease.server";
import { startMaintenance } from "~/server/background/maintenance.server";
import { startScheduledBackups } from "~/server/backup/schedule.server";
import { startCalendarRefresh } from "~/server/bookings/calendar-feed.server";
import { type Config, parseConfig } from "~/server/config.server";
import { consentVariant, loadConsentSettings, watchConsentPolicyVersion } from "~/server/consent/consent.server";
import { visitorCountry } from "~/server/currency/currency.server";
import { isDatabaseReachable, openDatabase } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { seedDatabase } from "~/server/db/seed.server";
import { startFollowUpDigests } from "~/server/leads/digest-schedule.server";
import { createLogger, loggedUrl, requestIdFor } from "~/server/logger.server";
import { createMailWorker } from "~/server/mail/worker.server";
import { registerDatabaseMetrics, reportPageCacheStats } from "~/server/metrics/metrics.server";
import { type ContentVersion, watchContentVersion } from "~/server/page-cache/content-version.server";
import type { AppServices } from "~/server/services.server";
import { builtIslandUrls, devIslandUrls } from "~/server/site/islands.server";
import { isPublicPageRequest, loadTracking } from "~/server/site/tracking.server";
import { createStorage } from "~/server/storage/storage.server";
import { currentSetupCode, setupCodeNotice } from "~/server/users/setup-code.server";
import { createWebhookWorker } from "~/server/webhooks/worker.server";

export { ConfigError } from "~/server/config.server";

type StartOptions = {
  env?: Record<string, string | undefined>;
  /** Where the browser build lives (production only). */
  clientDir?: string;
  /** A worker under the WEB_CONCURRENCY supervisor, which serves METRICS_PORT for all of them. */
  clustered?: boolean;
  /** Vite's dev middleware; when given, assets and modules come from Vite instead of clientDir. */
  vite?: { middlewares: RequestHandler; ssrLoadModule(url: string): Promise<Record<string, unknown>> };
};

export type RunningServer = {
  url: string;
  services: AppServices;
  server: Server;
  /** The public pages in memory; `stats()` gives its counters for metrics. */
  pageCache: PageCache;
  /**
   * Stops accepting, lets in-flight requests finish, then closes the database. `handOver`: other
   * processes keep serving (a rolling reload), so idle keep-alive connections are left to their
   * clients rather than closed under them.
   */
  close(options?: { handOver?: boolean }): Promise<void>;
};

const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const requested = parseConfig(env);
  const logger = createLogger(requested.logLevel);
  const db = openDatabase(requested.database, {
    poolMax: requested.databasePool.app,
    checkpointInBackground: { onError: (message) => logger.error({ error: message }, "background checkpoint failed") },
  });
  try {
    const migrated = await migrateToLatest(db);
    const seeded = await seedDatabase(db);
    logger.info({ dialect: requested.database.dialect, migrated, seeded }, "database ready");
  } catch (error) {
    await db.destroy();
    throw error;
  }

  // PORT=0 asks the system for a free port, which is only known once listening; the addresses made
  // from the port (BASE_URL's default, the trusted origins) must name the port it got. Requests that
  // arrive before the app is ready wait for it (a second or two): under WEB_CONCURRENCY a new worker
  // is handed connections as soon as it listens, and a refusal there would fail a visitor's request
  // that the old workers could have served.
  const waiting: [IncomingMessage, ServerResponse][] = [];
  const holdUntilReady = (req: IncomingMessage, res: ServerResponse) => void waiting.push([req, res]);
  const server = createHttpServer(holdUntilReady);
  const drain = { draining: false };
  const sockets = new Set<net.Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  try {
    server.listen(requested.port, requested.host);
    await once(server, "listening");
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const config = requested.port === 0 ? parseConfig({ ...env, PORT: String(port) }) : requested;

  let services: AppServices;
  let closeAuth: () => Promise<void>;
  let unregisterMetrics: () => void;
  let leadership: ReturnType<typeof startLeadership>;
  let contentVersion: ContentVersion;
  let pageCache: PageCache;
  try {
    const secret = await loadAuthSecret(db, config.authSecret);
    const created = createAuth({ config, db, secret, logger });
    closeAuth = created.close;
    unregisterMetrics = registerDatabaseMetrics(db, created.db);
    // Work done once per deployment (outbox rescans, maintenance, scheduled backups) runs in the
    // process holding the lease; the others stand by.
    leadership = startLeadership(db, logger);
    await leadership.ready;
    const mailWorker = createMailWorker({
      db,
      logger,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      isLeader: leadership.isLeader,
    });
    const webhookWorker = createWebhookWorker({
      db,
      logger,
      allowPrivate: config.webhookAllowPrivate,
      baseUrl: config.baseUrl,
    });
    const storage = createStorage(config.storage);
    contentVersion = watchContentVersion(config.database, db, logger);
    services = { config, db, logger, auth: created.auth, mailWorker, webhookWorker, formSecret: secret, storage };
    // In production the route modules load once, now, so the first visitor does not wait for them.
    const build = options.vite
      ? () => options.vite?.ssrLoadModule("virtual:react-router/server-build") as unknown as Promise<ServerBuild>
      : ((await import("virtual:react-router/server-build")) as ServerBuild);
    // A warning, so that it shows at every log level: until the code is used, the install has no owner.
    // Before the app answers, so that the notice is out by the time the first page is served.
    const setupCode = await currentSetupCode(db);
    if (setupCode) logger.warn({ setupCode }, setupCodeNotice(setupCode, config.baseUrl));
    const built = createExpressApp(services, options, build, contentVersion, drain);
    const { app } = built;
    pageCache = built.pageCache;
    const cache = pageCache;
    reportPageCacheStats(() => cache.stats());
    // Cached pages are answered before Express sees the request; everything else goes through it.
    const handle = (req: IncomingMessage, res: ServerResponse) => {
      // Stopping: every answer from now on says "Connection: close", cached ones too.
      if (drain.draining) res.setHeader("Connection", "close");
      const served = cache.serve(req, res);
      if (served === false) app(req, res);
      else if (served !== true) served.then((hit) => hit || app(req, res));
    };
    server.off("request", holdUntilReady);
    server.on("request", handle);
    for (const [req, res] of waiting.splice(0)) handle(req, res);
  } catch (error) {
    for (const [, res] of waiting.splice(0)) answerUnavailable(res);
    server.close();
    await db.destroy();
    throw error;
  }
  const metricsServer =
    config.metrics.port !== undefined && !options.clustered ? await startMetricsServer(config.metrics.port) : undefined;
  const { mailWorker, webhookWorker } = services;
  const url = `http://${config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host}:${port}`;
  logger.info({ url, baseUrl: config.baseUrl, env: config.env }, "listening");
  mailWorker.start();
  webhookWorker.start();
  const stopMaintenance = startMaintenance(db, logger, leadership);
  const stopCalendars = startCalendarRefresh(db, logger, leadership, { allowPrivate: config.webhookAllowPrivate });
  const stopBackups = startScheduledBackups(config, leadership, logger);
  const stopDigests = startFollowUpDigests({ db, logger, mailWorker, baseUrl: config.baseUrl });

  let closing: Promise<void> | undefined;
  const close = ({ handOver = false } = {}) => {
    closing ??= (async () => {
      drain.draining = true;
      let closed: Promise<void>;
      if (handOver) {
        // Stop taking connections but leave idle keep-alive ones to their clients, which close them
        // after their own idle time: closing one at once (as http.Server.close does) races a client
        // just sending its next request on it, and that request would fail while others could serve it.
        for (const socket of sockets) socket.setTimeout(0);
        closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      } else {
        closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
      }
      const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(forced);
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      unregisterMetrics();
      await stopMaintenance();
      await stopCalendars();
      await stopBackups();
      stopDigests();
      await contentVersion.close();
      await mailWorker.stop();
      await webhookWorker.stop();
      await leadership.stop();
      await closeAuth();
      await db.destroy();
      logger.info("stopped");
    })();
    return closing;
  };
  return { url, services, server, pageCache, close };
}

function answerUnavailable(response: ServerResponse) {
  response
    .writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" })
    .end("The site could not start.");
}

function createExpressApp(
  services: AppServices,
  options: StartOptions,
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
  /** What the app's routes know of a request: the services and the request's own information. */
  const loadContext = (req: express.Request, res: express.Response) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContext, {
      nonce: res.locals.cspNonce ?? "",
      logger: req.log,
      clientIp: req.ip,
      tracking: res.locals.tracking ?? null,
      consent: res.locals.consent ?? null,
      stylesheet: res.locals.tracking ? stylesheet : undefined,
      islands,
    });
    return context;
  };

  app.use((_req, res, next) => {
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

  app.use(
    pinoHttp({
      logger,
      genReqId(req, res) {
        const id = requestIdFor(req.headers["x-request-id"]);
        res.setHeader("X-Request-Id", id);
        return id;
      },
      customLogLevel(_req, res, error) {
        if (error || res.statusCode >= 500) return "error";
        if (res.statusCode >= 400) return "warn";
        return "info";
      },
      autoLogging: { ignore: (req) => (req.url ?? "").startsWith("/assets/") },
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: loggedUrl(req.url) }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );
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
  app.use(refuseForeignRequests(config.trustedOrigins));
  app.use(recordRoutedPath());
  app.use(requestBodyRules());

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
    res.locals.tracking = page && !data ? await loadTracking(db, req.log) : null;
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
  // The contact form without JavaScript: answered here when it only redirects, at the public endpoint's pace.
  app.use(plainLeadPost(loadContext));

  // better-auth reads the client IP (for its rate limits) from a header only we set, from req.ip,
  // which honours TRUST_PROXY; whatever a client put in that header is replaced.
  app.use("/api/auth", (req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    next();
  });
  app.all("/api/auth/*splat", exposedAuthEndpoints(), toNodeHandler(services.auth));

  app.get("/uploads/*key", serveUploads(services.storage));

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

export type { Config };
