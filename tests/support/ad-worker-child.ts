/**
 * Run as a child process by tests/integration/ad-conversions.test.ts: one pass of the ad conversion
 * worker over the database in AD_WORKER_DATABASE, so that the test can kill it (SIGKILL) while a
 * batch is on its way to the platform and see what a restart does.
 */
import pino from "pino";
import { createAdWorker } from "~/server/ads/worker.server";
import type { DatabaseConfig } from "~/server/config.server";
import { openDatabase } from "~/server/db/database.server";

async function main() {
  const config = JSON.parse(process.env.AD_WORKER_DATABASE ?? "") as DatabaseConfig;
  const db = openDatabase(config);
  const worker = createAdWorker({ db, logger: pino({ level: "warn" }), allowPrivate: true, timeoutMs: 120_000 });
  await worker.runOnce();
  await worker.stop();
  await db.destroy();
}

if (process.env.AD_WORKER_DATABASE) await main();
