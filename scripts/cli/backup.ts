// npm run cli -- backup <dir> | restore <dir> [--force]: the operator's backup commands.
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, createBackup } from "~/server/backup/backup.server";
import { restoreBackup } from "~/server/backup/restore.server";
import { ConfigError, parseConfig } from "~/server/config.server";
import { MigrationError } from "~/server/db/migrate.server";
import { announceDatabase } from "../database-name";

export const backupUsage = `  backup <dir>              a consistent backup (database, local uploads, manifest) into a new folder,
                            while the site keeps running
  restore <dir> [--force]   restores a backup into the empty DATA_DIR or database of the environment;
                            --force replaces what is there (stop the app first)`;

const kb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Runs `backup` or `restore`; returns the exit code. */
export async function runBackupCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: "boolean" } },
  });
  const [command, dirArgument] = positionals;
  if (!dirArgument || positionals.length > 2) {
    console.error(`Usage: npm run cli -- ${command === "restore" ? "restore <dir> [--force]" : "backup <dir>"}`);
    return 2;
  }
  const dir = path.resolve(dirArgument);
  try {
    const config = parseConfig();
    announceDatabase(config.database);
    if (command === "backup") {
      const manifest = await createBackup(config, dir);
      const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
      console.log(
        `Backup written to ${dir} in ${manifest.seconds.toFixed(1)} s: ${manifest.dialect}, ${manifest.rowCounts.leads ?? 0} leads, ${manifest.files.length} files, ${kb(bytes)}.`,
      );
      if (manifest.uploads === "s3") {
        console.log("Uploads are in the S3 bucket and not in this backup: keep the bucket versioned or replicated.");
      }
      return 0;
    }
    const restored = await restoreBackup(config, dir, { force: values.force === true });
    console.log(
      `Restored the backup of ${restored.manifest.createdAt} (version ${restored.manifest.product.version}) in ${restored.seconds.toFixed(1)} s: ${restored.manifest.rowCounts.leads ?? 0} leads, ${restored.uploads} uploaded files.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError || error instanceof MigrationError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
