// Run as a child process by bench/ads.ts: the ad conversion worker over the SQLite file in
// AD_BENCH_DATABASE, polling until it is killed.
import pino from "pino";
import { createAdWorker } from "~/server/ads/worker.server";
import { openDatabase } from "~/server/db/database.server";

const file = process.env.AD_BENCH_DATABASE ?? "";
// The bench's own process checkpoints the file, as a clustered server's supervisor does for its workers.
const db = openDatabase(
  { dialect: "sqlite", file },
  { checkpointInBackground: { elsewhere: true, onError: (message) => console.error(message) } },
);
const worker = createAdWorker({
  db,
  // BENCH_ADS_TRACE=1: each batch's claim, send, record and rest, on stderr.
  logger: pino({ level: process.env.BENCH_ADS_TRACE ? "debug" : "warn" }, pino.destination(2)),
  allowPrivate: true,
  timeoutMs: 120_000,
  pollMs: 100,
});
// As the server runs it: passes on a timer, a pass that fails (a busy database) logged and tried again.
worker.start();
process.send?.("ready");
// The pass timer does not hold the process open (in the server, its listening socket does). Here
// nothing else would: a new worker waiting for a killed one's claims to lapse would simply exit.
setInterval(() => {}, 60_000);
