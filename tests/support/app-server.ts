import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import type { DatabaseConfig } from "~/server/config.server";
import type { Dialect } from "~/server/db/database.server";
import { childEnv } from "./child-env";
import { createEmptyDatabase } from "./databases";

export type AppServer = {
  url: string;
  dataDir: string;
  database: DatabaseConfig;
  process: ChildProcess;
  output(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Runs the production build (`node server.ts`) on a free loopback port with its own data folder, on a
 * fresh SQLite file or a fresh PostgreSQL database of the test cluster.
 */
export async function startAppServer(
  env: Record<string, string | undefined> = {},
  { dialect = "sqlite" }: { dialect?: Dialect } = {},
): Promise<AppServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-e2e-"));
  const postgres = dialect === "postgres" ? await createEmptyDatabase("postgres") : undefined;
  const database: DatabaseConfig = postgres?.config ?? { dialect: "sqlite", file: path.join(dataDir, "app.db") };
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: root,
    env: childEnv({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: database.dialect === "postgres" ? database.connectionString : undefined,
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not answer /healthz in 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    url,
    dataDir,
    database,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
      return code;
    },
  };
}

export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
