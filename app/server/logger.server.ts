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
