import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DatabaseConfig } from "~/server/config.server";
import type { Dialect } from "~/server/db/database.server";
import { type AppServer, startAppServer } from "./app-server";
import { createEmptyDatabase } from "./databases";

export type SharedDeployment = {
  servers: AppServer[];
  database: DatabaseConfig;
  stop(): Promise<void>;
};

/**
 * Several app processes (the production build) on one database, as a deployment with more than one
 * process runs: one PostgreSQL database of the test cluster, or one SQLite file in a shared folder.
 * They start one after the other, so the first migrates and seeds.
 */
export async function startSharedDeployment(
  dialect: Dialect,
  count: number,
  env: Record<string, string | undefined> = {},
): Promise<SharedDeployment> {
  const postgres = dialect === "postgres" ? await createEmptyDatabase("postgres") : undefined;
  const sharedDir = mkdtempSync(path.join(os.tmpdir(), "agency-shared-"));
  const database: DatabaseConfig = postgres?.config ?? { dialect: "sqlite", file: path.join(sharedDir, "app.db") };
  const where = database.dialect === "postgres" ? { DATABASE_URL: database.connectionString } : { DATA_DIR: sharedDir };
  const servers: AppServer[] = [];
  try {
    for (let index = 0; index < count; index++) {
      const server = await startAppServer({ ...env, ...where });
      servers.push({ ...server, database });
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    throw error;
  }
  return {
    servers,
    database,
    async stop() {
      await Promise.all(servers.map((server) => server.stop()));
      await postgres?.drop();
      rmSync(sharedDir, { recursive: true, force: true });
    },
  };
}
