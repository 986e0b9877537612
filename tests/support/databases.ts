import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, inject } from "vitest";
import type { DatabaseConfig } from "~/server/config.server";
import { type Dialect, openDatabase } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { seedDatabase } from "~/server/db/seed.server";
import { throwFirstFailure } from "./settled";

export const dialects: Dialect[] = ["sqlite", "postgres"];

export type TestDatabase = {
  dialect: Dialect;
  config: DatabaseConfig;
  db: Database;
  /** Opens a second, independent connection to the same database (another "process"). */
  reopen(): Database;
  drop(): Promise<void>;
};

/** A fresh, empty database of the given dialect: a temp SQLite file, or a new PostgreSQL database. */
export async function createEmptyDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "agency-sqlite-"));
    const config: DatabaseConfig = { dialect: "sqlite", file: path.join(dir, "app.db") };
    return openedDatabase(dialect, config, () => rmSync(dir, { recursive: true, force: true }));
  }
  const adminUrl = inject("postgresUrl");
  const name = `test_${crypto.randomUUID().replaceAll("-", "")}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config: DatabaseConfig = { dialect: "postgres", connectionString: url.toString() };
  return openedDatabase(dialect, config, () =>
    withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  );
}

/** The database opened, with every connection `reopen` adds closed before `remove` deletes it. */
function openedDatabase(dialect: Dialect, config: DatabaseConfig, remove: () => unknown): TestDatabase {
  const db = openDatabase(config);
  const opened = [db];
  return {
    dialect,
    config,
    db,
    reopen() {
      const another = openDatabase(config);
      opened.push(another);
      return another;
    },
    async drop() {
      for (const each of opened) await each.destroy();
      await remove();
    },
  };
}

export async function createMigratedDatabase(dialect: Dialect) {
  const database = await createEmptyDatabase(dialect);
  await migrateToLatest(database.db);
  return database;
}

/**
 * For a describe block: each test that calls the returned function gets its own migrated database
 * (with the site's seed content when asked), dropped after that test.
 */
export function databasePerTest(dialect: Dialect) {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    // One drop that fails does not leave the others behind.
    throwFirstFailure(await Promise.allSettled(opened.splice(0).map((database) => database.drop())));
  });
  return async function freshDatabase(options: { seeded?: boolean } = {}) {
    const database = await createMigratedDatabase(dialect);
    opened.push(database);
    if (options.seeded) await seedDatabase(database.db);
    return database;
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
