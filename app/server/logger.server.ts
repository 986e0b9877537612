import pino from "pino";

export function createLogger(level: string) {
  return pino({
    level,
    base: { service: "agency-site" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      remove: true,
    },
  });
}

const REQUEST_ID = /^[\w.-]{1,128}$/;

/** A request's id: the caller's X-Request-Id when it is sane (for tracing across proxies), else a new one. */
export function requestIdFor(incoming: string | string[] | undefined) {
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}
