import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import { type Leadership, runWhileLeader } from "../background/lease.server";
import type { Config } from "../config.server";
import { type BackupManifest, createBackup, MANIFEST } from "./backup.server";

const CHECK_EVERY_MS = 10 * 60 * 1000;
const PREFIX = "backup-";

/** The backups in `dir` (folders with a manifest), newest first. */
export async function listBackups(dir: string) {
  if (!existsSync(dir)) return [];
  const backups: { dir: string; createdAt: string }[] = [];
  for (const name of await readdir(dir)) {
    if (!name.startsWith(PREFIX)) continue;
    try {
      const manifest = JSON.parse(await readFile(path.join(dir, name, MANIFEST), "utf8")) as BackupManifest;
      backups.push({ dir: path.join(dir, name), createdAt: manifest.createdAt });
    } catch {
      // Unfinished (no manifest yet): not a backup.
    }
  }
  return backups.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Takes a backup into BACKUP_DIR when the newest there is older than BACKUP_EVERY_HOURS, and keeps
 * the newest BACKUP_KEEP. The schedule is read from the folder, so restarts and a new leader neither
 * skip nor repeat one.
 */
export async function takeScheduledBackup(
  config: Pick<Config, "database" | "storage" | "backups">,
  nowMs = Date.now(),
) {
  const settings = config.backups;
  if (!settings) return null;
  const [newest] = await listBackups(settings.dir);
  let taken: string | null = null;
  if (!newest || nowMs - Date.parse(newest.createdAt) >= settings.everyMs) {
    const dir = path.join(settings.dir, `${PREFIX}${new Date(nowMs).toISOString().replace(/[:.]/g, "-")}`);
    // The folder of backups is the owner's alone, as each backup in it is.
    await mkdir(settings.dir, { recursive: true, mode: 0o700 });
    await chmod(settings.dir, 0o700);
    try {
      await createBackup(config, dir);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    taken = dir;
  }
  for (const old of (await listBackups(settings.dir)).slice(settings.keep)) {
    await rm(old.dir, { recursive: true, force: true });
  }
  return taken;
}

/** In the leading process only: one backup per period for the whole deployment. */
export function startScheduledBackups(
  config: Pick<Config, "database" | "storage" | "backups">,
  leadership: Leadership,
  logger: Logger,
) {
  if (!config.backups) return async () => {};
  return runWhileLeader(
    leadership,
    async () => {
      const taken = await takeScheduledBackup(config);
      if (taken) logger.info({ dir: taken }, "scheduled backup written");
    },
    { everyMs: Math.min(CHECK_EVERY_MS, config.backups.everyMs), logger, label: "scheduled backup" },
  );
}
