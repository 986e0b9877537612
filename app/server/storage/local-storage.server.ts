import { link, lstat, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Storage } from "./storage.server";
import { sweepIncoming } from "./stored-files.server";

/** Files under DATA_DIR/uploads, sent by app/http with Express's `sendFile` (ranges for video, validators for revalidation). */
export function createLocalStorage(dir: string): Storage {
  const root = path.resolve(dir);
  const incomingDir = path.join(root, ".incoming");
  sweepIncoming(incomingDir);
  return {
    kind: "local",
    incomingDir,
    async put(key, file) {
      const target = path.join(root, key);
      await mkdir(path.dirname(target), { recursive: true });
      // A hard link never replaces an existing file (rename would): a name is never served for two files.
      await link(file.path, target);
      await rm(file.path, { force: true });
    },
    async delete(key) {
      await rm(path.join(root, key), { force: true });
    },
    async open(key) {
      // Only a regular file reached through real folders is served: a link placed in the folder (a
      // tampered backup, an operator's mistake) must not expose what it points to.
      if (!(await isPlainFileUnder(root, key))) return { kind: "missing" };
      return { kind: "file", root, key };
    },
  };
}

/** Whether `key` names a regular file under `root` with no symbolic link on the way (lstat, never stat). */
async function isPlainFileUnder(root: string, key: string) {
  const parts = key.split("/");
  if (parts.some((part) => part === "" || part === "." || part === "..")) return false;
  let current = root;
  for (const [index, part] of parts.entries()) {
    current = path.join(current, part);
    const stats = await lstat(current).catch(() => null);
    if (!stats) return false;
    const last = index === parts.length - 1;
    if (last ? !stats.isFile() : !stats.isDirectory()) return false;
  }
  return true;
}
