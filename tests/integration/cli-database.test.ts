import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../support/cli";

describe("the CLI and its database", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const emptyDataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "cli-database-"));
    dirs.push(dir);
    return dir;
  };

  it("refuses to start a new database unless asked, and names the one it opened", async () => {
    const dataDir = emptyDataDir();
    const refused = await runCli(["users:list"], { DATA_DIR: dataDir, DATABASE_URL: undefined });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`No app database at SQLite ${path.join(dataDir, "app.db")}`);
    expect(refused.output).toContain("--create");
    expect(readdirSync(dataDir)).toEqual([]);

    const created = await runCli(["users:list", "--create"], { DATA_DIR: dataDir, DATABASE_URL: undefined });
    expect(created.code).toBe(0);
    expect(created.output).toContain(`Database: SQLite ${path.join(dataDir, "app.db")} (new)`);
    expect(existsSync(path.join(dataDir, "app.db"))).toBe(true);

    const again = await runCli(["users:list"], { DATA_DIR: dataDir, DATABASE_URL: undefined });
    expect(again.code).toBe(0);
    expect(again.output).toContain(`Database: SQLite ${path.join(dataDir, "app.db")}\n`);
  });

  it("names the database that db:migrate, backup and restore opened", async () => {
    const dataDir = emptyDataDir();
    const database = `SQLite ${path.join(dataDir, "app.db")}`;
    const env = { DATA_DIR: dataDir, DATABASE_URL: undefined };
    const migrated = await runCli([], env, "scripts/db-migrate.ts");
    expect(migrated.code).toBe(0);
    expect(migrated.output).toContain(`Database: ${database} (new)\n`);
    const again = await runCli([], env, "scripts/db-migrate.ts");
    expect(again.output).toContain(`Database: ${database}\n`);

    const backupDir = path.join(emptyDataDir(), "backup");
    const backup = await runCli(["backup", backupDir], env);
    expect(backup.code).toBe(0);
    expect(backup.output).toContain(`Database: ${database}\n`);

    const restoreDir = emptyDataDir();
    const restore = await runCli(["restore", backupDir], { DATA_DIR: restoreDir, DATABASE_URL: undefined });
    expect(restore.code).toBe(0);
    expect(restore.output).toContain(`Database: SQLite ${path.join(restoreDir, "app.db")}\n`);
  });
});
