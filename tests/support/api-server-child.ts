/**
 * Run as a child process by tests/integration/api-v1.test.ts: the API on the database in
 * API_CHILD_DATABASE, as another worker or machine would serve it, so that the test can see whether
 * a key's limit holds across processes. Prints "listening <port>" once it answers; stops on SIGTERM.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { apiRouter } from "~/http/api/api-router.server";
import { type DatabaseConfig, parseConfig } from "~/server/config.server";
import { openDatabase } from "~/server/db/database.server";
import { createMailWorker } from "~/server/mail/worker.server";

async function main() {
  const db = openDatabase(JSON.parse(process.env.API_CHILD_DATABASE ?? "") as DatabaseConfig);
  const config = parseConfig({
    DATA_DIR: "/tmp/unused",
    API_RATE_LIMIT_PER_MINUTE: process.env.API_RATE_LIMIT_PER_MINUTE ?? "120",
  });
  const logger = pino({ level: "silent" });
  const mailWorker = createMailWorker({ db, logger, smtpUrl: undefined, from: "site@agency.example" });
  const app = express();
  app.use("/api/v1", apiRouter({ db, config, mailWorker, formSecret: randomBytes(32).toString("hex") }));
  const server = app.listen(0, "127.0.0.1", () => {
    console.log(`listening ${(server.address() as AddressInfo).port}`);
  });
  process.once("SIGTERM", () => {
    server.close(() => void db.destroy().then(() => process.exit(0)));
    server.closeAllConnections();
  });
}

if (process.env.API_CHILD_DATABASE) await main();
