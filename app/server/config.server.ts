import path from "node:path";
import { z } from "zod";

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

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: optionalText.default("0.0.0.0"),
  BASE_URL: optionalUrl(/^https?:$/, "must be an http(s) URL such as https://example.com"),
  DATA_DIR: optionalText.default("./data"),
  DATABASE_URL: optionalUrl(
    /^(postgres|postgresql|file|sqlite):$/,
    "must be a postgres:// URL (or unset for the embedded SQLite database)",
  ),
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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

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
    database: databaseConfig(parsed.DATABASE_URL, dataDir),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM ?? `no-reply@${new URL(baseUrl).hostname}`,
    notifyEmails: parsed.NOTIFY_EMAILS,
    trustProxy: parsed.TRUST_PROXY,
    logLevel: parsed.LOG_LEVEL,
    authSecret: parsed.AUTH_SECRET,
    countryHeader: parsed.COUNTRY_HEADER?.toLowerCase(),
  };
}

function databaseConfig(url: string | undefined, dataDir: string): DatabaseConfig {
  if (url === undefined) return { dialect: "sqlite", file: path.join(dataDir, "app.db") };
  const parsed = new URL(url);
  if (parsed.protocol === "postgres:" || parsed.protocol === "postgresql:") {
    return { dialect: "postgres", connectionString: url };
  }
  const file = decodeURIComponent(parsed.pathname);
  return { dialect: "sqlite", file: file === ":memory:" ? file : path.resolve(file) };
}
