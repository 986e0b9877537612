import type { Logger } from "pino";
import type { Database } from "../db/schema.server";
import type { MailWorker } from "../mail/worker.server";
import { getAgencyTimeZone } from "../settings/time-zone.server";
import { queueFollowUpDigests } from "./follow-ups.server";

/** Often enough that a digest arrives within minutes of the agency's morning, cheap when nothing is due. */
const EVERY_MS = 10 * 60 * 1000;

/** Queues the daily follow-up digests through the outbox, and wakes the mail worker when it did. */
export function startFollowUpDigests({
  db,
  logger,
  mailWorker,
  baseUrl,
}: {
  db: Database;
  logger: Logger;
  mailWorker: MailWorker;
  baseUrl: string;
}) {
  const run = async () => {
    try {
      const timeZone = await getAgencyTimeZone(db);
      const queued = await queueFollowUpDigests(db, { timeZone, baseUrl, queuedNote: mailWorker.queuedNote });
      if (queued > 0) {
        logger.info({ queued }, "follow-up digests queued");
        void mailWorker.kick();
      }
    } catch (error) {
      logger.warn({ err: error }, "follow-up digests failed");
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref?.();
  void run();
  return () => clearInterval(timer);
}
