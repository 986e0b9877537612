// `npm start`'s first step: builds the app only when its sources changed since the last build, so a
// restart serves within seconds. The stamp is a hash of every file the build reads (the app, public
// files, build configuration and the locked dependencies), written into build/ after a build.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const SOURCES = [
  "app",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
const STAMP = path.join(root, "build", ".source-hash");
const OUTPUT = path.join(root, "build", "server", "index.js");

function filesUnder(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((child) => !child.name.startsWith("."))
    .flatMap((child) => filesUnder(path.join(entry, child.name)));
}

export function sourceHash() {
  const hash = createHash("sha256");
  for (const file of SOURCES.flatMap(filesUnder).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

const current = sourceHash();
const stamped = existsSync(STAMP) ? readFileSync(STAMP, "utf8").trim() : null;
if (stamped === current && existsSync(OUTPUT)) {
  console.log("Build is up to date: no source changed since the last build. Starting the server.");
} else {
  console.log(
    stamped === null || !existsSync(OUTPUT)
      ? "No build yet: building the app (about a minute)…"
      : "Sources changed since the last build: building the app (about a minute)…",
  );
  const build = spawnSync(path.join(root, "node_modules", ".bin", "react-router"), ["build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(STAMP, `${current}\n`);
}
