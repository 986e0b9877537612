import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { requestLogging } from "~/http/request-log.server";
import { runWithV8Natives } from "../support/v8-natives";

/** An Express app behind the access log, on a real port, and the log's lines as written. */
async function loggedApp(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level, base: { service: "agency-site" } },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  let childrenMade = 0;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof child>) => {
    childrenMade++;
    return child(...args);
  }) as typeof logger.child;
  const app = express();
  app.use(requestLogging(logger));
  // Registered after the log's own listener, so it runs after the line is written.
  let closed: (() => void) | undefined;
  app.use((_req, res, next) => {
    res.on("close", () => closed?.());
    next();
  });
  app.get("/ok", (_req, res) => {
    res.send("ok");
  });
  app.get("/fails", () => {
    throw new Error("broken on purpose");
  });
  const api = express.Router();
  api.get("/things", (req, res) => {
    req.log.warn("inside the router");
    res.status(404).send("none");
  });
  app.use("/api/v1", api);
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    lines,
    childrenMade: () => childrenMade,
    get: async (path: string, headers: Record<string, string> = {}) => {
      const ended = new Promise<void>((resolve) => {
        closed = resolve;
      });
      const response = await fetch(`${base}${path}`, { headers });
      await response.text();
      await ended;
      return response;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe("the access log", () => {
  it("sends back a sane X-Request-Id and replaces any other", async () => {
    const app = await loggedApp("info");
    try {
      expect((await app.get("/ok", { "X-Request-Id": "trace-123" })).headers.get("x-request-id")).toBe("trace-123");
      const replaced = (await app.get("/ok", { "X-Request-Id": "bad id" })).headers.get("x-request-id");
      expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await app.close();
    }
  });

  it("writes one line per request with its id, method, URL, status and time; a server error with the error", async () => {
    const app = await loggedApp("info");
    try {
      await app.get("/ok?utm_source=x", { "X-Request-Id": "one" });
      await app.get("/fails", { "X-Request-Id": "two" });
      await app.get("/api/v1/things?q=secret", { "X-Request-Id": "three" });
      const [ok, failed, ...rest] = app.lines.filter((line) => line.msg !== "inside the router");
      expect(ok).toMatchObject({
        level: 30,
        service: "agency-site",
        req: { id: "one", method: "GET", url: "/ok?utm_source=x" },
        res: { statusCode: 200 },
        msg: "request completed",
      });
      expect(typeof ok?.responseTime).toBe("number");
      expect(failed).toMatchObject({
        level: 50,
        req: { id: "two", url: "/fails" },
        res: { statusCode: 500 },
        err: { message: "failed with status code 500" },
        msg: "request errored",
      });
      // A mounted router's own lines and the request's line name the whole address.
      const inside = app.lines.find((line) => line.msg === "inside the router");
      expect(inside).toMatchObject({ level: 40, req: { id: "three", url: "/api/v1/things?q=secret" } });
      expect(rest).toEqual([expect.objectContaining({ level: 40, res: { statusCode: 404 } })]);
    } finally {
      await app.close();
    }
  });

  it("at a quieter level drops the lines without making a request's logger, and still writes errors", async () => {
    const app = await loggedApp("error");
    try {
      await app.get("/ok");
      await app.get("/ok");
      expect(app.lines).toEqual([]);
      expect(app.childrenMade()).toBe(0);
      await app.get("/fails", { "X-Request-Id": "four" });
      expect(app.lines).toEqual([
        expect.objectContaining({
          level: 50,
          req: { id: "four", method: "GET", url: "/fails" },
          msg: "request errored",
        }),
      ]);
    } finally {
      await app.close();
    }
  });

  it("leaves every request the same hidden class, so Node's request code stays fast for all requests", () => {
    // V8's own view (natives syntax, in a process of its own): two requests through the log share a map.
    const script = `
      import express from "express";
      import pino from "pino";
      import { requestLogging } from "~/http/request-log.server";
      const sameMap = new Function("a", "b", "return %HaveSameMap(a, b)");
      const app = express();
      app.use(requestLogging(pino({ level: "silent" })));
      const seen = [];
      app.get("/ok", (req, res) => { seen.push(req); res.send("ok"); });
      const server = app.listen(0, "127.0.0.1", async () => {
        const base = "http://127.0.0.1:" + server.address().port;
        for (let i = 0; i < 3; i++) await (await fetch(base + "/ok")).text();
        const logs = seen.every((req) => typeof req.log.info === "function");
        console.log(JSON.stringify({ same: sameMap(seen[0], seen[1]) && sameMap(seen[1], seen[2]), logs }));
        server.close();
      });
    `;
    expect(runWithV8Natives(script)).toEqual({ same: true, logs: true });
  });
});
