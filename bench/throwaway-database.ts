// A database a benchmark may fill and throw away: a SQLite file in a temporary folder, or a new
// database on PostgreSQL (TEST_DATABASE_URL's server, else a cluster started for the run), dropped
// with everything in it when the benchmark is done with it, whether it finished or failed.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { startPostgresCluster } from "../tests/support/postgres-cluster";

export async function withSqliteDatabase<T>(prefix: string, use: (db: Database) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  // Opened as the server opens it, with the background checkpointer: without it a commit that
  // crosses SQLite's WAL limit copies the WAL into the file itself, which the server's commits seldom do.
  const db = openDatabase(
    { dialect: "sqlite", file: path.join(dir, "bench.db") },
    { checkpointInBackground: { onError: (message) => console.error(`background checkpoint failed: ${message}`) } },
  );
  try {
    return await use(db);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function withPostgresDatabase<T>(use: (db: Database) => Promise<T>): Promise<T> {
  const cluster = process.env.TEST_DATABASE_URL ? undefined : await startPostgresCluster();
  const adminUrl = process.env.TEST_DATABASE_URL ?? cluster?.url ?? "";
  const databaseName = `bench_${crypto.randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    const db = openDatabase({ dialect: "postgres", connectionString: url.toString() });
    try {
      return await use(db);
    } finally {
      await db.destroy();
    }
  } finally {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    await cluster?.stop();
  }
}
