import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { serveUploads } from "~/http/uploads.server";
import { BackupError, createBackup, MANIFEST } from "~/server/backup/backup.server";
import { restoreBackup } from "~/server/backup/restore.server";
import { takeScheduledBackup } from "~/server/backup/schedule.server";
import type { DatabaseConfig } from "~/server/config.server";
import { createLocalStorage } from "~/server/storage/local-storage.server";
import { createEmptyDatabase, databasePerTest, dialects, type TestDatabase } from "../support/databases";
import { ensureSystemTool } from "../support/system-tools";
import { tempDirPerTest } from "../support/temp-dirs";

const UPLOAD = "logos/header_logo-1763900000000-abcdefghjk.png";
const LINKED = "logos/header_logo-1763900000001-abcdefghjk.png";

/** Every folder and file under `dir` (itself included) with its permission bits. */
function modes(dir: string) {
  const found: { path: string; kind: "dir" | "file"; mode: string }[] = [
    { path: ".", kind: "dir", mode: (statSync(dir).mode & 0o777).toString(8) },
  ];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    found.push({
      path: path.relative(dir, full),
      kind: entry.isDirectory() ? "dir" : "file",
      mode: (lstatSync(full).mode & 0o777).toString(8),
    });
  }
  return found;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BackupError);
  return (error as BackupError).message;
}

describe.each(dialects)("backup files on %s", (dialect) => {
  if (dialect === "postgres") beforeAll(() => void ensureSystemTool("pg_dump", "postgresql-client"));
  const freshDatabase = databasePerTest(dialect);
  const tempDir = tempDirPerTest("agency-backup-files-");
  const emptyTargets: TestDatabase[] = [];
  let umask: number | null = null;
  afterEach(async () => {
    if (umask !== null) process.umask(umask);
    umask = null;
    for (const target of emptyTargets.splice(0)) await target.drop();
  });

  async function source() {
    const database = await freshDatabase();
    const dir = tempDir();
    const uploads = path.join(dir, "uploads");
    mkdirSync(path.join(uploads, "logos"), { recursive: true });
    writeFileSync(path.join(uploads, UPLOAD), "a logo's bytes");
    return { database: database.config, storage: { kind: "local" as const, dir: uploads } };
  }

  /** An empty place to restore into: a new DATA_DIR and, on PostgreSQL, a new empty database. */
  async function emptyTarget() {
    const dir = tempDir();
    let database: DatabaseConfig = { dialect: "sqlite", file: path.join(dir, "app.db") };
    if (dialect === "postgres") {
      const empty = await createEmptyDatabase("postgres");
      emptyTargets.push(empty);
      database = empty.config;
    }
    return { database, storage: { kind: "local" as const, dir: path.join(dir, "uploads") } };
  }

  it("keeps every folder 0700 and every file 0600, even under a umask that lets everyone read", async () => {
    umask = process.umask(0o000);
    const config = await source();
    const backupDir = path.join(tempDir(), "backups", "one");
    await createBackup(config, backupDir);
    const found = modes(backupDir);
    expect(found.map((each) => each.path)).toEqual(
      expect.arrayContaining([MANIFEST, dialect === "sqlite" ? "app.db" : "database.dump", `uploads/${UPLOAD}`]),
    );
    for (const each of found) expect(each.mode, each.path).toBe(each.kind === "dir" ? "700" : "600");

    // Scheduled backups: the folder holding them too.
    const backups = path.join(tempDir(), "scheduled");
    const taken = await takeScheduledBackup({ ...config, backups: { dir: backups, keep: 2, everyMs: 60_000 } });
    for (const each of modes(backups)) expect(each.mode, each.path).toBe(each.kind === "dir" ? "700" : "600");
    expect(taken).not.toBeNull();
  });

  it("restores only regular files its manifest lists with their checksums: links are refused", async () => {
    const config = await source();
    const backupDir = path.join(tempDir(), "backup");
    await createBackup(config, backupDir);
    const secret = path.join(tempDir(), "host-secret.txt");
    writeFileSync(secret, "the host's private file");

    // A link the manifest does not list, next to the real upload.
    symlinkSync(secret, path.join(backupDir, "uploads", LINKED));
    const target = await emptyTarget();
    expect(await refusal(restoreBackup(target, backupDir))).toContain(`uploads/${LINKED}, which is not a regular file`);

    // Listed with the checksum of what it points to: still a link, still refused.
    const manifestFile = path.join(backupDir, MANIFEST);
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    const listedLink = {
      path: `uploads/${LINKED}`,
      bytes: statSync(secret).size,
      sha256: createHash("sha256").update(readFileSync(secret)).digest("hex"),
    };
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, files: [...manifest.files, listedLink] }));
    expect(await refusal(restoreBackup(target, backupDir))).toContain("not a regular file");
    // Nothing was restored: no uploads folder, no link in it.
    expect(() => lstatSync(path.join(target.storage.dir, LINKED))).toThrow();
  });

  it("refuses files its manifest does not list, and a manifest without the database", async () => {
    const config = await source();
    const backupDir = path.join(tempDir(), "backup");
    await createBackup(config, backupDir);
    const manifestFile = path.join(backupDir, MANIFEST);
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    const databaseFile = dialect === "sqlite" ? "app.db" : "database.dump";
    const target = await emptyTarget();

    writeFileSync(
      manifestFile,
      JSON.stringify({
        ...manifest,
        files: manifest.files.filter((file: { path: string }) => file.path !== databaseFile),
      }),
    );
    expect(await refusal(restoreBackup(target, backupDir))).toContain(`does not list ${databaseFile}`);

    writeFileSync(
      manifestFile,
      JSON.stringify({
        ...manifest,
        files: manifest.files.filter((file: { path: string }) => file.path !== `uploads/${UPLOAD}`),
      }),
    );
    expect(await refusal(restoreBackup(target, backupDir))).toContain(
      `uploads/${UPLOAD}, which its manifest does not list`,
    );

    // As written, it restores.
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const restored = await restoreBackup(target, backupDir);
    expect(restored.uploads).toBe(1);
    expect(readFileSync(path.join(target.storage.dir, UPLOAD), "utf8")).toBe("a logo's bytes");
  });
});

describe("serving uploads", () => {
  const tempDir = tempDirPerTest("agency-upload-links-");
  let server: Server | null = null;
  afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
    server = null;
  });

  it("never follows a link in the uploads folder", async () => {
    const dir = tempDir();
    const secret = path.join(tempDir(), "host-secret.txt");
    writeFileSync(secret, "the host's private file");
    mkdirSync(path.join(dir, "logos"), { recursive: true });
    writeFileSync(path.join(dir, UPLOAD), "a logo's bytes");
    symlinkSync(secret, path.join(dir, LINKED));
    // A linked folder on the way is refused too.
    const outside = tempDir();
    mkdirSync(path.join(outside, "logos"));
    writeFileSync(path.join(outside, UPLOAD.replace("1763900000000", "1763900000002")), "the host's other file");
    symlinkSync(path.join(outside, "logos"), path.join(dir, "pdfs"));

    const app = express();
    app.get("/uploads/*key", serveUploads(createLocalStorage(dir)));
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const real = await fetch(`${url}/uploads/${UPLOAD}`);
    expect(real.status).toBe(200);
    expect(await real.text()).toBe("a logo's bytes");
    const linked = await fetch(`${url}/uploads/${LINKED}`);
    expect(linked.status).toBe(404);
    expect(await linked.text()).toBe("File not found.");
    const throughFolder = await fetch(
      `${url}/uploads/pdfs/${path.basename(UPLOAD).replace("1763900000000", "1763900000002")}`,
    );
    expect(await throughFolder.text()).not.toContain("the host's");
    expect(throughFolder.status).toBe(404);
  });
});
