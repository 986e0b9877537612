// webhooks:add and webhooks:list.
import { webhookEndpointSchema } from "~/lib/schemas/webhooks";
import type { Database } from "~/server/db/schema.server";
import { createWebhookEndpoint, listWebhookEndpoints } from "~/server/webhooks/endpoints.server";
import { type Command, cliActor, type Options, required, UsageError } from "./options";

/** Adds a webhook endpoint, with the same checks as the admin screen; prints its id and its secret. */
async function addWebhook(db: Database, values: Options, allowPrivate: boolean) {
  const parsed = webhookEndpointSchema.safeParse({
    url: required(values, "url"),
    events: required(values, "events"),
    description: values.description,
    format: values.format,
    includeSpam: values["include-spam"] ? "true" : undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`--${String(issue?.path[0] ?? "url")}: ${issue?.message}`);
  }
  const created = await createWebhookEndpoint(db, parsed.data, cliActor, { allowPrivate });
  return [
    `Added webhook endpoint ${created.id} for ${created.url}.`,
    `id:     ${created.id}`,
    `secret: ${created.secret}`,
    "Keep the secret now: it is not shown again (rotate it in the admin to get a new one).",
  ].join("\n");
}

async function listWebhooks(db: Database) {
  const endpoints = await listWebhookEndpoints(db);
  if (endpoints.length === 0) return "No webhook endpoints yet. Add one with webhooks:add.";
  return endpoints
    .map((endpoint) =>
      [
        endpoint.id,
        endpoint.status.padEnd(6),
        endpoint.format.padEnd(8),
        endpoint.url,
        `events ${endpoint.events.join(",")}${endpoint.includeSpam ? " (with spam)" : ""}`,
        `pending ${endpoint.pending}, failed ${endpoint.failed}`,
      ].join("  "),
    )
    .join("\n");
}

export const webhookCommands: Record<string, Command> = {
  "webhooks:add": (db, values, config) => addWebhook(db, values, config.webhookAllowPrivate),
  "webhooks:list": (db) => listWebhooks(db),
};
