import { spawnSync } from "node:child_process";

/** The end-to-end tests run the production build, as `npm start` does: build it once, fresh. */
export default function setup() {
  const result = spawnSync("npm", ["run", "-s", "build"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0) {
    throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
  }
}
