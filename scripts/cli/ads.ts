// ads:connect, ads:show, ads:disconnect, ads:file-url and ads:file-revoke.
import { readFileSync } from "node:fs";
import {
  connectAdPlatform,
  disconnectAdPlatform,
  isAdPlatform,
  listAdConnections,
} from "~/server/ads/connections.server";
import { createConversionFileToken, revokeConversionFileToken } from "~/server/ads/conversion-file.server";
import type { AdPlatform } from "~/server/ads/stages.server";
import { valuesText } from "~/server/ads/values.server";
import type { Database } from "~/server/db/schema.server";
import { type Command, cliActor, type Options, required, UsageError } from "./options";

/** Largest connection file read: a service-account key is a few kilobytes. */
const MAX_CONFIG_BYTES = 256 * 1024;

function platformOption(values: Options): AdPlatform {
  const platform = required(values, "platform");
  if (!isAdPlatform(platform)) throw new UsageError(`--platform must be google, meta or linkedin, not "${platform}".`);
  return platform;
}

function readConfig(file: string) {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`--config: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"}).`);
  }
  if (Buffer.byteLength(text) > MAX_CONFIG_BYTES) throw new UsageError(`--config: ${file} is larger than 256 KB.`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`--config: ${file} is not JSON (${(error as Error).message}).`);
  }
}

async function connect(db: Database, values: Options, allowPrivate: boolean) {
  const platform = platformOption(values);
  const config = readConfig(required(values, "config"));
  const settings = await connectAdPlatform(db, platform, config, { allowPrivate });
  return [
    `Connected ${platform} (${settings.identity}).`,
    `stages: ${Object.entries(settings.stages)
      .map(([stage, target]) => `${stage} → ${target}`)
      .join(", ")}`,
    `values: ${valuesText(settings) ?? "none (sent without a value)"}`,
    "The credentials are stored encrypted and are not shown again.",
  ].join("\n");
}

async function show(db: Database) {
  const connections = await listAdConnections(db);
  if (connections.length === 0) return "No ad platform connected. Connect one with ads:connect.";
  return connections
    .map(({ platform, settings, updatedAt }) =>
      [
        platform.padEnd(8),
        settings.identity,
        settings.customerId
          ? `customer ${settings.customerId}`
          : settings.datasetId
            ? `dataset ${settings.datasetId}`
            : "",
        settings.apiUrl ? `via ${settings.apiUrl}` : "",
        `stages ${Object.keys(settings.stages).join(",")}`,
        valuesText(settings) ? `values ${valuesText(settings)}` : "",
        `since ${updatedAt}`,
      ]
        .filter(Boolean)
        .join("  "),
    )
    .join("\n");
}

async function disconnect(db: Database, values: Options) {
  const platform = platformOption(values);
  return (await disconnectAdPlatform(db, platform))
    ? `Disconnected ${platform}; its credentials are deleted. Conversions not yet sent stay queued until it is connected again.`
    : `${platform} was not connected.`;
}

/** The private address of Google's import file, printed once; a new one replaces the old. */
async function fileUrl(db: Database, baseUrl: string) {
  const token = await createConversionFileToken(db, cliActor);
  return [
    `${baseUrl}/ads/google/${token}.csv`,
    "Give this address to Google Ads' scheduled upload. It is not shown again; ads:file-revoke turns it off.",
  ].join("\n");
}

export const adCommands: Record<string, Command> = {
  "ads:file-url": (db, _values, config) => fileUrl(db, config.baseUrl),
  "ads:file-revoke": async (db) => {
    await revokeConversionFileToken(db, cliActor);
    return "The conversion file's address is revoked.";
  },
  "ads:connect": (db, values, config) => connect(db, values, config.webhookAllowPrivate),
  "ads:show": (db) => show(db),
  "ads:disconnect": (db, values) => disconnect(db, values),
};
