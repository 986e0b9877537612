// node --expose-gc bench/loaded-modules.js — the modules a production server process loads before its
// first request (the build in build/server and whatever it imports from node_modules), their count and
// source bytes by package, and the V8 heap used once the server listens. Plain JavaScript, like a
// worker's entry, so that Node's type stripper is not counted. Uses a throwaway DATA_DIR.
import { mkdtempSync } from "node:fs";
import { registerHooks } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const loaded = new Map();
registerHooks({
  load(url, context, nextLoad) {
    const result = nextLoad(url, context);
    if (url.startsWith("file:") && result.source != null) loaded.set(url, result.source.length);
    return result;
  },
});

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "loaded-modules-"));
process.env.PORT ??= "0";
process.env.LOG_LEVEL ??= "silent";
const { loadProductionApp } = await import(path.join(root, "serve-app.js"));
const { startServer, options } = await loadProductionApp(root);
const running = await startServer({ ...options, clustered: false });

const byPackage = new Map();
for (const [url, bytes] of loaded) {
  const file = fileURLToPath(url);
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  const name = match ? match[1] : path.relative(root, file).split(path.sep).slice(0, 2).join("/");
  const entry = byPackage.get(name) ?? { modules: 0, bytes: 0 };
  entry.modules += 1;
  entry.bytes += bytes;
  byPackage.set(name, entry);
}
globalThis.gc?.();
await new Promise((resolve) => setTimeout(resolve, 500));
globalThis.gc?.();
const total = [...byPackage.values()].reduce(
  (sum, entry) => ({ modules: sum.modules + entry.modules, bytes: sum.bytes + entry.bytes }),
  { modules: 0, bytes: 0 },
);
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(2);
for (const [name, entry] of [...byPackage].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 25)) {
  console.log(`${name.padEnd(40)} ${String(entry.modules).padStart(5)} modules ${mb(entry.bytes).padStart(7)} MB`);
}
const memory = process.memoryUsage();
console.log(
  `total: ${total.modules} modules, ${mb(total.bytes)} MB of source; heap used ${mb(memory.heapUsed)} MB, RSS ${mb(memory.rss)} MB`,
);
await running?.close?.();
process.exit(0);
