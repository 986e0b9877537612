import path from "node:path";
import { z } from "zod";
import { parsePostgresTarget } from "./db/postgres-failover.server";

const port = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(0, "must be between 0 and 65535")
  .max(65535, "must be between 0 and 65535");

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const optionalUrl = (protocols: RegExp, hint: string) =>
  optionalText.refine((value) => value === undefined || isUrl(value, protocols), {
    message: hint,
  });

function isPostgresTarget(value: string) {
  try {
    return parsePostgresTarget(value).hosts.length > 0;
  } catch {
    return false;
  }
}

function isUrl(value: string, protocols: RegExp) {
  try {
    return protocols.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

// Express's "trust proxy" setting: off, a hop count, or a list of addresses/subnets.
const trustProxy = optionalText.transform((value, ctx) => {
  if (value === undefined || value === "false" || value === "0") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  if (entries.some((entry) => !/^[0-9a-fA-F:./]+$|^(loopback|linklocal|uniquelocal)$/.test(entry))) {
    ctx.addIssue({
      code: "custom",
      message: "must be true, false, a hop count, or a comma-separated list of addresses",
    });
    return z.NEVER;
  }
  return entries;
});

const emailList = optionalText.transform((value, ctx) => {
  if (value === undefined) return [];
  const list = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!z.email().safeParse(entry).success) {
      ctx.addIssue({ code: "custom", message: `"${entry}" is not an e-mail address` });
      return z.NEVER;
    }
  }
  return list;
});

const positiveInt = (hint: string) =>
  optionalText.refine((value) => value === undefined || (/^\d+$/.test(value) && Number(value) >= 1), {
    message: hint,
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: optionalText.default("0.0.0.0"),
  BASE_URL: optionalUrl(/^https?:$/, "must be an http(s) URL such as https://example.com"),
  DATA_DIR: optionalText.default("./data"),
  // libpq's form with several hosts (db1:5432,db2:5432) is no URL to WHATWG's parser; it is read on its own.
  DATABASE_URL: optionalText.refine(
    (value) => value === undefined || isUrl(value, /^(postgres|postgresql|file|sqlite):$/) || isPostgresTarget(value),
    { message: "must be a postgres:// URL (or unset for the embedded SQLite database)" },
  ),
  // A standby that the reporting screens read from; one host, as replicas are usually behind one address.
  DATABASE_READ_URL: optionalUrl(/^postgres(ql)?:$/, "must be a postgres:// URL of one standby (or unset)"),
  SMTP_URL: optionalUrl(/^smtps?:$/, "must be an smtp:// or smtps:// URL"),
  MAIL_FROM: optionalText,
  NOTIFY_EMAILS: emailList,
  TRUST_PROXY: trustProxy,
  COUNTRY_HEADER: optionalText.refine((value) => value === undefined || /^[A-Za-z0-9-]+$/.test(value), {
    message: "must be a header name such as cf-ipcountry",
  }),
  AUTH_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
    message: "must be at least 32 characters (or unset: a secret is generated and kept in the database)",
  }),
  // Memory for ready-to-send public pages; 0 turns the page cache off.
  PAGE_CACHE_MB: z.coerce
    .number({ error: "must be a number of megabytes" })
    .min(0, "must be 0 (off) or more megabytes")
    .max(65536, "must be at most 65536 megabytes")
    .default(64),
  // However edits are signalled, no cached page is older than this.
  PAGE_CACHE_TTL_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(1, "must be at least 1 second")
    .max(86400, "must be at most 86400 seconds (a day)")
    .default(300),
  // SQLite: how long (ms) after a commit a lead waits before it begins, with the leads arriving
  // meanwhile, so that they share one disk flush; 0 groups only the transactions already queued.
  SQLITE_GROUP_COMMIT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(0, "must be 0 or more milliseconds")
    .max(50, "must be at most 50 milliseconds")
    .optional(),
  // SQLite: where a commit's disk flush runs: "inline" (inside COMMIT, blocking the process meanwhile;
  // the default) or "thread" (fsync of the WAL off the event loop, every commit answered only after it).
  SQLITE_DURABLE_FLUSH: z.enum(["inline", "thread"], { error: 'must be "inline" or "thread"' }).optional(),
  // How many connections one process may open to PostgreSQL, the sign-in pool included.
  DATABASE_POOL_MAX: positiveInt("must be a whole number of connections, at least 3").refine(
    (value) => value === undefined || Number(value) >= 3,
    { message: "must be at least 3: the app and sign-in each need connections of their own" },
  ),
  WEB_CONCURRENCY: optionalText.refine(
    (value) => value === undefined || value === "auto" || /^[1-9]\d{0,2}$/.test(value),
    {
      message: "must be a number of server processes (1-999) or auto for one per core",
    },
  ),
  METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
    message: "must be at least 16 characters: it is the password to the metrics",
  }),
  METRICS_PORT: port.optional(),
  BACKUP_DIR: optionalText,
  BACKUP_KEEP: positiveInt("must be how many backups to keep, at least 1"),
  BACKUP_EVERY_HOURS: positiveInt("must be a whole number of hours, at least 1"),
  API_RATE_LIMIT_PER_MINUTE: positiveInt("must be a whole number of requests a minute, at least 1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Uploads go to an S3-compatible bucket when S3_BUCKET is set, else to DATA_DIR/uploads.
  S3_BUCKET: optionalText.refine((value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), {
    message: "must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens",
  }),
  S3_ENDPOINT: optionalUrl(/^https?:$/, "must be an http(s) URL such as https://s3.eu-central-1.amazonaws.com"),
  S3_REGION: optionalText.refine((value) => value === undefined || /^[a-z0-9-]{2,32}$/.test(value), {
    message: "must be a region name such as us-east-1 (use auto or us-east-1 for most S3-compatible services)",
  }),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  // https only: the pages' Content-Security-Policy loads images and video from the site itself or https.
  S3_PUBLIC_URL: optionalUrl(/^https:$/, "must be an https URL under which the bucket's objects are public"),
  // Lets webhooks go to loopback and private addresses over plain http: for tests and receivers on this machine.
  WEBHOOK_ALLOW_PRIVATE: optionalText.refine(
    (value) => value === undefined || ["true", "false", "1", "0"].includes(value),
    { message: "must be true or false" },
  ),
  S3_FORCE_PATH_STYLE: optionalText.refine(
    (value) => value === undefined || ["true", "false", "1", "0"].includes(value),
    { message: "must be true or false" },
  ),
});

export type S3Config = {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string | undefined;
  forcePathStyle: boolean;
};

export type StorageConfig = { kind: "local"; dir: string } | ({ kind: "s3" } & S3Config);

export type Config = ReturnType<typeof parseConfig>;

export type DatabaseConfig = { dialect: "sqlite"; file: string } | { dialect: "postgres"; connectionString: string };

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; throws a ConfigError whose message names the first bad variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`Invalid ${variable}=${JSON.stringify(env[variable] ?? "")}: ${issue?.message}`);
  }
  const parsed = result.data;
  const s3 = s3Config(parsed);
  const dataDir = path.resolve(parsed.DATA_DIR);
  const baseUrl = (parsed.BASE_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, "");
  // Without an explicit BASE_URL the app is reached locally, by any of these names.
  const trustedOrigins = parsed.BASE_URL
    ? [baseUrl]
    : [baseUrl, `http://127.0.0.1:${parsed.PORT}`, `http://[::1]:${parsed.PORT}`];
  return {
    env: parsed.NODE_ENV,
    trustedOrigins,
    port: parsed.PORT,
    host: parsed.HOST,
    baseUrl,
    secureCookies: baseUrl.startsWith("https://"),
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    storage: (s3 ? { kind: "s3", ...s3 } : { kind: "local", dir: path.join(dataDir, "uploads") }) as StorageConfig,
    database: databaseConfig(parsed.DATABASE_URL, dataDir),
    /** A standby's URL for the reporting screens' reads (see read-replica.server.ts), or null. */
    readDatabaseUrl: readDatabaseUrl(parsed.DATABASE_READ_URL, parsed.DATABASE_URL),
    sqliteGroupCommitMs: parsed.SQLITE_GROUP_COMMIT_MS,
    sqliteDurableFlush: parsed.SQLITE_DURABLE_FLUSH,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM ?? `no-reply@${new URL(baseUrl).hostname}`,
    notifyEmails: parsed.NOTIFY_EMAILS,
    trustProxy: parsed.TRUST_PROXY,
    logLevel: parsed.LOG_LEVEL,
    authSecret: parsed.AUTH_SECRET,
    countryHeader: parsed.COUNTRY_HEADER?.toLowerCase(),
    webhookAllowPrivate: parsed.WEBHOOK_ALLOW_PRIVATE === "true" || parsed.WEBHOOK_ALLOW_PRIVATE === "1",
    pageCache: {
      maxBytes: Math.round(parsed.PAGE_CACHE_MB * 1024 * 1024),
      ttlMs: parsed.PAGE_CACHE_TTL_SECONDS * 1000,
    },
    databasePool: databasePool(parsed.DATABASE_POOL_MAX),
    metrics: { token: parsed.METRICS_TOKEN, port: parsed.METRICS_PORT },
    /** Requests a minute each API key may make (the REST API and the assistant endpoint together). */
    apiRateLimitPerMinute: Number(parsed.API_RATE_LIMIT_PER_MINUTE ?? 120),
    backups: parsed.BACKUP_DIR
      ? {
          dir: path.resolve(parsed.BACKUP_DIR),
          keep: Number(parsed.BACKUP_KEEP ?? 7),
          everyMs: Number(parsed.BACKUP_EVERY_HOURS ?? 24) * 60 * 60 * 1000,
        }
      : null,
  };
}

function s3Config(parsed: z.output<typeof envSchema>): S3Config | undefined {
  const bucket = parsed.S3_BUCKET;
  if (bucket === undefined) return undefined;
  for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
    if (parsed[name] === undefined) throw new ConfigError(`Missing ${name}: it is required when S3_BUCKET is set`);
  }
  const region = parsed.S3_REGION ?? "us-east-1";
  const endpoint = (parsed.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, "");
  const forcePathStyle =
    parsed.S3_FORCE_PATH_STYLE === undefined ? false : ["true", "1"].includes(parsed.S3_FORCE_PATH_STYLE);
  if (!forcePathStyle && bucket.includes(".") && endpoint.startsWith("https:")) {
    throw new ConfigError(
      `Invalid S3_BUCKET=${JSON.stringify(bucket)}: a bucket name with dots needs S3_FORCE_PATH_STYLE=true over https`,
    );
  }
  return {
    bucket,
    endpoint,
    region,
    accessKeyId: parsed.S3_ACCESS_KEY_ID as string,
    secretAccessKey: parsed.S3_SECRET_ACCESS_KEY as string,
    publicUrl: parsed.S3_PUBLIC_URL?.replace(/\/+$/, ""),
    forcePathStyle,
  };
}

/** Today's 10 + 5 per process unless DATABASE_POOL_MAX says otherwise; sign-in gets a third. */
const DEFAULT_POOL_MAX = 15;

function databasePool(max: string | undefined) {
  const total = max === undefined ? DEFAULT_POOL_MAX : Number(max);
  const auth = Math.max(1, Math.floor(total / 3));
  return { total, app: total - auth, auth };
}

/**
 * SQLite has no standby to read from: a read URL beside it is refused rather than ignored, so that an
 * operator who thinks the reports are off the primary learns at start that they are not.
 */
function readDatabaseUrl(readUrl: string | undefined, url: string | undefined) {
  if (readUrl === undefined) return null;
  if (url === undefined || !/^postgres(ql)?:\/\//i.test(url)) {
    throw new ConfigError(
      "Invalid DATABASE_READ_URL: a read replica needs DATABASE_URL to be PostgreSQL; unset DATABASE_READ_URL with SQLite",
    );
  }
  return readUrl;
}

function databaseConfig(url: string | undefined, dataDir: string): DatabaseConfig {
  if (url === undefined) return { dialect: "sqlite", file: path.join(dataDir, "app.db") };
  if (/^postgres(ql)?:\/\//i.test(url)) return { dialect: "postgres", connectionString: url };
  const parsed = new URL(url);
  const file = decodeURIComponent(parsed.pathname);
  return { dialect: "sqlite", file: file === ":memory:" ? file : path.resolve(file) };
}
