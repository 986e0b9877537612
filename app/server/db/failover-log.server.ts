import type { Logger } from "pino";
import { poolOf } from "./database.server";
import { locatorOf } from "./postgres-failover.server";
import type { Database } from "./schema.server";

/** Says in the log when the primary was lost, when (and where) one was found again, and each write sent again. */
export function logFailovers(db: Database, logger: Logger) {
  locatorOf(poolOf(db))?.onEvent((event) => {
    if (event.type === "primary lost") logger.warn({ host: event.host }, "database failover began: primary lost");
    else if (event.type === "primary found") {
      logger.info(
        { host: event.host, afterMs: event.afterMs, moved: event.moved },
        event.afterMs === null ? "database primary found" : "database failover ended: primary found",
      );
    } else
      logger.info(
        { retries: event.retries, writesRetried: event.writesRetried },
        "database write retried on the new primary",
      );
  });
}
