import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseConfig } from "~/server/config.server";
import { type AppServer, startAppServer } from "../support/app-server";
import { runCli } from "../support/cli";
import { createEmptyDatabase, dialects, type TestDatabase } from "../support/databases";
import { contactFormId, startLoad, storedLeadIds, withDatabase } from "../support/load";
import { ensureSystemTool } from "../support/system-tools";

const UPLOAD = "logos/header_logo-1763900000000-abcdefghjk.png";

const databaseEnv = (database: DatabaseConfig, dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: database.dialect === "postgres" ? database.connectionString : undefined,
});

describe.each(dialects)("backup and restore on %s", (dialect) => {
  // PostgreSQL is backed up with its own pg_dump, which npm does not carry: the machine's, or Debian's
  // postgresql-client installed for the test when it is missing.
  if (dialect === "postgres") beforeAll(() => void ensureSystemTool("pg_dump", "postgresql-client"));
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it("backs up while leads come in; the restore holds every lead acknowledged before it started, and serves", async () => {
    const app: AppServer = await startAppServer({ TRUST_PROXY: "loopback" }, { dialect });
    cleanups.push(() => app.stop());
    mkdirSync(path.join(app.dataDir, "uploads/logos"), { recursive: true });
    writeFileSync(path.join(app.dataDir, "uploads", UPLOAD), "a logo's bytes");

    const formId = await withDatabase(app.database, contactFormId);
    const load = startLoad(app.url, formId, { connections: 4, pages: false, maxSeconds: 120 });
    while (load.result.acknowledged.length < 100) await new Promise((resolve) => setTimeout(resolve, 50));
    const acknowledgedBefore = load.result.acknowledged.map((lead) => lead.leadId);
    const backupDir = path.join(tempDir("agency-backup-"), "backup");
    const backup = await runCli(["backup", backupDir], databaseEnv(app.database, app.dataDir));
    const duringBackup = load.result.acknowledged.length - acknowledgedBefore.length;
    const result = await load.stop();
    expect(backup.output).toMatch(/^Backup written to /m);
    expect(backup.code).toBe(0);
    expect(result.failures, JSON.stringify(result.failureKinds)).toBe(0);
    expect(duringBackup, "leads kept coming in while the backup ran").toBeGreaterThan(0);

    const manifest = JSON.parse(readFileSync(path.join(backupDir, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({ format: 1, dialect, uploads: "local", product: { name: "agency-site" } });
    expect(manifest.migrations).toContain("0001-initial");
    expect(manifest.rowCounts.leads).toBeGreaterThanOrEqual(acknowledgedBefore.length);
    expect(manifest.files.map((file: { path: string }) => file.path)).toContain(`uploads/${UPLOAD}`);
    expect(manifest.files.every((file: { sha256: string }) => /^[0-9a-f]{64}$/.test(file.sha256))).toBe(true);

    // Into an empty target: a new DATA_DIR, and on PostgreSQL a new empty database.
    const restoredDir = tempDir("agency-restored-");
    let restoredDatabase: DatabaseConfig = { dialect: "sqlite", file: path.join(restoredDir, "app.db") };
    if (dialect === "postgres") {
      const empty: TestDatabase = await createEmptyDatabase("postgres");
      cleanups.push(() => empty.drop());
      restoredDatabase = empty.config;
    }
    const env = databaseEnv(restoredDatabase, restoredDir);
    const restore = await runCli(["restore", backupDir], env);
    expect(restore.output).toMatch(/^Restored the backup of /m);
    expect(restore.code).toBe(0);

    const stored = await storedLeadIds(restoredDatabase, acknowledgedBefore);
    expect(acknowledgedBefore.filter((id) => !stored.has(id))).toEqual([]);
    if (dialect === "sqlite") {
      const file = new DatabaseSync(path.join(restoredDir, "app.db"), { readOnly: true });
      expect(file.prepare("pragma integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
      file.close();
    }

    // The restored app starts and serves, its uploads included.
    const restoredApp = await startAppServer(env);
    cleanups.push(() => restoredApp.stop());
    expect((await fetch(`${restoredApp.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${restoredApp.url}/`)).status).toBe(200);
    const logo = await fetch(`${restoredApp.url}/uploads/${UPLOAD}`);
    expect(logo.status).toBe(200);
    expect(await logo.text()).toBe("a logo's bytes");
  }, 240_000);

  it("refuses a non-empty target without --force, a newer backup, and a damaged one", async () => {
    const app: AppServer = await startAppServer({}, { dialect });
    const env = databaseEnv(app.database, app.dataDir);
    cleanups.push(() => app.stop());
    const backupDir = path.join(tempDir("agency-backup-"), "backup");
    expect((await runCli(["backup", backupDir], env)).code).toBe(0);
    // Into a folder that already holds something.
    const again = await runCli(["backup", backupDir], env);
    expect(again.code).toBe(1);
    expect(again.output).toContain("is not empty");

    const refused = await runCli(["restore", backupDir], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("The target is not empty");
    expect(refused.output).toContain("--force");

    const newer = path.join(tempDir("agency-newer-"), "backup");
    const manifestFile = path.join(backupDir, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    const copy = (target: string, changes: object) => {
      mkdirSync(target, { recursive: true });
      for (const file of manifest.files as { path: string }[]) {
        mkdirSync(path.dirname(path.join(target, file.path)), { recursive: true });
        writeFileSync(path.join(target, file.path), readFileSync(path.join(backupDir, file.path)));
      }
      writeFileSync(path.join(target, "manifest.json"), JSON.stringify({ ...manifest, ...changes }));
    };
    copy(newer, { migrations: [...manifest.migrations, "9999-from-the-future"], product: { version: "9.0.0" } });
    const tooNew = await runCli(["restore", newer, "--force"], env);
    expect(tooNew.code).toBe(1);
    expect(tooNew.output).toContain("made by a newer version of the app");
    expect(tooNew.output).toContain("9999-from-the-future");

    const damaged = path.join(tempDir("agency-damaged-"), "backup");
    copy(damaged, {});
    const [dataFile] = manifest.files as { path: string }[];
    writeFileSync(path.join(damaged, dataFile!.path), "not the database");
    const broken = await runCli(["restore", damaged, "--force"], env);
    expect(broken.code).toBe(1);
    expect(broken.output).toContain("does not match its checksum");

    // The site still serves the data it had: nothing was touched.
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${app.url}/`)).status).toBe(200);
  }, 120_000);
});
