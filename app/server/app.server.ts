import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { createAuth } from "./auth/auth.server";
import { CLIENT_IP_HEADER } from "./auth/constants";
import { loadAuthSecret } from "./auth/secret.server";
import { type Config, parseConfig } from "./config.server";
import { consentVariant } from "./consent/consent.server";
import { type AppServices, requestContext, servicesContext } from "./context.server";
import { visitorCountry } from "./currency/currency.server";
import { isDatabaseReachable, openDatabase } from "./db/database.server";
import { migrateToLatest } from "./db/migrate.server";
import { seedDatabase } from "./db/seed.server";
import { publicFormEndpoint } from "./leads/public-endpoint.server";
import { createLogger } from "./logger.server";
import { createMailWorker } from "./mail/worker.server";
import { startMaintenance } from "./maintenance.server";
import { isAdminRoutedPath, recordRoutedPath, requestBodyRules, routedPathOf } from "./request-body.server";
import { securityHeaders } from "./security-headers.server";
import { isPublicPageRequest, loadTracking } from "./site/tracking.server";
import { createStorage, serveUploads } from "./storage/storage.server";

export { ConfigError } from "./config.server";

type StartOptions = {
  env?: Record<string, string | undefined>;
  /** Where the browser build lives (production only). */
  clientDir?: string;
  /** Vite's dev middleware; when given, assets and modules come from Vite instead of clientDir. */
  vite?: { middlewares: RequestHandler; ssrLoadModule(url: string): Promise<Record<string, unknown>> };
};

export type RunningServer = {
  url: string;
  services: AppServices;
  server: Server;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
};

const SHUTDOWN_GRACE_MS = 10_000;
const REQUEST_ID = /^[\w.-]{1,128}$/;

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = parseConfig(options.env ?? process.env);
  const logger = createLogger(config.logLevel);
  const db = openDatabase(config.database, {
    checkpointInBackground: { onError: (message) => logger.error({ error: message }, "background checkpoint failed") },
  });
  try {
    const migrated = await migrateToLatest(db);
    const seeded = await seedDatabase(db);
    logger.info({ dialect: config.database.dialect, migrated, seeded }, "database ready");
  } catch (error) {
    await db.destroy();
    throw error;
  }

  const secret = await loadAuthSecret(db, config.authSecret);
  const { auth, close: closeAuth } = createAuth({ config, db, secret, logger });
  const mailWorker = createMailWorker({ db, logger, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const storage = createStorage(config.storage);
  const services: AppServices = { config, db, logger, auth, mailWorker, formSecret: secret, storage };
  // In production the route modules load once, now, so the first visitor does not wait for them.
  const build = options.vite
    ? () => options.vite?.ssrLoadModule("virtual:react-router/server-build") as unknown as Promise<ServerBuild>
    : ((await import("virtual:react-router/server-build")) as ServerBuild);
  const app = createExpressApp(services, options, build);
  const server = app.listen(config.port, config.host);
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host}:${port}`;
  logger.info({ url, baseUrl: config.baseUrl, env: config.env }, "listening");
  mailWorker.start();
  const stopMaintenance = startMaintenance(db, logger);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(forced);
      stopMaintenance();
      await mailWorker.stop();
      await closeAuth();
      await db.destroy();
      logger.info("stopped");
    })();
    return closing;
  };
  return { url, services, server, close };
}

function createExpressApp(
  services: AppServices,
  options: StartOptions,
  build: ServerBuild | (() => Promise<ServerBuild>),
) {
  const { config, db, logger } = services;
  const development = options.vite !== undefined;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  app.use(warnOfUntrustedProxy(logger));

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
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
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
        req: (req) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  // Lead capture from other sites: before the page machinery below, which it has no use for.
  app.all("/api/forms/:formId/submissions", publicFormEndpoint(services));
  app.use(recordRoutedPath());
  app.use(requestBodyRules());

  // React Router streams its answers without a length, so compression cannot see that an action's
  // reply is a few bytes: it would set up a gzip stream for each one. Only pages and files gain from it.
  app.use(compression({ filter: (req, res) => req.method === "GET" && compression.filter(req, res) }));
  // Admin pages are never indexed; public pages get their tracking (head code, and hosts for the CSP).
  app.use(async (req, res, next) => {
    const path = routedPathOf(res);
    if (isAdminRoutedPath(path)) res.setHeader("X-Robots-Tag", "noindex, nofollow");
    const page = !req.path.endsWith(".data") && isPublicPageRequest(req.method, path);
    res.locals.tracking = page ? await loadTracking(db, req.log) : null;
    res.locals.consent = res.locals.tracking
      ? consentVariant(
          { headers: { get: (name) => req.get(name) ?? null } },
          res.locals.tracking.consent,
          visitorCountry({ headers: { get: (name) => req.get(name) ?? null } }, config, req.ip),
        )
      : null;
    next();
  });
  app.use(securityHeaders({ development }));

  // better-auth reads the client IP (for its rate limits) from a header only we set, from req.ip,
  // which honours TRUST_PROXY; whatever a client put in that header is replaced.
  app.use("/api/auth", (req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    next();
  });
  app.all("/api/auth/*splat", toNodeHandler(services.auth));

  app.get("/uploads/*key", serveUploads(services.storage));

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else if (options.clientDir) {
    app.use("/assets", express.static(`${options.clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  }

  app.use(
    createRequestHandler({
      build,
      mode: development ? "development" : "production",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(requestContext, {
          nonce: res.locals.cspNonce ?? "",
          logger: req.log,
          clientIp: req.ip,
          tracking: res.locals.tracking ?? null,
          consent: res.locals.consent ?? null,
        });
        return context;
      },
    }),
  );
  // Last resort: log it, answer without details. Never a stack trace to the client.
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    req.log.error({ err: error }, "unhandled error");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(500).type("text/plain").send("Something went wrong on our side. Please try again.");
  });
  return app;
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
