import { spawnSync } from "node:child_process";
import { childEnv } from "./child-env";

/** The end-to-end tests run the production build, as `npm start` does: build it once, fresh. */
export default function setup() {
  // Without Vitest's NODE_ENV=test, which would make Vite build React's development bundle.
  const result = spawnSync("npm", ["run", "-s", "build"], {
    encoding: "utf8",
    env: childEnv({}),
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.status !== 0) {
    throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
  }
}
