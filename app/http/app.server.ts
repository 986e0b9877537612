import { once } from "node:events";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import net, { type AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { createExpressApp, type ExpressAppOptions } from "~/http/express-app.server";
import { startMetricsServer } from "~/http/metrics-endpoint.server";
import type { PageCache } from "~/http/page-cache.server";
import { createAdWorker } from "~/server/ads/worker.server";
import { createAuth } from "~/server/auth/auth.server";
import { loadAuthSecret } from "~/server/auth/secret.server";
import { startLeadership } from "~/server/background/lease.server";
import { startMaintenance } from "~/server/background/maintenance.server";
import { startScheduledBackups } from "~/server/backup/schedule.server";
import { startCalendarRefresh } from "~/server/bookings/busy-calendar.server";
import { type Config, parseConfig } from "~/server/config.server";
import { openDatabase } from "~/server/db/database.server";
import { logFailovers } from "~/server/db/failover-log.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { openReadReplica } from "~/server/db/read-replica.server";
import { seedDatabase } from "~/server/db/seed.server";
import { CHECKPOINT_REQUEST } from "~/server/db/sqlite-checkpointer.server";
import { startFollowUpDigests } from "~/server/leads/digest-schedule.server";
import { createLogger } from "~/server/logger.server";
import { createMailWorker } from "~/server/mail/worker.server";
import { registerDatabaseMetrics, reportPageCacheStats } from "~/server/metrics/metrics.server";
import { type ContentVersion, watchContentVersion } from "~/server/page-cache/content-version.server";
import type { AppServices } from "~/server/services.server";
import { createStorage } from "~/server/storage/storage.server";
import { currentSetupCode, setupCodeNotice } from "~/server/users/setup-code.server";
import { createWebhookWorker } from "~/server/webhooks/worker.server";
import { collectWhenIdle } from "./idle-collection.server";
import { keepTickObjectShape } from "./tick-shape.server";

export { ConfigError } from "~/server/config.server";

type StartOptions = ExpressAppOptions & {
  env?: Record<string, string | undefined>;
  /** A worker under the WEB_CONCURRENCY supervisor, which serves METRICS_PORT for all of them. */
  clustered?: boolean;
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
  keepTickObjectShape();
  const env = options.env ?? process.env;
  const requested = parseConfig(env);
  const logger = createLogger(requested.logLevel);
  const db = openDatabase(requested.database, {
    poolMax: requested.databasePool.app,
    groupCommitMs: requested.sqliteGroupCommitMs,
    durableFlush: requested.sqliteDurableFlush,
    checkpointInBackground: {
      onError: (message) => logger.error({ error: message }, "background checkpoint failed"),
      elsewhere: options.clustered === true,
    },
  });
  logFailovers(db, logger);
  try {
    const migrated = await migrateToLatest(db);
    const seeded = await seedDatabase(db);
    logger.info({ dialect: requested.database.dialect, migrated, seeded }, "database ready");
    // Under the supervisor, it checkpoints the SQLite file for all its workers (serve-cluster.ts).
    if (options.clustered && requested.database.dialect === "sqlite" && requested.database.file !== ":memory:") {
      process.send?.({ event: CHECKPOINT_REQUEST, file: requested.database.file });
    }
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
  const idleCollection = collectWhenIdle();
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
    // Not asked at start: a standby that is down costs the reports a fallback to the primary, not the site.
    const readDb = config.readDatabaseUrl
      ? openReadReplica(config.readDatabaseUrl, config.databasePool.app)
      : undefined;
    if (readDb) logger.info("reporting screens read from the standby of DATABASE_READ_URL");
    services = {
      config,
      db,
      readDb,
      logger,
      auth: created.auth,
      mailWorker,
      webhookWorker,
      formSecret: secret,
      storage,
    };
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
      idleCollection.request();
      // Stopping: every answer from now on says "Connection: close", cached ones too.
      if (drain.draining) res.setHeader("Connection", "close");
      const toApp = () => {
        idleCollection.worked();
        app(req, res);
      };
      const served = cache.serve(req, res);
      if (served === false) toApp();
      else if (served !== true) served.then((hit) => hit || toApp());
    };
    server.off("request", holdUntilReady);
    server.on("request", handle);
    for (const [req, res] of waiting.splice(0)) handle(req, res);
  } catch (error) {
    for (const [, res] of waiting.splice(0)) answerUnavailable(res);
    idleCollection.stop();
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
  const adWorker = createAdWorker({ db, logger, allowPrivate: config.webhookAllowPrivate });
  adWorker.start();
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
      idleCollection.stop();
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
      await adWorker.stop();
      await leadership.stop();
      await closeAuth();
      await services.readDb?.destroy();
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

export type { Config };
