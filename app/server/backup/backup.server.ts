import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { chmod, copyFile, mkdir, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync, backup as sqliteBackup } from "node:sqlite";
import { pipeline } from "node:stream/promises";
import packageJson from "../../../package.json";
import type { Config, DatabaseConfig } from "../config.server";
import { createPostgresPool } from "../db/database.server";
import { BackupError, findPostgresTool, runPostgresTool } from "./postgres-tools.server";

export { BackupError };

export const MANIFEST = "manifest.json";
export const SQLITE_FILE = "app.db";
export const POSTGRES_FILE = "database.dump";
export const UPLOADS_DIR = "uploads";
const FORMAT = 1;

export type BackupManifest = {
  format: number;
  /** When the backup started: it holds what was acknowledged before then. */
  createdAt: string;
  product: { name: string; version: string };
  dialect: DatabaseConfig["dialect"];
  /** The migrations the database had, oldest first: a restore refuses one the code does not know. */
  migrations: string[];
  /** Rows per table at the moment of the snapshot; a restore checks that it got the same. */
  rowCounts: Record<string, number>;
  /** Every file of the backup but this manifest, with its SHA-256. */
  files: { path: string; bytes: number; sha256: string }[];
  /** local: the uploads folder is in the backup; s3: the files are in the bucket, not here. */
  uploads: "local" | "s3";
  seconds: number;
};

type BackupSource = Pick<Config, "database" | "storage">;

/**
 * Writes a consistent backup of the database (and of local uploads) into `dir`, which must be empty
 * or not exist, while the site keeps taking leads. The manifest is written last: a folder without
 * one is an unfinished backup.
 */
export async function createBackup(source: BackupSource, dir: string): Promise<BackupManifest> {
  const started = performance.now();
  const createdAt = new Date().toISOString();
  await prepareEmptyDir(dir);
  // Uploaded files never change under their name, so copying them twice around the database's
  // snapshot catches every file the snapshot can point to: those removed after the first pass were
  // copied by it, and those added before the snapshot are copied by the second.
  const uploadsDir = source.storage.kind === "local" ? source.storage.dir : null;
  if (uploadsDir) await copyUploads(uploadsDir, path.join(dir, UPLOADS_DIR));
  const { migrations, rowCounts } =
    source.database.dialect === "sqlite"
      ? await backupSqlite(source.database.file, path.join(dir, SQLITE_FILE))
      : await backupPostgres(source.database.connectionString, path.join(dir, POSTGRES_FILE));
  if (uploadsDir) await copyUploads(uploadsDir, path.join(dir, UPLOADS_DIR));
  const manifest: BackupManifest = {
    format: FORMAT,
    createdAt,
    product: { name: packageJson.name, version: packageJson.version },
    dialect: source.database.dialect,
    migrations,
    rowCounts,
    files: await checksums(dir),
    uploads: uploadsDir ? "local" : "s3",
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
  };
  await writeFile(path.join(dir, `${MANIFEST}.part`), `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE });
  await keepPrivate(dir);
  await rename(path.join(dir, `${MANIFEST}.part`), path.join(dir, MANIFEST));
  return manifest;
}

/**
 * A backup holds password hashes, session tokens, webhook secrets and every lead: its folders are the
 * owner's alone (0700) and its files too (0600), whatever the process's umask.
 */
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

async function prepareEmptyDir(dir: string) {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  const entries = await readdir(dir);
  if (entries.length > 0) {
    throw new BackupError(`${dir} is not empty: back up into a new or empty folder, so no older backup is mixed in.`);
  }
  // Before anything is written into it: nobody else can reach what follows, even while it is written.
  await chmod(dir, PRIVATE_DIR);
}

/** Sets every folder of the backup to 0700 and every file to 0600 (the tools that wrote them used the umask). */
async function keepPrivate(dir: string) {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await chmod(full, PRIVATE_DIR);
    else if (entry.isFile()) await chmod(full, PRIVATE_FILE);
  }
  await chmod(dir, PRIVATE_DIR);
}

/**
 * SQLite's online backup, in one step: it reads one snapshot of the database while the app's
 * writes go on in the WAL (in smaller steps, every write of the app would restart it).
 */
async function backupSqlite(file: string, target: string) {
  if (!existsSync(file)) throw new BackupError(`There is no database at ${file}: check DATA_DIR.`);
  const source = new DatabaseSync(file, { timeout: 5_000 });
  try {
    await sqliteBackup(source, target, { rate: 2 ** 31 - 1 });
  } finally {
    source.close();
  }
  const copy = new DatabaseSync(target);
  try {
    const [check] = copy.prepare("pragma integrity_check").all() as { integrity_check: string }[];
    if (check?.integrity_check !== "ok") {
      throw new BackupError(`The copy failed SQLite's integrity check: ${check?.integrity_check}`);
    }
    const tables = copy
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all() as { name: string }[];
    const rowCounts: Record<string, number> = {};
    for (const { name } of tables) {
      const row = copy.prepare(`select count(*) as count from "${name.replaceAll('"', '""')}"`).get() as {
        count: number;
      };
      rowCounts[name] = Number(row.count);
    }
    const migrations = tables.some((table) => table.name === "kysely_migration")
      ? (copy.prepare("select name from kysely_migration order by name").all() as { name: string }[]).map(
          (row) => row.name,
        )
      : [];
    return { migrations, rowCounts };
  } finally {
    copy.close();
  }
}

/**
 * pg_dump in custom format, reading the snapshot of a transaction that also counts the rows, so that
 * the counts in the manifest are exactly what the dump holds.
 */
async function backupPostgres(connectionString: string, target: string) {
  const pgDump = findPostgresTool("pg_dump");
  const pool = createPostgresPool(connectionString, 1);
  const client = await pool.connect().catch((error: Error) => {
    throw new BackupError(`Could not connect to PostgreSQL: ${error.message}`);
  });
  try {
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot");
    const tables = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = current_schema() order by tablename",
    );
    const rowCounts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const count = await client.query<{ count: string }>(
        `select count(*) as count from "${name.replaceAll('"', '""')}"`,
      );
      rowCounts[name] = Number(count.rows[0]?.count ?? 0);
    }
    const migrations = tables.rows.some((table) => table.name === "kysely_migration")
      ? (await client.query<{ name: string }>("select name from kysely_migration order by name")).rows.map(
          (row) => row.name,
        )
      : [];
    await runPostgresTool(pgDump, connectionString, [
      "--format=custom",
      `--snapshot=${rows[0]?.snapshot}`,
      `--file=${target}`,
      "--no-owner",
      "--no-acl",
    ]);
    await client.query("commit");
    return { migrations, rowCounts };
  } finally {
    client.release();
    await pool.end();
  }
}

/** Copies the uploads folder's files that the copy does not have yet (receive files excluded). */
async function copyUploads(from: string, to: string) {
  if (!existsSync(from)) return;
  for (const entry of await readdir(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith(".part")) continue;
    const relative = path.relative(from, path.join(entry.parentPath, entry.name));
    if (relative.split(path.sep).includes(".incoming")) continue;
    const target = path.join(to, relative);
    if (existsSync(target)) continue;
    await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
    try {
      await copyFile(path.join(from, relative), target);
    } catch (error) {
      // Deleted since the listing (a replaced logo): the other pass has it, or no snapshot needs it.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

export async function checksums(dir: string) {
  const files: BackupManifest["files"] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (relative === MANIFEST || relative === `${MANIFEST}.part`) continue;
    const file = path.join(dir, relative);
    const hash = createHash("sha256");
    await pipeline(createReadStream(file), hash);
    files.push({ path: relative, bytes: (await stat(file)).size, sha256: hash.digest("hex") });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST), "utf8");
  } catch {
    throw new BackupError(
      `${dir} holds no ${MANIFEST}: it is not a backup, or the backup did not finish. Point restore at a folder that \`npm run cli -- backup\` wrote.`,
    );
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== FORMAT) {
    throw new BackupError(`This backup's format (${manifest.format}) is not one this version of the app reads.`);
  }
  return manifest;
}
