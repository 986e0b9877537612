// Operator commands: npm run cli -- <command> [options]. Works on whichever database the environment configures.
import { parseArgs } from "node:util";
import { isRole, ROLES, type Role } from "~/lib/roles";
import { WEBHOOK_EVENT_TYPES, webhookEndpointSchema } from "~/lib/schemas/webhooks";
import { ConfigError, parseConfig } from "~/server/config.server";
import { openDatabase } from "~/server/db/database.server";
import { MigrationError, migrateToLatest } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import {
  createStaffUser,
  findStaffUser,
  listStaffUsers,
  resetStaffPassword,
  StaffUserError,
  setStaffDisabled,
  setStaffRole,
} from "~/server/users/staff-users.server";
import { createWebhookEndpoint, listWebhookEndpoints, WebhookEndpointError } from "~/server/webhooks/endpoints.server";

const usage = `Usage: npm run cli -- <command> [options]

  users:create          --email E --password P --role ${ROLES.join("|")} [--name N]
  users:set-role        --email E --role ${ROLES.join("|")}
  users:reset-password  --email E --password P   (also signs the user out everywhere)
  users:disable         --email E                (signs the user out everywhere)
  users:enable          --email E
  users:list
  webhooks:add          --url URL --events ${WEBHOOK_EVENT_TYPES.join(",")} [--description D]
                        [--format standard|slack] [--include-spam]   (prints the id and the secret)
  webhooks:list`;

class UsageError extends Error {}

const cliActor = { id: null, email: "cli" };

function required(values: Record<string, string | undefined>, name: string) {
  const value = values[name]?.trim();
  if (!value) throw new UsageError(`Missing --${name}.`);
  return value;
}

function roleOption(values: Record<string, string | undefined>): Role {
  const role = required(values, "role");
  if (!isRole(role)) throw new UsageError(`--role must be one of ${ROLES.join(", ")}, not "${role}".`);
  return role;
}

function emailOption(values: Record<string, string | undefined>) {
  const email = required(values, "email");
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`"${email}" is not an e-mail address.`);
  return email;
}

async function existingUser(db: Database, email: string) {
  const user = await findStaffUser(db, { email });
  if (!user) throw new StaffUserError(`No user with the e-mail ${email.trim().toLowerCase()}.`);
  return user;
}

type CliOptions = Record<string, string | boolean | undefined>;

/** Adds a webhook endpoint, with the same checks as the admin screen; prints its id and its secret. */
async function addWebhook(db: Database, values: CliOptions, allowPrivate: boolean) {
  const parsed = webhookEndpointSchema.safeParse({
    url: required(values as Record<string, string | undefined>, "url"),
    events: required(values as Record<string, string | undefined>, "events"),
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

async function run(
  db: Database,
  command: string | undefined,
  values: Record<string, string | undefined>,
  config: ReturnType<typeof parseConfig>,
) {
  switch (command) {
    case "webhooks:add":
      return addWebhook(db, values, config.webhookAllowPrivate);
    case "webhooks:list":
      return listWebhooks(db);
    case "users:create": {
      const created = await createStaffUser(
        db,
        {
          email: emailOption(values),
          password: required(values, "password"),
          role: roleOption(values),
          name: values.name,
        },
        cliActor,
      );
      return `Created ${created.email} (${values.role}).`;
    }
    case "users:set-role": {
      const user = await existingUser(db, emailOption(values));
      const role = roleOption(values);
      await setStaffRole(db, user.id, role, cliActor);
      return `${user.email} is now ${role}.`;
    }
    case "users:reset-password": {
      const user = await existingUser(db, emailOption(values));
      await resetStaffPassword(db, user.id, required(values, "password"), cliActor);
      return `Password of ${user.email} reset; their sessions were signed out.`;
    }
    case "users:disable":
    case "users:enable": {
      const user = await existingUser(db, emailOption(values));
      const disabled = command === "users:disable";
      await setStaffDisabled(db, user.id, disabled, cliActor);
      return `${user.email} is ${disabled ? "disabled and signed out" : "enabled"}.`;
    }
    case "users:list": {
      const users = await listStaffUsers(db);
      if (users.length === 0) return "No users yet. Create the first admin with users:create or at /admin/setup.";
      return users
        .map((user) =>
          [
            user.email.padEnd(36),
            (user.role ?? "(no role)").padEnd(10),
            user.disabled ? "disabled" : "active  ",
            user.twoFactorEnabled ? "2FA" : "   ",
            `last sign-in ${user.lastSignInAt ?? "never"}`,
          ].join("  "),
        )
        .join("\n");
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : "No command given.");
  }
}

async function main() {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string" },
        name: { type: "string" },
        url: { type: "string" },
        events: { type: "string" },
        description: { type: "string" },
        format: { type: "string" },
        "include-spam": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (parsed.values.help || parsed.positionals.length === 0) {
    console.log(usage);
    return parsed.values.help ? 0 : 2;
  }
  const config = parseConfig();
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    console.log(await run(db, parsed.positionals[0], parsed.values as Record<string, string | undefined>, config));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      return 2;
    }
    if (error instanceof StaffUserError || error instanceof WebhookEndpointError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError || error instanceof MigrationError ? error.message : error);
    process.exit(1);
  },
);
