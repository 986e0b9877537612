// Operator commands: npm run cli -- <command> [options]. Works on whichever database the environment configures.
// Each group of commands lives in scripts/cli/; this file parses the options and opens the database.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { ROLES } from "~/lib/roles";
import { WEBHOOK_EVENT_TYPES } from "~/lib/schemas/webhooks";
import { AppError } from "~/server/app-error.server";
import { ConfigError, type DatabaseConfig, parseConfig } from "~/server/config.server";
import { openDatabase } from "~/server/db/database.server";
import { MigrationError, migrateToLatest } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { adCommands } from "./cli/ads";
import { apiKeyCommands } from "./cli/api-keys";
import { availabilityCommands } from "./cli/availability";
import { backupUsage, runBackupCommand } from "./cli/backup";
import { leadCommands } from "./cli/leads";
import { type Command, type Options, UsageError } from "./cli/options";
import { userCommands } from "./cli/users";
import { webhookCommands } from "./cli/webhooks";
import { announceDatabase, databaseName } from "./database-name";

const usage = `Usage: npm run cli -- <command> [options]

  users:create          --email E --role ${ROLES.join("|")} [--name "Display Name"]
  users:set-role        --email E --role ${ROLES.join("|")}
  users:reset-password  --email E              (also signs the user out everywhere)
  users:disable         --email E              (signs the user out everywhere)
  users:enable          --email E
  users:unlock          --email E              (lifts sign-in locks and slow-downs)
  users:list
  webhooks:add          --url URL --events ${WEBHOOK_EVENT_TYPES.join(",")} [--description D]
                        [--format standard|slack] [--include-spam]   (prints the id and the secret)
  webhooks:list
  availability:set      --email E [--weekly "mon-fri 09:00-17:00"]... [--time-zone Area/City]
                        [--override "2026-12-24 off"]... [--call-minutes 30] [--buffer-before 0]
                        [--buffer-after 0] [--min-notice 240] [--horizon-days 30] [--max-per-day N|none]
                        [--meeting phone|video|office] [--meeting-detail TEXT]
                        [--calendar-url URL]   (busy-time calendar; --calendar-url "" removes it)
                        (--weekly and --override replace all weekly hours or overrides; others keep theirs)
  availability:show     --email E
  api-keys:create       --email E --name N [--read-only] [--areas leads,bookings,clients,content,analytics]
                        [--expires-days 90]            (prints the key alone on its last line)
  api-keys:list         [--email E]
  api-keys:revoke       --email E --name N
  setup-code                                   (the code /admin/setup asks for while no admin exists)
  leads:merge-duplicates [--apply]             (prints the leads that share an e-mail or phone; --apply
                                                merges each group into its oldest lead, undoable 30 days)
  ads:connect           --platform google|meta|linkedin --config FILE   (JSON; needs ADS_CREDENTIALS_KEY)
  ads:show
  ads:disconnect        --platform google|meta|linkedin
  ads:file-url                                 (a private address of Google's conversion upload file; replaces the last)
  ads:file-revoke
${backupUsage}

Every command names the database it opened (DATA_DIR or DATABASE_URL, as the server reads them) and
refuses to start a new, empty one: run it where the server runs, or add --create to make one.

Passwords are asked for without echo on a terminal, or read from standard input with
--password-stdin (printf '%s' "$PASSWORD" | npm run cli -- users:create ... --password-stdin).
--password P still works but leaves the password in shell history and the process list.`;

const commands: Record<string, Command> = {
  ...userCommands,
  ...webhookCommands,
  ...availabilityCommands,
  ...leadCommands,
  ...apiKeyCommands,
  ...adCommands,
};

function run(db: Database, command: string | undefined, values: Options, config: ReturnType<typeof parseConfig>) {
  const handler = command && Object.hasOwn(commands, command) ? commands[command] : undefined;
  if (!handler) throw new UsageError(command ? `Unknown command "${command}".` : "No command given.");
  return handler(db, values, config);
}

async function main() {
  const command = process.argv[2];
  if (command === "backup" || command === "restore") return runBackupCommand(process.argv.slice(2));
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        "password-stdin": { type: "boolean" },
        role: { type: "string" },
        name: { type: "string" },
        url: { type: "string" },
        events: { type: "string" },
        description: { type: "string" },
        format: { type: "string" },
        "include-spam": { type: "boolean" },
        weekly: { type: "string", multiple: true },
        override: { type: "string", multiple: true },
        "time-zone": { type: "string" },
        "call-minutes": { type: "string" },
        "buffer-before": { type: "string" },
        "buffer-after": { type: "string" },
        "min-notice": { type: "string" },
        "horizon-days": { type: "string" },
        "max-per-day": { type: "string" },
        meeting: { type: "string" },
        "meeting-detail": { type: "string" },
        "calendar-url": { type: "string" },
        create: { type: "boolean" },
        apply: { type: "boolean" },
        "read-only": { type: "boolean" },
        areas: { type: "string" },
        "expires-days": { type: "string" },
        platform: { type: "string" },
        config: { type: "string" },
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
  const fresh = config.database.dialect === "sqlite" && !existsSync(config.database.file);
  if (fresh && !parsed.values.create) {
    console.error(noDatabaseMessage(config.database));
    return 1;
  }
  const db = openDatabase(config.database);
  try {
    const migrated = !fresh && (await hasSchema(db));
    if (!migrated && !parsed.values.create) {
      console.error(noDatabaseMessage(config.database));
      return 1;
    }
    announceDatabase(config.database, !migrated);
    await migrateToLatest(db);
    console.log(await run(db, parsed.positionals[0], parsed.values as Options, config));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      return 2;
    }
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

function noDatabaseMessage(database: DatabaseConfig) {
  return (
    `No app database at ${databaseName(database)}. Run the command with the server's DATA_DIR or ` +
    "DATABASE_URL (from the folder the server runs in), or add --create to start a new, empty database."
  );
}

/** Whether the app has ever migrated this database (an empty PostgreSQL database has no tables yet). */
async function hasSchema(db: Database) {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return tables.some((table) => table.name === "kysely_migration");
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError || error instanceof MigrationError ? error.message : error);
    process.exit(1);
  },
);
