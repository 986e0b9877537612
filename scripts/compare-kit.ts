// What the before/after comparisons (compare-screens, compare-html) share: their arguments, building
// a revision in a worktree of its own, and keeping what each side rendered in a folder for later runs.
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { childEnv } from "../tests/support/child-env";

export const root = path.resolve(import.meta.dirname, "..");

/** `<rev | folder> [--keep DIR]` from the command line; exits with `usage` when the first is missing. */
export function compareArguments(usage: string) {
  const [rev, ...rest] = process.argv.slice(2);
  if (!rev) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return { rev, keepAt: rest[0] === "--keep" ? rest[1] : undefined };
}

/** The production build of the checkout at `cwd`. */
export function build(cwd: string) {
  const result = spawnSync("npm", ["run", "-s", "build"], { cwd, encoding: "utf8", env: childEnv({}) });
  if (result.status !== 0) throw new Error(`build failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
}

/** `take` run on a built worktree of `revision` (sharing this checkout's node_modules), removed after. */
export async function ofRevision<T>(revision: string, take: (worktree: string) => Promise<T>): Promise<T> {
  const worktree = mkdtempSync(path.join(os.tmpdir(), "compare-"));
  try {
    execFileSync("git", ["worktree", "add", "--detach", worktree, revision], { cwd: root, stdio: "ignore" });
    symlinkSync(path.join(root, "node_modules"), path.join(worktree, "node_modules"));
    build(worktree);
    return await take(worktree);
  } finally {
    execFileSync("git", ["worktree", "remove", "--force", worktree], { cwd: root, stdio: "ignore" });
    rmSync(worktree, { recursive: true, force: true });
  }
}

/** Writes each file into `keepAt/folder`; nothing without `--keep`. */
export function keepFiles(keepAt: string | undefined, folder: string, files: Iterable<[string, string | Buffer]>) {
  if (!keepAt) return;
  mkdirSync(path.join(keepAt, folder), { recursive: true });
  for (const [name, content] of files) writeFileSync(path.join(keepAt, folder, name), content);
}

/** The files an earlier `--keep` wrote into `folder` with this extension, by name; null when `folder` is not one. */
export function keptFiles(folder: string, extension: string): Map<string, Buffer> | null {
  if (!existsSync(folder)) return null;
  const files = readdirSync(folder).filter((file) => file.endsWith(extension));
  return new Map(files.map((file) => [file, readFileSync(path.join(folder, file))]));
}
