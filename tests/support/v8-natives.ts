import { spawnSync } from "node:child_process";

/**
 * Runs an ES module `script` in a Node process of its own with V8's natives syntax allowed
 * (`%HaveSameMap`, `%GetFeedback`: V8's own view of hidden classes and inline caches, which no timing
 * can stand in for), TypeScript and the app's `~/` imports resolved by tsx, and any further V8 `flags`.
 * The script prints one JSON value; that value is returned. Anything on standard error fails the test.
 */
export function runWithV8Natives<T>(script: string, flags: string[] = []): T {
  const run = spawnSync(
    process.execPath,
    ["--allow-natives-syntax", ...flags, "--import", "tsx", "--input-type=module", "--eval", script],
    { encoding: "utf8" },
  );
  if (run.status !== 0 || run.stderr) throw new Error(`the script failed (${run.status}):\n${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}
