import path from "node:path";
import { describe, expect, it } from "vitest";
import { listBackups, takeScheduledBackup } from "~/server/backup/schedule.server";
import { databasePerTest, dialects } from "../support/databases";
import { tempDirPerTest } from "../support/temp-dirs";

const HOUR = 60 * 60 * 1000;

describe.each(dialects)("scheduled backups on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);
  const tempDir = tempDirPerTest("agency-scheduled-");

  it("takes one when the newest is a period old, never twice in a period, and keeps BACKUP_KEEP", async () => {
    const database = await freshDatabase();
    const dir = tempDir();
    const config = {
      database: database.config,
      storage: { kind: "local" as const, dir: path.join(dir, "uploads") },
      backups: { dir: path.join(dir, "backups"), keep: 2, everyMs: HOUR },
    };
    const t0 = Date.now();
    expect(await takeScheduledBackup(config, t0)).not.toBeNull();
    // A restart, or another process becoming the leader, within the hour: nothing new.
    expect(await takeScheduledBackup(config, t0 + 10 * 60_000)).toBeNull();
    expect(await listBackups(config.backups.dir)).toHaveLength(1);
    expect(await takeScheduledBackup(config, t0 + HOUR + 60_000)).not.toBeNull();
    expect(await takeScheduledBackup(config, t0 + 2 * HOUR + 120_000)).not.toBeNull();
    // Three taken, the newest two kept.
    const kept = await listBackups(config.backups.dir);
    expect(kept).toHaveLength(2);
    expect(kept.map((backup) => path.basename(backup.dir))).toEqual([
      `backup-${new Date(t0 + 2 * HOUR + 120_000).toISOString().replace(/[:.]/g, "-")}`,
      `backup-${new Date(t0 + HOUR + 60_000).toISOString().replace(/[:.]/g, "-")}`,
    ]);
  });
});
