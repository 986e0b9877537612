import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/server/config.server";

describe("parseConfig", () => {
  it("defaults to port 3000 and the embedded SQLite file in ./data", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ dialect: "sqlite", file: path.resolve("data/app.db") });
    expect(config.baseUrl).toBe("http://localhost:3000");
    expect(config.trustProxy).toBe(false);
  });

  it("switches to PostgreSQL for a postgres URL", () => {
    const config = parseConfig({ DATABASE_URL: "postgres://u:p@db:5432/agency" });
    expect(config.database).toEqual({ dialect: "postgres", connectionString: "postgres://u:p@db:5432/agency" });
  });

  it("reads the reports from DATABASE_READ_URL's standby only beside PostgreSQL", () => {
    expect(parseConfig({ DATABASE_URL: "postgres://u:p@db:5432/agency" }).readDatabaseUrl).toBeNull();
    expect(
      parseConfig({
        DATABASE_URL: "postgres://u:p@db1:5432/agency",
        DATABASE_READ_URL: "postgres://u:p@db2:5432/agency",
      }).readDatabaseUrl,
    ).toBe("postgres://u:p@db2:5432/agency");
  });

  it("sizes the PostgreSQL pools from DATABASE_POOL_MAX, sign-in's share included", () => {
    expect(parseConfig({}).databasePool).toEqual({ total: 15, app: 10, auth: 5 });
    expect(parseConfig({ DATABASE_POOL_MAX: "7" }).databasePool).toEqual({ total: 7, app: 5, auth: 2 });
    expect(parseConfig({ DATABASE_POOL_MAX: "3" }).databasePool).toEqual({ total: 3, app: 2, auth: 1 });
  });

  it("turns metrics and scheduled backups on only when asked", () => {
    expect(parseConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(parseConfig({}).backups).toBeNull();
    expect(parseConfig({ METRICS_PORT: "9464" }).metrics.port).toBe(9464);
    expect(parseConfig({ BACKUP_DIR: "/var/backups/agency" }).backups).toEqual({
      dir: "/var/backups/agency",
      keep: 7,
      everyMs: 24 * 60 * 60 * 1000,
    });
    expect(parseConfig({ BACKUP_DIR: "b", BACKUP_KEEP: "3", BACKUP_EVERY_HOURS: "6" }).backups).toMatchObject({
      keep: 3,
      everyMs: 6 * 60 * 60 * 1000,
    });
  });

  it.each([
    [{ DATABASE_POOL_MAX: "2" }, /^Invalid DATABASE_POOL_MAX="2": must be at least 3/],
    [{ DATABASE_POOL_MAX: "many" }, /^Invalid DATABASE_POOL_MAX="many"/],
    [{ WEB_CONCURRENCY: "0" }, /^Invalid WEB_CONCURRENCY="0": must be a number of server processes/],
    [{ WEB_CONCURRENCY: "lots" }, /^Invalid WEB_CONCURRENCY="lots"/],
    [{ METRICS_TOKEN: "short" }, /^Invalid METRICS_TOKEN="short": must be at least 16 characters/],
    [{ BACKUP_KEEP: "0" }, /^Invalid BACKUP_KEEP="0"/],
  ])("refuses operations setting %o", (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid PORT="abc": must be a number/],
    [{ PORT: "70000" }, /^Invalid PORT="70000"/],
    [{ BASE_URL: "example.com" }, /^Invalid BASE_URL="example.com": must be an http\(s\) URL/],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid DATABASE_URL=/],
    [{ SMTP_URL: "http://mail" }, /^Invalid SMTP_URL=/],
    [
      { DATABASE_READ_URL: "postgres://u:p@db2:5432/agency" },
      /^Invalid DATABASE_READ_URL: a read replica needs DATABASE_URL to be PostgreSQL/,
    ],
    [
      { DATABASE_URL: "postgres://u:p@db1:5432/agency", DATABASE_READ_URL: "mysql://db2/agency" },
      /^Invalid DATABASE_READ_URL="mysql:\/\/db2\/agency": must be a postgres:\/\/ URL of one standby/,
    ],
    [{ NOTIFY_EMAILS: "sales@example.com, nope" }, /^Invalid NOTIFY_EMAILS=.*"nope" is not an e-mail address/],
    [{ TRUST_PROXY: "everyone!" }, /^Invalid TRUST_PROXY=/],
    [{ S3_BUCKET: "Bad_Bucket" }, /^Invalid S3_BUCKET="Bad_Bucket": must be a bucket name/],
    [{ S3_BUCKET: "site-files" }, /^Missing S3_ACCESS_KEY_ID: it is required when S3_BUCKET is set/],
    [{ S3_BUCKET: "site-files", S3_ACCESS_KEY_ID: "key" }, /^Missing S3_SECRET_ACCESS_KEY/],
    [{ S3_ENDPOINT: "minio:9000" }, /^Invalid S3_ENDPOINT="minio:9000": must be an http\(s\) URL/],
    [{ S3_FORCE_PATH_STYLE: "yes" }, /^Invalid S3_FORCE_PATH_STYLE="yes": must be true or false/],
    [{ S3_PUBLIC_URL: "http://cdn.example.com" }, /^Invalid S3_PUBLIC_URL=.*must be an https URL/],
    [{ SQLITE_GROUP_COMMIT_MS: "-1" }, /^Invalid SQLITE_GROUP_COMMIT_MS="-1": must be 0 or more milliseconds/],
    [{ SQLITE_GROUP_COMMIT_MS: "1000" }, /^Invalid SQLITE_GROUP_COMMIT_MS="1000": must be at most 50/],
    [{ SQLITE_GROUP_COMMIT_MS: "soon" }, /^Invalid SQLITE_GROUP_COMMIT_MS="soon"/],
    [{ SQLITE_DURABLE_FLUSH: "later" }, /^Invalid SQLITE_DURABLE_FLUSH="later": must be "inline" or "thread"/],
  ])("refuses %o with a message naming the variable", (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });

  it("takes the SQLite group commit window in milliseconds, 0 included, and leaves the default to the database", () => {
    expect(parseConfig({ SQLITE_GROUP_COMMIT_MS: "0" }).sqliteGroupCommitMs).toBe(0);
    expect(parseConfig({ SQLITE_GROUP_COMMIT_MS: "5" }).sqliteGroupCommitMs).toBe(5);
    expect(parseConfig({}).sqliteGroupCommitMs).toBeUndefined();
  });

  it("takes where SQLite's disk flush runs, and leaves the default to the database", () => {
    expect(parseConfig({ SQLITE_DURABLE_FLUSH: "thread" }).sqliteDurableFlush).toBe("thread");
    expect(parseConfig({ SQLITE_DURABLE_FLUSH: "inline" }).sqliteDurableFlush).toBe("inline");
    expect(parseConfig({}).sqliteDurableFlush).toBeUndefined();
  });

  it("stores uploads in DATA_DIR/uploads unless S3_BUCKET is set", () => {
    expect(parseConfig({ DATA_DIR: "/srv/agency" }).storage).toEqual({ kind: "local", dir: "/srv/agency/uploads" });
    expect(
      parseConfig({
        S3_BUCKET: "site-files",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_ENDPOINT: "http://127.0.0.1:9000/",
        S3_FORCE_PATH_STYLE: "true",
      }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "site-files",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      publicUrl: undefined,
      forcePathStyle: true,
    });
    expect(
      parseConfig({ S3_BUCKET: "files", S3_REGION: "eu-west-1", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" })
        .storage,
    ).toMatchObject({ endpoint: "https://s3.eu-west-1.amazonaws.com", forcePathStyle: false });
  });

  it("reads TRUST_PROXY as Express's trust proxy setting", () => {
    expect(parseConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: "10.0.0.1, loopback" }).trustProxy).toEqual(["10.0.0.1", "loopback"]);
  });

  it("marks cookies secure only behind https", () => {
    expect(parseConfig({ BASE_URL: "https://agency.example/" }).secureCookies).toBe(true);
    expect(parseConfig({ BASE_URL: "https://agency.example/" }).baseUrl).toBe("https://agency.example");
    expect(parseConfig({}).secureCookies).toBe(false);
  });
});
