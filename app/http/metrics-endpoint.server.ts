import { timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import express, { type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import { collectMetrics, registry } from "~/server/metrics/metrics.server";

/** GET /metrics with `Authorization: Bearer <METRICS_TOKEN>`; without it, a 401. */
export function metricsEndpoint(token: string): RequestHandler {
  const expected = Buffer.from(`Bearer ${token}`);
  return async (req, res) => {
    const given = Buffer.from(req.headers.authorization ?? "");
    res.set("Cache-Control", "no-store");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res
        .status(401)
        .set("WWW-Authenticate", 'Bearer realm="metrics"')
        .type("text/plain")
        .send("Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.");
      return;
    }
    await sendMetrics(res, req.log);
  };
}

async function sendMetrics(res: Response, log: Pick<Logger, "warn"> | undefined) {
  try {
    const text = await collectMetrics();
    res.type(registry.contentType).send(text);
  } catch (error) {
    log?.warn({ err: error }, "metrics unavailable");
    res.status(503).type("text/plain").send("Metrics are unavailable right now.");
  }
}

/** METRICS_PORT: a server of its own, on loopback only, that answers GET /metrics without a token. */
export async function startMetricsServer(port: number) {
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", (_req, res) => void sendMetrics(res.set("Cache-Control", "no-store"), undefined));
  const server = app.listen(port, "127.0.0.1");
  await once(server, "listening");
  return server;
}
