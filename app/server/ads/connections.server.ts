import { z } from "zod";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import type { Database } from "../db/schema.server";
import { fromJson, now, toJson } from "../db/values.server";
import { checkWebhookUrl, WebhookAddressError } from "../webhooks/address-guard.server";
import { credentialsKey, decryptCredentials, encryptCredentials } from "./credentials.server";
import { AD_PLATFORMS, AD_STAGES, type AdPlatform, type AdStage } from "./stages.server";
import { currencySchema, stageValuesSchema, type ValueSettings, valuesProblem } from "./values.server";

const auditAdConnection = auditOf("ad_connection");

const text = (max: number) => z.string().trim().min(1).max(max);

/** Each stage the connection sends, to the platform's own name for it; at least one. */
const stagesSchema = z
  .partialRecord(z.enum(AD_STAGES), text(300))
  .refine((stages) => Object.keys(stages).length > 0, "map at least one stage");

const serviceAccountKeySchema = z.looseObject({
  type: z.literal("service_account").optional(),
  client_email: text(320),
  private_key: text(10_000).refine((key) => key.includes("PRIVATE KEY"), "is not a PEM private key"),
  private_key_id: z.string().max(200).optional(),
  token_uri: z.url().max(2048).default("https://oauth2.googleapis.com/token"),
});

/** The connection files operators write: the names are kept as they are, scripts depend on them. */
export const connectionConfigSchemas = {
  google: z.strictObject({
    serviceAccountKey: serviceAccountKeySchema,
    customerId: z
      .string()
      .trim()
      .transform((id) => id.replaceAll("-", ""))
      .pipe(z.string().regex(/^\d{10}$/, "must be the 10-digit Google Ads customer id")),
    loginCustomerId: z
      .string()
      .regex(/^\d{10}$/)
      .optional(),
    developerToken: text(200).optional(),
    stages: stagesSchema,
    apiUrl: z.url().max(2048).optional(),
    values: stageValuesSchema.optional(),
    currency: currencySchema.optional(),
  }),
  meta: z.strictObject({
    datasetId: z
      .string()
      .trim()
      .regex(/^\d{1,30}$/, "must be the dataset (pixel) id, digits only"),
    accessToken: text(2000),
    stages: stagesSchema,
    apiUrl: z.url().max(2048).optional(),
    values: stageValuesSchema.optional(),
    currency: currencySchema.optional(),
  }),
  linkedin: z.strictObject({
    accessToken: text(2000),
    stages: z
      .partialRecord(
        z.enum(AD_STAGES),
        z
          .string()
          .trim()
          .regex(/^urn:lla:llaPartnerConversion:\d+$/, "must be a conversion rule URN"),
      )
      .refine((stages) => Object.keys(stages).length > 0, "map at least one stage"),
    apiUrl: z.url().max(2048).optional(),
    values: stageValuesSchema.optional(),
    currency: currencySchema.optional(),
  }),
} as const;

export type ConnectionConfig<P extends AdPlatform> = z.output<(typeof connectionConfigSchemas)[P]>;

/** What is stored in clear: nothing that lets anyone act on the account. */
export type ConnectionSettings = ValueSettings & {
  stages: Partial<Record<AdStage, string>>;
  apiUrl: string | null;
  customerId?: string;
  loginCustomerId?: string;
  datasetId?: string;
  /** Shown instead of the secret: the service account's address, or the token's last four characters. */
  identity: string;
};

export type GoogleSecrets = { serviceAccountKey: z.output<typeof serviceAccountKeySchema>; developerToken?: string };
export type TokenSecrets = { accessToken: string };

export type AdConnection = {
  platform: AdPlatform;
  settings: ConnectionSettings;
  secrets: GoogleSecrets | TokenSecrets;
};

export function isAdPlatform(value: string): value is AdPlatform {
  return (AD_PLATFORMS as readonly string[]).includes(value);
}

/** Reads a connection file's JSON, with each mistake named by its key. */
export function parseConnectionConfig(platform: AdPlatform, json: unknown) {
  const parsed = connectionConfigSchemas[platform].safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join(".") : "the file";
    throw new AppError("INVALID_INPUT", `${where}: ${issue?.message ?? "is not valid"}`);
  }
  const problem = valuesProblem(parsed.data);
  if (problem) throw new AppError("INVALID_INPUT", problem);
  return parsed.data;
}

async function guardedUrl(url: string | undefined, allowPrivate: boolean, what: string) {
  if (!url) return null;
  try {
    return await checkWebhookUrl(url, { allowPrivate });
  } catch (error) {
    if (error instanceof WebhookAddressError) {
      throw new AppError("INVALID_INPUT", `${what}: ${error.message} (WEBHOOK_ALLOW_PRIVATE=true allows it)`);
    }
    throw error;
  }
}

/**
 * Saves a platform's connection (replacing the one before): the secrets encrypted with the
 * environment's key, the rest in clear. Addresses given in place of the platform's pass the webhooks'
 * address guard.
 */
export async function connectAdPlatform(
  db: Database,
  platform: AdPlatform,
  json: unknown,
  {
    allowPrivate,
    env = process.env,
    actor = null,
  }: { allowPrivate: boolean; env?: NodeJS.ProcessEnv; actor?: AuditActor | null },
) {
  const key = credentialsKey(env);
  const config = parseConnectionConfig(platform, json);
  const apiUrl = await guardedUrl(config.apiUrl, allowPrivate, "apiUrl");
  // Values only with their currency (checked above); none set, none stored.
  const valueSettings: ValueSettings =
    config.values && Object.keys(config.values).length > 0 ? { values: config.values, currency: config.currency } : {};
  let settings: ConnectionSettings;
  let secrets: GoogleSecrets | TokenSecrets;
  if (platform === "google") {
    const google = config as ConnectionConfig<"google">;
    const tokenUri = await guardedUrl(google.serviceAccountKey.token_uri, allowPrivate, "serviceAccountKey.token_uri");
    secrets = {
      serviceAccountKey: { ...google.serviceAccountKey, token_uri: tokenUri ?? google.serviceAccountKey.token_uri },
      ...(google.developerToken ? { developerToken: google.developerToken } : {}),
    };
    settings = {
      stages: google.stages,
      ...valueSettings,
      apiUrl,
      customerId: google.customerId,
      ...(google.loginCustomerId ? { loginCustomerId: google.loginCustomerId } : {}),
      identity: google.serviceAccountKey.client_email,
    };
  } else {
    const token = config as ConnectionConfig<"meta" | "linkedin">;
    secrets = { accessToken: token.accessToken };
    settings = {
      stages: token.stages,
      ...valueSettings,
      apiUrl,
      ...("datasetId" in token ? { datasetId: token.datasetId } : {}),
      identity: `token …${token.accessToken.slice(-4)}`,
    };
  }
  const at = now();
  const row = { credentials: encryptCredentials(secrets, key), settings: toJson(settings), updated_at: at };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("ad_connections")
      .values({ platform, ...row, created_at: at })
      .onConflict((conflict) => conflict.column("platform").doUpdateSet(row))
      .execute();
    // The stages and account, never the secret.
    await auditAdConnection(trx, actor, "ad_platform.connect", platform, {
      stages: Object.keys(settings.stages),
      values: settings.values ?? null,
      currency: settings.currency ?? null,
      apiUrl: settings.apiUrl,
    });
  });
  return settings;
}

export async function disconnectAdPlatform(db: Database, platform: AdPlatform, actor: AuditActor | null = null) {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom("ad_connections").where("platform", "=", platform).executeTakeFirst();
    const done = Number(removed.numDeletedRows) > 0;
    if (done) await auditAdConnection(trx, actor, "ad_platform.disconnect", platform);
    return done;
  });
}

/** The connections as shown to people: settings only, never a secret. */
export async function listAdConnections(db: Database) {
  const rows = await db.selectFrom("ad_connections").select(["platform", "settings", "updated_at"]).execute();
  return rows
    .filter((row) => isAdPlatform(row.platform))
    .map((row) => ({
      platform: row.platform as AdPlatform,
      settings: fromJson<ConnectionSettings>(row.settings, { stages: {}, apiUrl: null, identity: "" }),
      updatedAt: row.updated_at,
    }));
}

/** The connections with their secrets opened: for the worker only. */
export async function loadAdConnections(db: Database, env: NodeJS.ProcessEnv = process.env) {
  const rows = await db.selectFrom("ad_connections").selectAll().execute();
  if (rows.length === 0) return new Map<AdPlatform, AdConnection>();
  const key = credentialsKey(env);
  const connections = new Map<AdPlatform, AdConnection>();
  for (const row of rows) {
    if (!isAdPlatform(row.platform)) continue;
    connections.set(row.platform, {
      platform: row.platform,
      settings: fromJson<ConnectionSettings>(row.settings, { stages: {}, apiUrl: null, identity: "" }),
      secrets: decryptCredentials(row.credentials, key),
    });
  }
  return connections;
}
