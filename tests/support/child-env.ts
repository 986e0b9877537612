const APP_VARIABLES = [
  "PORT",
  "HOST",
  "BASE_URL",
  "DATA_DIR",
  "DATABASE_URL",
  "SMTP_URL",
  "MAIL_FROM",
  "NOTIFY_EMAILS",
  "TRUST_PROXY",
  "AUTH_SECRET",
  "LOG_LEVEL",
  "DATABASE_POOL_MAX",
  "WEB_CONCURRENCY",
  "METRICS_TOKEN",
  "METRICS_PORT",
  "BACKUP_DIR",
  "BACKUP_KEEP",
  "BACKUP_EVERY_HOURS",
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_PUBLIC_URL",
  "S3_FORCE_PATH_STYLE",
  "WEBHOOK_ALLOW_PRIVATE",
  "SQLITE_GROUP_COMMIT_MS",
  "SQLITE_DURABLE_FLUSH",
  "ADS_CREDENTIALS_KEY",
  "NODE_ENV",
  "MODE",
  "DEV",
  "PROD",
  "SSR",
];

/**
 * The environment for a child process under test: this process's, without the app's variables
 * (Vitest itself sets BASE_URL=/ and NODE_ENV=test), plus exactly the overrides given.
 */
export function childEnv(overrides: Record<string, string | undefined>) {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of APP_VARIABLES) delete env[name];
  for (const [name, value] of Object.entries(overrides)) if (value !== undefined) env[name] = value;
  return env as NodeJS.ProcessEnv;
}
