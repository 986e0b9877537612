import pino from "pino";
import type { Database } from "~/server/db/schema.server";
import type { AppServices } from "~/server/services.server";

/**
 * The services the analytics recorders read (the database, a silent logger, cookies as plain HTTP
 * sets them), for tests that record visits and events without a server.
 */
export function eventServices(db: Database) {
  return { db, logger: pino({ level: "silent" }), config: { secureCookies: false } } as unknown as AppServices;
}
