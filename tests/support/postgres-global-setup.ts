import type { TestProject } from "vitest/node";
import { startPostgresCluster } from "./postgres-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * Provides a PostgreSQL admin URL to the tests: TEST_DATABASE_URL when given, otherwise a throwaway
 * cluster (the machine's PostgreSQL, else the one from npm). No PostgreSQL is a failure, never a
 * skip: the suite's promise is that every test ran on both databases.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide("postgresUrl", given);
    return;
  }
  const cluster = await startPostgresCluster();
  process.stdout.write(`PostgreSQL: ${cluster.binaries.dir} (${cluster.binaries.source})\n`);
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}
