// npm run bench:ops — the operator's figures, on loopback and bounded: backup and restore times at
// 100,000 leads on SQLite and PostgreSQL; leads/s and pages/s with WEB_CONCURRENCY 1 and 2; what
// visitors see while PostgreSQL restarts; how fast the outbox drains 1,000 waiting mails.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { createBackup } from "~/server/backup/backup.server";
import { restoreBackup } from "~/server/backup/restore.server";
import type { DatabaseConfig, StorageConfig } from "~/server/config.server";
import { openDatabase } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { newId } from "~/server/db/values.server";
import { createMailWorker } from "~/server/mail/worker.server";
import { startAppServer } from "../tests/support/app-server";
import { freePort } from "../tests/support/free-port";
import { contactFormId, startLoad, waitForWorkers, withDatabase } from "../tests/support/load";
import { startPostgresCluster } from "../tests/support/postgres-cluster";
import { measurePostgresOutage } from "../tests/support/postgres-outage";
import { startSmtpServer } from "../tests/support/smtp";
import { buildUnlessNoBuild } from "./build-first";
import { seedLeads } from "./lead-rows";

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
/** `npm run bench:ops -- outbox` runs that section only (backup, workers, outage, outbox). */
const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const runs = (section: string) => only.length === 0 || only.includes(section);
const MAILS = 1000;
const LOAD_SECONDS = 10;

buildUnlessNoBuild();

const temp = mkdtempSync(path.join(os.tmpdir(), "agency-bench-ops-"));
const cluster = await startPostgresCluster();
let databases = 0;

/** A new empty database of each kind: a SQLite file in its own folder, or a database of the cluster. */
async function emptyDatabase(dialect: DatabaseConfig["dialect"]): Promise<{ database: DatabaseConfig; dir: string }> {
  const dir = path.join(temp, `db${++databases}`);
  if (dialect === "sqlite") return { database: { dialect, file: path.join(dir, "app.db") }, dir };
  const name = `bench${databases}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return { database: { dialect, connectionString: cluster.url.replace(/\/postgres$/, `/${name}`) }, dir };
}

const local = (dir: string): StorageConfig => ({ kind: "local", dir: path.join(dir, "uploads") });

async function backupAndRestore(dialect: DatabaseConfig["dialect"]) {
  const source = await emptyDatabase(dialect);
  const db = openDatabase(source.database);
  await migrateToLatest(db);
  await seedLeads(db, LEADS);
  await db.destroy();
  const backupDir = path.join(temp, `backup-${dialect}`);
  let started = performance.now();
  const manifest = await createBackup({ database: source.database, storage: local(source.dir) }, backupDir);
  const backupSeconds = (performance.now() - started) / 1000;
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  const target = await emptyDatabase(dialect);
  started = performance.now();
  await restoreBackup({ database: target.database, storage: local(target.dir) }, backupDir);
  const restoreSeconds = (performance.now() - started) / 1000;
  console.log(
    `${dialect.padEnd(8)} ${manifest.rowCounts.leads} leads: backup ${backupSeconds.toFixed(1)} s (${(bytes / 1024 / 1024).toFixed(0)} MB), restore ${restoreSeconds.toFixed(1)} s`,
  );
}

async function throughput(workers: number) {
  const metricsPort = await freePort();
  const app = await startAppServer({
    WEB_CONCURRENCY: String(workers),
    TRUST_PROXY: "loopback",
    LOG_LEVEL: "warn",
    METRICS_PORT: String(metricsPort),
  });
  try {
    await waitForWorkers(metricsPort, workers);
    const formId = await withDatabase(app.database, contactFormId);
    const leads = await startLoad(app.url, formId, { connections: 16, pages: false, maxSeconds: LOAD_SECONDS });
    await new Promise((resolve) => setTimeout(resolve, LOAD_SECONDS * 1000));
    const leadResult = await leads.stop();
    const pages = await startLoad(app.url, formId, { connections: 16, leads: false, maxSeconds: LOAD_SECONDS });
    await new Promise((resolve) => setTimeout(resolve, LOAD_SECONDS * 1000));
    const pageResult = await pages.stop();
    return {
      leads: leadResult.acknowledged.length / leadResult.seconds,
      pages: pageResult.pages / pageResult.seconds,
      failures: leadResult.failures + pageResult.failures,
    };
  } finally {
    await app.stop();
  }
}

async function outboxDrain(dialect: DatabaseConfig["dialect"]) {
  const { database } = await emptyDatabase(dialect);
  const db: Database = openDatabase(database);
  await migrateToLatest(db);
  const at = new Date(Date.now() - 1000).toISOString();
  for (let start = 0; start < MAILS; start += 250) {
    await db
      .insertInto("email_outbox")
      .values(
        Array.from({ length: 250 }, (_, index) => ({
          id: newId(),
          lead_id: null,
          kind: "lead_notification" as const,
          to_address: `sales${start + index}@agency.example`,
          subject: "New lead",
          text_body: "A new lead came in.",
          html_body: null,
          status: "queued" as const,
          last_error: null,
          next_attempt_at: at,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
  const smtp = await startSmtpServer();
  const worker = createMailWorker({
    db,
    logger: pino({ level: "silent" }),
    smtpUrl: smtp.url,
    from: "site@agency.example",
  });
  const started = performance.now();
  const sent = await worker.runOnce();
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  await smtp.close();
  await db.destroy();
  console.log(
    `${dialect.padEnd(8)} ${sent} of ${MAILS} waiting mails sent in ${seconds.toFixed(1)} s = ${(sent / seconds).toFixed(0)} mails/s (one SMTP connection, one process)`,
  );
}

try {
  if (runs("backup")) {
    console.log(
      `\nBackup and restore (${LEADS} leads, CLI code paths, loopback PostgreSQL ${cluster.binaries.source})`,
    );
    await backupAndRestore("sqlite");
    await backupAndRestore("postgres");
  }

  if (runs("workers")) {
    console.log(
      `\nThroughput on SQLite, ${LOAD_SECONDS} s each, 16 connections (leads via the form API, then home page views)`,
    );
    const one = await throughput(1);
    const two = await throughput(2);
    console.log(`                     WEB_CONCURRENCY=1   WEB_CONCURRENCY=2`);
    console.log(`leads/s              ${one.leads.toFixed(0).padStart(17)}   ${two.leads.toFixed(0).padStart(17)}`);
    console.log(`pages/s              ${one.pages.toFixed(0).padStart(17)}   ${two.pages.toFixed(0).padStart(17)}`);
    if (one.failures + two.failures > 0) console.log(`failed requests: ${one.failures + two.failures}`);
  }
  if (runs("outage")) {
    console.log("\nPostgreSQL restarted under load (a private cluster, down 3 s)");
    console.log((await measurePostgresOutage({ downSeconds: 3 })).summary);
  }
  if (runs("outbox")) {
    console.log(`\nOutbox drain (${MAILS} waiting mails, a loopback SMTP server)`);
    await outboxDrain("sqlite");
    await outboxDrain("postgres");
  }
} finally {
  await cluster.stop();
  rmSync(temp, { recursive: true, force: true });
}
