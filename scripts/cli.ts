// Operator commands: npm run cli -- <command> [options]. Works on whichever database the environment configures.
import { parseArgs } from "node:util";
import { isRole, ROLES, type Role } from "~/lib/roles";
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
import { backupUsage, runBackupCommand } from "./backup-commands";

const usage = `Usage: npm run cli -- <command> [options]

  users:create          --email E --password P --role ${ROLES.join("|")} [--name N]
  users:set-role        --email E --role ${ROLES.join("|")}
  users:reset-password  --email E --password P   (also signs the user out everywhere)
  users:disable         --email E                (signs the user out everywhere)
  users:enable          --email E
  users:list
${backupUsage}`;

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

async function run(db: Database, command: string | undefined, values: Record<string, string | undefined>) {
  switch (command) {
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
  const command = process.argv[2];
  if (command === "backup" || command === "restore") return runBackupCommand(process.argv.slice(2));
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string" },
        name: { type: "string" },
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
    console.log(await run(db, parsed.positionals[0], parsed.values as Record<string, string | undefined>));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      return 2;
    }
    if (error instanceof StaffUserError) {
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
