import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { copyFile, cp, mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { pipeline } from "node:stream/promises";
import type { Config } from "../config.server";
import { createPostgresPool, openDatabase } from "../db/database.server";
import { migrateToLatest, migrationNames } from "../db/migrate.server";
import {
  BackupError,
  type BackupManifest,
  POSTGRES_FILE,
  readManifest,
  SQLITE_FILE,
  UPLOADS_DIR,
} from "./backup.server";
import { findPostgresTool, runPostgresTool } from "./postgres-tools.server";

type RestoreTarget = Pick<Config, "database" | "storage">;

/**
 * Restores a backup into the configured, empty database (and uploads folder). A non-empty target is
 * refused unless `force`; so is a backup that a newer version of the app made (its migrations are
 * unknown to this code), and one whose files do not match their checksums. The database is migrated
 * to this code's level afterwards, as a start would.
 */
export async function restoreBackup(target: RestoreTarget, dir: string, { force = false } = {}) {
  const started = performance.now();
  const manifest = await readManifest(dir);
  const unknown = manifest.migrations.filter((name) => !migrationNames.includes(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `This backup was made by a newer version of the app (${manifest.product.version}; its database has migration ${unknown.join(", ")}, which this code does not know). Update the app first, then restore.`,
    );
  }
  if (manifest.dialect !== target.database.dialect) {
    throw new BackupError(
      `This is a backup of a ${manifest.dialect === "sqlite" ? "SQLite" : "PostgreSQL"} database; the environment configures ${target.database.dialect === "sqlite" ? "SQLite (DATA_DIR)" : "PostgreSQL (DATABASE_URL)"}. Restore it where it came from.`,
    );
  }
  await verifyChecksums(dir, manifest);
  const uploadsTarget = target.storage.kind === "local" ? target.storage.dir : null;
  if (!force) {
    const occupied = [
      ...(await databaseContents(target)),
      ...(uploadsTarget && (await hasFiles(uploadsTarget)) ? [`files in ${uploadsTarget}`] : []),
    ];
    if (occupied.length > 0) {
      throw new BackupError(
        `The target is not empty (${occupied.join("; ")}). Restore into an empty DATA_DIR or database, or add --force to replace what is there (stop the app first).`,
      );
    }
  }

  if (target.database.dialect === "sqlite") await restoreSqlite(path.join(dir, SQLITE_FILE), target.database.file);
  else await restorePostgres(path.join(dir, POSTGRES_FILE), target.database.connectionString, force);

  const db = openDatabase(target.database);
  try {
    const restoredCounts = await countRows(db, Object.keys(manifest.rowCounts));
    const differing = Object.entries(manifest.rowCounts).filter(([table, count]) => restoredCounts[table] !== count);
    if (differing.length > 0) {
      throw new BackupError(
        `The restored database differs from the backup in ${differing.map(([table]) => table).join(", ")}.`,
      );
    }
    await migrateToLatest(db);
    // Leases of the processes that ran when the backup was taken: none of them runs here.
    await db.deleteFrom("background_leases").execute();
  } finally {
    await db.destroy();
  }
  const uploads = manifest.uploads === "local" && uploadsTarget ? await restoreUploads(dir, uploadsTarget) : 0;
  return { manifest, uploads, seconds: (performance.now() - started) / 1000 };
}

async function verifyChecksums(dir: string, manifest: BackupManifest) {
  for (const file of manifest.files) {
    const full = path.join(dir, ...file.path.split("/"));
    if (!existsSync(full)) throw new BackupError(`The backup is incomplete: ${file.path} is missing.`);
    const hash = createHash("sha256");
    await pipeline(createReadStream(full), hash);
    if (hash.digest("hex") !== file.sha256) {
      throw new BackupError(`The backup is damaged: ${file.path} does not match its checksum. Nothing was restored.`);
    }
  }
}

/** What the target database already holds, in words; empty when there is nothing. */
async function databaseContents(target: RestoreTarget): Promise<string[]> {
  if (target.database.dialect === "sqlite") {
    const file = target.database.file;
    if (!existsSync(file)) return [];
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const row = db.prepare("select count(*) as count from sqlite_master where type = 'table'").get() as {
        count: number;
      };
      return Number(row.count) > 0 ? [`a database at ${file}`] : [];
    } finally {
      db.close();
    }
  }
  const pool = createPostgresPool(target.database.connectionString, 1);
  try {
    const { rows } = await pool.query<{ count: string }>(
      "select count(*) as count from pg_tables where schemaname = current_schema()",
    );
    return Number(rows[0]?.count) > 0 ? [`${rows[0]?.count} tables in the database`] : [];
  } finally {
    await pool.end();
  }
}

async function hasFiles(dir: string) {
  if (!existsSync(dir)) return false;
  return (await readdir(dir, { withFileTypes: true, recursive: true })).some(
    (entry) => entry.isFile() && !path.join(entry.parentPath, entry.name).includes(`${path.sep}.incoming`),
  );
}

/** Copies next to the target and renames it into place, so the target is never half-written. */
async function restoreSqlite(backupFile: string, file: string) {
  await mkdir(path.dirname(file), { recursive: true });
  const incoming = `${file}.restoring`;
  await copyFile(backupFile, incoming);
  const copy = new DatabaseSync(incoming);
  try {
    const [check] = copy.prepare("pragma integrity_check").all() as { integrity_check: string }[];
    if (check?.integrity_check !== "ok")
      throw new BackupError(`The backup's database is damaged: ${check?.integrity_check}`);
  } finally {
    copy.close();
  }
  // The old database's write-ahead log must not be replayed onto the restored file.
  for (const suffix of ["-wal", "-shm"]) await rm(`${file}${suffix}`, { force: true });
  await rename(incoming, file);
}

/**
 * pg_restore in one transaction: it restores everything or nothing. With --force the tables there
 * are dropped first, in the same way (one transaction), so the database is never left half-replaced
 * by this step.
 */
async function restorePostgres(dumpFile: string, connectionString: string, force: boolean) {
  const pgRestore = findPostgresTool("pg_restore");
  if (force) {
    const pool = createPostgresPool(connectionString, 1);
    try {
      const { rows } = await pool.query<{ name: string }>(
        "select tablename as name from pg_tables where schemaname = current_schema()",
      );
      if (rows.length > 0) {
        await pool.query(`drop table ${rows.map((row) => `"${row.name.replaceAll('"', '""')}"`).join(", ")} cascade`);
      }
    } finally {
      await pool.end();
    }
  }
  await runPostgresTool(pgRestore, connectionString, [
    "--single-transaction",
    "--exit-on-error",
    "--no-owner",
    "--no-acl",
    dumpFile,
  ]);
}

async function countRows(db: ReturnType<typeof openDatabase>, tables: string[]) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    // biome-ignore lint/suspicious/noExplicitAny: the backup's tables, named at run time.
    const row = await (db as any)
      .selectFrom(table)
      .select((eb: { fn: { countAll(): { as(name: string): unknown } } }) => eb.fn.countAll().as("count"))
      .executeTakeFirst();
    counts[table] = Number(row?.count ?? 0);
  }
  return counts;
}

/** Puts the backup's uploads into the uploads folder; returns how many files it copied. */
async function restoreUploads(dir: string, uploadsDir: string) {
  const from = path.join(dir, UPLOADS_DIR);
  if (!existsSync(from)) return 0;
  await mkdir(uploadsDir, { recursive: true });
  await cp(from, uploadsDir, { recursive: true, force: true });
  return (await readdir(from, { withFileTypes: true, recursive: true })).filter((entry) => entry.isFile()).length;
}
