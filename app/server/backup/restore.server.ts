import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { copyFile, lstat, mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { pipeline } from "node:stream/promises";
import type { Config } from "../config.server";
import { createPostgresPool, openDatabase } from "../db/database.server";
import { migrateToLatest, migrationNames } from "../db/migrate.server";
import {
  BackupError,
  type BackupManifest,
  MANIFEST,
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
  await verifyBackupFiles(dir, manifest);
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
  const uploads =
    manifest.uploads === "local" && uploadsTarget ? await restoreUploads(dir, manifest, uploadsTarget) : 0;
  return { manifest, uploads, seconds: (performance.now() - started) / 1000 };
}

/**
 * A restore reads only what the manifest vouches for: the database file and every upload must be
 * listed with its checksum, and be a regular file reached through real folders. A link, a device or
 * a file the manifest does not list is refused before anything is restored, so a tampered backup
 * cannot make the restore (or, later, the site) read the host's files.
 */
async function verifyBackupFiles(dir: string, manifest: BackupManifest) {
  const listed = new Set<string>();
  for (const file of manifest.files) {
    const parts = typeof file.path === "string" ? file.path.split("/") : [];
    if (parts.length === 0 || parts.some((part) => part === "" || part === "." || part === "..")) {
      throw new BackupError(`The backup's manifest names a file outside the backup (${String(file.path)}).`);
    }
    listed.add(file.path);
  }
  const databaseFile = manifest.dialect === "sqlite" ? SQLITE_FILE : POSTGRES_FILE;
  if (!listed.has(databaseFile)) {
    throw new BackupError(
      `The backup's manifest does not list ${databaseFile} with its checksum. Nothing was restored.`,
    );
  }
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (relative === MANIFEST || entry.isDirectory()) continue;
    if (!entry.isFile()) {
      throw new BackupError(
        `The backup holds ${relative}, which is not a regular file (a link?). Nothing was restored.`,
      );
    }
    if (!listed.has(relative)) {
      throw new BackupError(`The backup holds ${relative}, which its manifest does not list. Nothing was restored.`);
    }
  }
  for (const file of manifest.files) {
    const full = path.join(dir, ...file.path.split("/"));
    if (!existsSync(full)) throw new BackupError(`The backup is incomplete: ${file.path} is missing.`);
    if (!(await isPlainFile(dir, file.path))) {
      throw new BackupError(
        `The backup holds ${file.path} as something other than a regular file. Nothing was restored.`,
      );
    }
    const hash = createHash("sha256");
    await pipeline(createReadStream(full), hash);
    if (hash.digest("hex") !== file.sha256) {
      throw new BackupError(`The backup is damaged: ${file.path} does not match its checksum. Nothing was restored.`);
    }
  }
}

/** Whether `relative` is a regular file under `dir` with no symbolic link on the way (lstat, never stat). */
async function isPlainFile(dir: string, relative: string) {
  const parts = relative.split("/");
  let current = dir;
  for (const [index, part] of parts.entries()) {
    current = path.join(current, part);
    const stats = await lstat(current);
    if (index === parts.length - 1 ? !stats.isFile() : !stats.isDirectory()) return false;
  }
  return true;
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

/** Copies the uploads the manifest lists (checked above) into the uploads folder; returns how many. */
async function restoreUploads(dir: string, manifest: BackupManifest, uploadsDir: string) {
  const prefix = `${UPLOADS_DIR}/`;
  const uploads = manifest.files.filter((file) => file.path.startsWith(prefix));
  for (const file of uploads) {
    const relative = file.path.slice(prefix.length).split("/");
    const target = path.join(uploadsDir, ...relative);
    await mkdir(path.dirname(target), { recursive: true });
    // Whatever stands at the target (a link included) is replaced, never written through.
    await rm(target, { force: true });
    await copyFile(path.join(dir, ...file.path.split("/")), target);
  }
  return uploads.length;
}
