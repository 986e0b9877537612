import { spawn } from "node:child_process";
import path from "node:path";
import { childEnv } from "./child-env";
import { gatherOutput } from "./child-output";

const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");

/**
 * Runs `npm run cli -- …` (or another of the operator's scripts, e.g. `scripts/db-migrate.ts`) as an
 * operator would, on Node 24; resolves with its exit code and output.
 */
export function runCli(args: string[], env: Record<string, string | undefined>, script = "scripts/cli.ts") {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [tsx, script, ...args], {
      cwd: root,
      env: childEnv({ LOG_LEVEL: "warn", ...env }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = gatherOutput(child);
    child.on("exit", (code) => resolve({ code, output: output.text }));
  });
}
