import { findChromium } from "./browser";

/** Finds (and, from npm, unpacks) the browser once, before the test files start theirs in parallel. */
export default async function setup() {
  const install = await findChromium();
  process.stdout.write(`Chromium: ${install.executablePath} (${install.source})\n`);
}
