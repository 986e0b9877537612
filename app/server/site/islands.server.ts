import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { HYDRATION_MANIFEST, ISLANDS_MANIFEST, isIslandEntry } from "~/lib/islands";

/** The built islands' addresses by name, as the browser build listed them. */
export function builtIslandUrls(clientDir: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(path.join(clientDir, ISLANDS_MANIFEST), "utf8")) as Record<string, string>;
  } catch {
    return {};
  }
}

/** The modules a page loads when it hydrates, as the browser build listed them (none when unknown). */
export function builtHydrationModules(clientDir: string): string[] {
  try {
    return JSON.parse(readFileSync(path.join(clientDir, HYDRATION_MANIFEST), "utf8")) as string[];
  } catch {
    return [];
  }
}

/** The islands' addresses under Vite's dev server, which builds each module when it is asked for. */
export function devIslandUrls(root = process.cwd()): Record<string, string> {
  return Object.fromEntries(
    readdirSync(path.join(root, "app/islands"))
      .filter(isIslandEntry)
      .map((file) => [file.slice(0, -3), `/app/islands/${file}`]),
  );
}
