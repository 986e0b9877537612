// Operator commands: npm run cli -- <command> [options]. Works on whichever database the environment configures.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { isRole, ROLES, type Role } from "~/lib/roles";
import { availabilitySchema, formatOverrideLine, formatWeeklyLine } from "~/lib/schemas/availability";
import { WEBHOOK_EVENT_TYPES, webhookEndpointSchema } from "~/lib/schemas/webhooks";
import { AppError } from "~/server/app-error.server";
import { recordAudit } from "~/server/audit/audit.server";
import { loadAuthSecret } from "~/server/auth/secret.server";
import { unlockSignIn } from "~/server/auth/sign-in-failures.server";
import { describeAvailability, getAvailability, setAvailability } from "~/server/bookings/availability.server";
import { ConfigError, type DatabaseConfig, parseConfig } from "~/server/config.server";
import { openDatabase } from "~/server/db/database.server";
import { MigrationError, migrateToLatest } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { currentSetupCode } from "~/server/users/setup-code.server";
import {
  createStaffUser,
  findStaffUser,
  listStaffUsers,
  resetStaffPassword,
  setStaffDisabled,
  setStaffRole,
} from "~/server/users/staff-users.server";
import { createWebhookEndpoint, listWebhookEndpoints } from "~/server/webhooks/endpoints.server";
import { backupUsage, runBackupCommand } from "./backup-commands";
import { announceDatabase, databaseName } from "./database-name";

const usage = `Usage: npm run cli -- <command> [options]

  users:create          --email E --role ${ROLES.join("|")} [--name N]
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
                        (--weekly and --override replace all weekly hours or overrides; others keep theirs)
  availability:show     --email E
  setup-code                                   (the code /admin/setup asks for while no admin exists)
${backupUsage}

Every command names the database it opened (DATA_DIR or DATABASE_URL, as the server reads them) and
refuses to start a new, empty one: run it where the server runs, or add --create to make one.

Passwords are asked for without echo on a terminal, or read from standard input with
--password-stdin (printf '%s' "$PASSWORD" | npm run cli -- users:create ... --password-stdin).
--password P still works but leaves the password in shell history and the process list.`;

class UsageError extends Error {}

type Options = Record<string, string | boolean | string[] | undefined>;

const cliActor = { id: null, email: "cli" };

function required(values: Options, name: string) {
  const given = values[name];
  const value = typeof given === "string" ? given.trim() : undefined;
  if (!value) throw new UsageError(`Missing --${name}.`);
  return value;
}

function roleOption(values: Options): Role {
  const role = required(values, "role");
  if (!isRole(role)) throw new UsageError(`--role must be one of ${ROLES.join(", ")}, not "${role}".`);
  return role;
}

function emailOption(values: Options) {
  const email = required(values, "email");
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`"${email}" is not an e-mail address.`);
  return email;
}

async function existingUser(db: Database, email: string) {
  const user = await findStaffUser(db, { email });
  if (!user) throw new AppError("NOT_FOUND", `No user with the e-mail ${email.trim().toLowerCase()}.`);
  return user;
}

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

/** Sets a staff member's availability with the admin form's checks; what is not given keeps its value. */
async function setAvailabilityFromOptions(db: Database, values: Options) {
  const lines = (name: string) => {
    const given = values[name];
    return Array.isArray(given) ? given : undefined;
  };
  const user = await existingUser(db, emailOption(values));
  const current = await getAvailability(db, user.id);
  const option = (name: string, fallback: string | number | null) => {
    const given = values[name];
    return typeof given === "string" ? given : fallback === null ? undefined : String(fallback);
  };
  const parsed = availabilitySchema.safeParse({
    userId: user.id,
    timeZone: option("time-zone", current.timeZone),
    weekly: (lines("weekly") ?? current.weekly.map(formatWeeklyLine)).join("\n"),
    overrides: (lines("override") ?? current.overrides.map(formatOverrideLine)).join("\n"),
    callMinutes: option("call-minutes", current.callMinutes),
    bufferBeforeMinutes: option("buffer-before", current.bufferBeforeMinutes),
    bufferAfterMinutes: option("buffer-after", current.bufferAfterMinutes),
    minNoticeMinutes: option("min-notice", current.minNoticeMinutes),
    horizonDays: option("horizon-days", current.horizonDays),
    maxPerDay: values["max-per-day"] === "none" ? "" : option("max-per-day", current.maxPerDay),
    meetingKind: option("meeting", current.meetingKind),
    meetingDetail: option("meeting-detail", current.meetingDetail),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const flag: Record<string, string> = {
      timeZone: "time-zone",
      weekly: "weekly",
      overrides: "override",
      callMinutes: "call-minutes",
      bufferBeforeMinutes: "buffer-before",
      bufferAfterMinutes: "buffer-after",
      minNoticeMinutes: "min-notice",
      horizonDays: "horizon-days",
      maxPerDay: "max-per-day",
      meetingKind: "meeting",
      meetingDetail: "meeting-detail",
    };
    throw new UsageError(`--${flag[String(issue?.path[0])] ?? String(issue?.path[0])}: ${issue?.message}`);
  }
  const saved = await setAvailability(db, parsed.data, cliActor);
  return `Availability of ${user.email} saved.\n${describeAvailability(saved)}`;
}

async function run(db: Database, command: string | undefined, values: Options, config: ReturnType<typeof parseConfig>) {
  switch (command) {
    case "users:create": {
      const created = await createStaffUser(
        db,
        {
          email: emailOption(values),
          role: roleOption(values),
          password: await passwordOption(values, { confirm: true }),
          name: typeof values.name === "string" ? values.name : undefined,
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
      await resetStaffPassword(db, user.id, await passwordOption(values, { confirm: true }), cliActor);
      return `Password of ${user.email} reset; their sessions were signed out.`;
    }
    case "users:disable":
    case "users:enable": {
      const user = await existingUser(db, emailOption(values));
      const disabled = command === "users:disable";
      await setStaffDisabled(db, user.id, disabled, cliActor);
      return `${user.email} is ${disabled ? "disabled and signed out" : "enabled"}.`;
    }
    case "users:unlock":
      return unlockUser(db, emailOption(values));
    case "setup-code":
      return printSetupCode(db);
    case "availability:set":
      return setAvailabilityFromOptions(db, values);
    case "availability:show": {
      const user = await existingUser(db, emailOption(values));
      const availability = await getAvailability(db, user.id);
      return `${user.email}${availability.saved ? "" : " (never set: defaults shown)"}\n${describeAvailability(availability)}`;
    }
    case "webhooks:add":
      return addWebhook(db, values, config.webhookAllowPrivate);
    case "webhooks:list":
      return listWebhooks(db);
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

// --- Passwords: never required on the command line ---------------------------------------------

const PASSWORD_FLAG_WARNING =
  "Warning: --password leaves the password in your shell history and the process list. Leave it out to be asked for it, or pipe it in with --password-stdin.";

/** The password to set: from standard input, a no-echo prompt on a terminal, or (warned) --password. */
async function passwordOption(values: Options, { confirm }: { confirm: boolean }) {
  if (values["password-stdin"] === true) {
    if (typeof values.password === "string")
      throw new UsageError("Give either --password or --password-stdin, not both.");
    const password = (await readStandardInput()).replace(/\r?\n$/, "");
    if (!password) throw new UsageError("No password on standard input.");
    return password;
  }
  if (typeof values.password === "string") {
    console.error(PASSWORD_FLAG_WARNING);
    return required(values, "password");
  }
  if (!process.stdin.isTTY) {
    throw new UsageError("Not on a terminal: pipe the password in with --password-stdin.");
  }
  const password = await promptHidden("Password: ");
  if (!password) throw new UsageError("No password given.");
  if (confirm && (await promptHidden("Password (again): ")) !== password) {
    throw new UsageError("The two passwords differ.");
  }
  return password;
}

async function readStandardInput() {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads one line from the terminal without echoing it (the terminal is put in raw mode meanwhile). */
function promptHidden(question: string) {
  const input = process.stdin;
  // Echo goes off before the question shows, so what is typed or pasted the moment it appears is never echoed.
  input.setRawMode(true);
  process.stderr.write(question);
  input.resume();
  input.setEncoding("utf8");
  return new Promise<string>((resolve, reject) => {
    let typed = "";
    const finish = (error?: Error) => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === "\r" || character === "\n" || character === "\u0004") return finish();
        if (character === "\u0003") return finish(new UsageError("Cancelled."));
        if (character === "\u007f" || character === "\b") typed = typed.slice(0, -1);
        else if (character >= " ") typed += character;
      }
    };
    input.on("data", onData);
  });
}

// --- Sign-in locks -----------------------------------------------------------------------------

async function unlockUser(db: Database, email: string) {
  const secret = await loadAuthSecret(db, parseConfig().authSecret);
  const cleared = await unlockSignIn(db, secret, email);
  await recordAudit(db, {
    actor: cliActor,
    action: "auth.sign_in_unlocked",
    entityType: "user",
    summary: { email: email.trim().toLowerCase(), counters: cleared },
  });
  return cleared
    ? `Sign-in of ${email.trim().toLowerCase()} unlocked (${cleared} failure counter(s) cleared).`
    : `Sign-in of ${email.trim().toLowerCase()} was not locked or slowed down.`;
}

// --- First-admin setup -------------------------------------------------------------------------

async function printSetupCode(db: Database) {
  const code = await currentSetupCode(db);
  if (!code) throw new AppError("CONFLICT", "Setup is complete: an admin already exists, so there is no setup code.");
  return code;
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
        create: { type: "boolean" },
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
