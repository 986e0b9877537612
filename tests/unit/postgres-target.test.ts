import { describe, expect, it } from "vitest";
import { needsPrimaryLocator, parsePostgresTarget } from "~/server/db/postgres-failover.server";

describe("DATABASE_URL with several hosts", () => {
  it("reads libpq's multi-host form into one URL per host, without target_session_attrs", () => {
    const target = parsePostgresTarget(
      "postgres://u:p%40ss@db1:5432,db2:5433,[::1]/app?target_session_attrs=read-write&sslmode=require",
    );
    expect(target.readWrite).toBe(true);
    expect(target.hosts).toEqual([
      { host: "db1", port: 5432 },
      { host: "db2", port: 5433 },
      { host: "[::1]", port: 5432 },
    ]);
    expect(target.urlFor({ host: "db2", port: 5433 })).toBe("postgres://u:p%40ss@db2:5433/app?sslmode=require");
  });

  it("keeps a plain one-host URL on the plain pool", () => {
    expect(needsPrimaryLocator("postgres://u@db1:5432/app")).toBe(false);
    expect(needsPrimaryLocator("postgres://u@db1:5432/app?target_session_attrs=read-write")).toBe(true);
    expect(needsPrimaryLocator("postgres://u@db1,db2/app")).toBe(true);
  });

  it("refuses a session attribute it cannot honour and a port out of range", () => {
    expect(() => parsePostgresTarget("postgres://u@db1,db2/app?target_session_attrs=standby")).toThrow(/not supported/);
    expect(() => parsePostgresTarget("postgres://u@db1:99999/app")).toThrow(/out of range/);
  });
});

describe("the server's settings", () => {
  it("take DATABASE_URL with several hosts as PostgreSQL", async () => {
    const { parseConfig } = await import("~/server/config.server");
    const url = "postgres://u:p@db1:5432,db2:5432/app?target_session_attrs=read-write";
    expect(parseConfig({ DATABASE_URL: url }).database).toEqual({ dialect: "postgres", connectionString: url });
  });
});
