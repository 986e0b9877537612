import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DatabaseConfig } from "~/server/config.server";
import type { Dialect } from "~/server/db/database.server";
import { childEnv } from "./child-env";
import { gatherOutput } from "./child-output";
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
 * Runs the production build (`node server.ts`) with its own data folder, on a fresh SQLite file or a
 * fresh PostgreSQL database of the test cluster (`cwd`: another checkout's build). The server listens on port 0 (the system hands it a
 * free port) and tells us its address over IPC: no port is guessed and then bound again.
 */
export async function startAppServer(
  env: Record<string, string | undefined> = {},
  { dialect = "sqlite", cwd = root }: { dialect?: Dialect; cwd?: string } = {},
): Promise<AppServer> {
  const postgres = dialect === "postgres" ? await createEmptyDatabase("postgres") : undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-e2e-"));
  const database: DatabaseConfig = postgres?.config ?? { dialect: "sqlite", file: path.join(dataDir, "app.db") };
  const child = spawn(process.execPath, ["server.ts"], {
    cwd,
    env: childEnv({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: database.dialect === "postgres" ? database.connectionString : undefined,
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const gathered = gatherOutput(child);
  const exited = once(child, "exit").then(([code]) => code as number | null);

  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${gathered.text}`)), 60_000);
      child.on("message", (message: { event?: string; url?: string }) => {
        if (message.event === "listening" && message.url) {
          clearTimeout(timer);
          resolve(message.url);
        }
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${gathered.text}`));
      });
    });
    // The IPC channel has done its job; it must not keep either process waiting.
    child.disconnect();
    const health = await fetch(`${url}/healthz`);
    if (!health.ok) throw new Error(`server answered /healthz with ${health.status}:\n${gathered.text}`);
  } catch (error) {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
    throw error;
  }

  return {
    url,
    dataDir,
    database,
    process: child,
    output: () => gathered.text,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
      return code;
    },
  };
}
