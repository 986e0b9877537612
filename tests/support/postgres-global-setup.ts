import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * Provides a PostgreSQL admin URL to the tests: TEST_DATABASE_URL when given, otherwise a throwaway
 * cluster started from the machine's PostgreSQL binaries on a free loopback port. No PostgreSQL is
 * a failure, never a skip: the suite's promise is that every test ran on both databases.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide("postgresUrl", given);
    return;
  }
  const binDir = findPostgresBinDir();
  if (!binDir) {
    throw new Error(
      "PostgreSQL server binaries were not found (looked in /usr/lib/postgresql/*/bin and pg_config). " +
        "Install them (apt-get install postgresql) or set TEST_DATABASE_URL to a database the tests may use.",
    );
  }
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "agency-pg-"));
  const dataDir = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, uid("postgres"), gid("postgres"));

  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
    const result = spawnSync(file, argv, { encoding: "utf8" });
    if (result.status !== 0) {
      throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout || result.error}`);
    }
  };

  run(path.join(binDir, "initdb"), ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`;
  run(path.join(binDir, "pg_ctl"), ["-D", dataDir, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  project.provide("postgresUrl", `postgres://postgres@127.0.0.1:${port}/postgres`);

  return () => {
    try {
      run(path.join(binDir, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

function findPostgresBinDir() {
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => existsSync(path.join(root, name, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], "bin");
  }
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
    if (existsSync(path.join(dir, "initdb"))) return dir;
  } catch {}
  return undefined;
}

function uid(user: string) {
  return Number(execFileSync("id", ["-u", user], { encoding: "utf8" }).trim());
}

function gid(user: string) {
  return Number(execFileSync("id", ["-g", user], { encoding: "utf8" }).trim());
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
