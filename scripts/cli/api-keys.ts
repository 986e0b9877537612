// api-keys:create, api-keys:list and api-keys:revoke.
import { apiKeyCreateSchema } from "~/lib/schemas/api-keys";
import { createApiKey, findApiKeyByName, listApiKeys, revokeApiKey } from "~/server/api-keys/api-keys.server";
import { AppError } from "~/server/app-error.server";
import type { Database } from "~/server/db/schema.server";
import { type Command, cliActor, emailOption, existingUser, type Options, required, UsageError } from "./options";

/** Creates a key for a staff member with the Settings form's rules; the key alone is the last line. */
async function createKey(db: Database, values: Options) {
  const user = await existingUser(db, emailOption(values));
  const parsed = apiKeyCreateSchema.safeParse({
    name: required(values, "name"),
    readOnly: values["read-only"] ? "true" : undefined,
    areas: values.areas,
    expiresDays: values["expires-days"],
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const option = { readOnly: "read-only", expiresDays: "expires-days" }[String(issue?.path[0])] ?? issue?.path[0];
    throw new UsageError(`--${String(option ?? "name")}: ${issue?.message}`);
  }
  const created = await createApiKey(db, user.id, parsed.data, cliActor);
  const scope = [
    parsed.data.readOnly ? "read-only" : "read and write",
    parsed.data.areas.length > 0 ? `areas ${parsed.data.areas.join(",")}` : "every area of the role",
  ].join(", ");
  return [
    `Created API key "${parsed.data.name}" for ${user.email} (${user.role}; ${scope}), expires ${created.expiresAt}.`,
    "Keep the key now: it is not shown again.",
    created.key,
  ].join("\n");
}

async function listKeys(db: Database, values: Options) {
  const userId = values.email ? (await existingUser(db, emailOption(values))).id : undefined;
  const keys = await listApiKeys(db, { userId });
  if (keys.length === 0) return "No API keys.";
  return keys
    .map((key) =>
      [
        key.ownerEmail,
        JSON.stringify(key.name),
        `${key.prefix}…`,
        key.readOnly ? "read-only" : "read-write",
        key.areas.length > 0 ? key.areas.join(",") : "all areas",
        `expires ${key.expiresAt}`,
        `last used ${key.lastUsedAt ?? "never"}`,
      ].join("  "),
    )
    .join("\n");
}

async function revokeKey(db: Database, values: Options) {
  const user = await existingUser(db, emailOption(values));
  const name = required(values, "name");
  const key = await findApiKeyByName(db, user.id, name);
  if (!key) throw new AppError("NOT_FOUND", `${user.email} has no API key named "${name}".`);
  await revokeApiKey(db, key.id, cliActor);
  return `Revoked API key "${key.name}" of ${user.email}.`;
}

export const apiKeyCommands: Record<string, Command> = {
  "api-keys:create": (db, values) => createKey(db, values),
  "api-keys:list": (db, values) => listKeys(db, values),
  "api-keys:revoke": (db, values) => revokeKey(db, values),
};
