// npx tsx scripts/compare-screens.ts <rev | folder> [--keep DIR]
// Screenshots of every public route at 1280×800 and 390×844, with JavaScript on and off, from the
// production build of <rev> (built in a temporary worktree; or the screenshots kept in a folder by an
// earlier --keep) and of this checkout (built here), then a pixel diff of each pair. Exits non-zero
// when any pair differs.

import { startAppServer } from "../tests/support/app-server";
import { launchBrowser } from "../tests/support/browser";
import { publicRoutes } from "../tests/support/public-routes";
import {
  captureScreens,
  differingPixels,
  SCREENS_SERVER_ENV,
  type Screenshot,
  screenshotName,
} from "../tests/support/screens";
import { build, compareArguments, keepFiles, keptFiles, ofRevision, root } from "./compare-kit";

const { rev, keepAt } = compareArguments("npx tsx scripts/compare-screens.ts <rev | folder> [--keep DIR]");

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
  keepFiles(
    keepAt,
    folder,
    shots.map((shot) => [screenshotName(shot), shot.png]),
  );
}

/** Screenshots by file name: those an earlier run kept in a folder, or those of a revision. */
async function screensBefore(): Promise<Map<string, Buffer>> {
  const kept = keptFiles(rev, ".png");
  if (kept) return kept;
  const shots = await ofRevision(rev, screensOf);
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
