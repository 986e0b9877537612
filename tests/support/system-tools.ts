import { execFileSync, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";

/**
 * The few tests that put real outside programs next to the app (nginx in front of it, PostgreSQL's
 * own pg_dump) need them from the machine: npm carries neither. On Debian or Ubuntu as root, what is
 * missing is installed from the distribution's packages, once, so `npm test` still needs nothing
 * beforehand; elsewhere the failure names the package to install.
 */
export function ensureSystemTool(tool: string, debianPackage: string, searchDirs: string[] = []): string {
  const found = findExecutable(tool, searchDirs);
  if (found) return found;
  const canInstall = process.getuid?.() === 0 && findExecutable("apt-get", []);
  if (!canInstall) {
    throw new Error(`${tool} was not found: install ${debianPackage} (Debian/Ubuntu) or your system's equivalent.`);
  }
  const apt = (args: string[]) =>
    spawnSync("apt-get", args, {
      encoding: "utf8",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      stdio: ["ignore", "pipe", "pipe"],
    });
  let result = apt(["install", "-y", "-qq", "--no-install-recommends", debianPackage]);
  // A fresh machine has no package lists yet.
  if (result.status !== 0) {
    apt(["update", "-qq"]);
    result = apt(["install", "-y", "-qq", "--no-install-recommends", debianPackage]);
  }
  const installed = findExecutable(tool, searchDirs);
  if (!installed) {
    throw new Error(`${tool} was not found and installing ${debianPackage} failed:\n${result.stderr || result.stdout}`);
  }
  return installed;
}

function findExecutable(tool: string, searchDirs: string[]) {
  const dirs = [...searchDirs, ...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/sbin"].filter(Boolean);
  for (const dir of dirs) {
    const file = path.join(dir, tool);
    try {
      accessSync(file, constants.X_OK);
      // Debian's /usr/bin/pg_dump is a wrapper that fails when no versioned client is installed.
      if (tool.startsWith("pg_")) execFileSync(file, ["--version"], { stdio: "ignore" });
      return file;
    } catch {}
  }
  return undefined;
}
