import { spawnSync } from "node:child_process";

/**
 * Builds the app for production before a bench measures it, unless `--no-build` was given (the build
 * as it is, say for an A/B of an environment variable). A failed build ends the bench with its status.
 */
export function buildUnlessNoBuild() {
  if (process.argv.includes("--no-build")) return;
  const build = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
