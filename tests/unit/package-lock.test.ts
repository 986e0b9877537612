import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

type LockEntry = { optionalDependencies?: Record<string, string>; os?: string[]; cpu?: string[] };
const lock = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package-lock.json"), "utf8")) as {
  packages: Record<string, LockEntry>;
};

/** Where Node would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolvesFrom(from: string, name: string) {
  let base = from;
  for (;;) {
    if (`${base ? `${base}/` : ""}node_modules/${name}` in lock.packages) return true;
    if (!base) return false;
    const parent = base.lastIndexOf("/node_modules/");
    base = parent >= 0 ? base.slice(0, parent) : "";
  }
}

describe("package-lock.json", () => {
  it("lists every platform's optional packages, so `npm ci` works on any machine and `npm install` leaves it as it is", () => {
    const missing = Object.entries(lock.packages).flatMap(([from, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolvesFrom(from, name))
        .map((name) => `${from || "(root)"} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("holds the native builds of other platforms than this one", () => {
    const platforms = new Set(Object.values(lock.packages).flatMap((entry) => entry.os ?? []));
    expect([...platforms]).toEqual(expect.arrayContaining(["darwin", "linux", "win32"]));
  });
});
