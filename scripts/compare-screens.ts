// npx tsx scripts/compare-screens.ts <rev | folder> [--keep DIR]
// Screenshots of every public route at 1280×800 and 390×844, with JavaScript on and off, from the
// production build of <rev> (built in a temporary worktree; or the screenshots kept in a folder by an
// earlier --keep) and of this checkout (built here), then a pixel diff of each pair. Exits non-zero
// when any pair differs.
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
import { startAppServer } from "../tests/support/app-server";
import { launchBrowser } from "../tests/support/browser";
import { childEnv } from "../tests/support/child-env";
import { publicRoutes } from "../tests/support/public-routes";
import {
  captureScreens,
  differingPixels,
  SCREENS_SERVER_ENV,
  type Screenshot,
  screenshotName,
} from "../tests/support/screens";

const root = path.resolve(import.meta.dirname, "..");
const [rev, ...rest] = process.argv.slice(2);
if (!rev) {
  console.error("usage: npx tsx scripts/compare-screens.ts <rev> [--keep DIR]");
  process.exit(2);
}
const keepAt = rest[0] === "--keep" ? rest[1] : undefined;

function build(cwd: string) {
  const result = spawnSync("npm", ["run", "-s", "build"], { cwd, encoding: "utf8", env: childEnv({}) });
  if (result.status !== 0) throw new Error(`build failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
}

async function screensOf(cwd: string) {
  const server = await startAppServer(SCREENS_SERVER_ENV, { cwd });
  const browser = await launchBrowser();
  try {
    return [
      ...(await captureScreens(browser, server.url, publicRoutes, { javaScript: true })),
      ...(await captureScreens(browser, server.url, publicRoutes, { javaScript: false })),
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

function keep(shots: Screenshot[], folder: string) {
  if (!keepAt) return;
  mkdirSync(path.join(keepAt, folder), { recursive: true });
  for (const shot of shots) writeFileSync(path.join(keepAt, folder, screenshotName(shot)), shot.png);
}

async function screensOfRevision(revision: string) {
  const worktree = mkdtempSync(path.join(os.tmpdir(), "compare-screens-"));
  try {
    execFileSync("git", ["worktree", "add", "--detach", worktree, revision], { cwd: root, stdio: "ignore" });
    symlinkSync(path.join(root, "node_modules"), path.join(worktree, "node_modules"));
    build(worktree);
    return await screensOf(worktree);
  } finally {
    execFileSync("git", ["worktree", "remove", "--force", worktree], { cwd: root, stdio: "ignore" });
    rmSync(worktree, { recursive: true, force: true });
  }
}

/** Screenshots by file name: those an earlier run kept in a folder, or those of a revision. */
async function screensBefore(): Promise<Map<string, Buffer>> {
  if (existsSync(rev!)) {
    const files = readdirSync(rev!).filter((file) => file.endsWith(".png"));
    return new Map(files.map((file) => [file, readFileSync(path.join(rev!, file))]));
  }
  const shots = await screensOfRevision(rev!);
  keep(shots, "before");
  return new Map(shots.map((shot) => [screenshotName(shot), shot.png]));
}

const before = await screensBefore();
build(root);
const after = await screensOf(root);
keep(after, "after");

let differing = 0;
for (const shot of after) {
  const name = screenshotName(shot);
  const old = before.get(name);
  if (!old) {
    console.log(`${name.padEnd(60)} no screenshot of ${rev}`);
    differing++;
    continue;
  }
  const diff = differingPixels(old, shot.png);
  if (diff.pixels > 0) differing++;
  console.log(`${name.padEnd(60)} ${String(diff.pixels).padStart(9)} px differ  (${diff.sizes})`);
}
console.log(`\n${after.length - differing} of ${after.length} screenshots identical to ${rev}.`);
process.exitCode = differing === 0 ? 0 : 1;
