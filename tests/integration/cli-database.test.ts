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
});
