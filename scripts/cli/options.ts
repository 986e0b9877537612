// What every operator command shares: its options as parsed, the checks on them, and who it acts as.
import { isRole, ROLES, type Role } from "~/lib/roles";
import { profileSchema } from "~/lib/schemas/staff";
import { AppError } from "~/server/app-error.server";
import type { parseConfig } from "~/server/config.server";
import type { Database } from "~/server/db/schema.server";
import { findStaffUser } from "~/server/users/staff-users.server";

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export type Options = Record<string, string | boolean | string[] | undefined>;

/** One command: returns what it prints on success. */
export type Command = (db: Database, values: Options, config: ReturnType<typeof parseConfig>) => Promise<string>;

export const cliActor = { id: null, email: "cli" };

export function required(values: Options, name: string) {
  const given = values[name];
  const value = typeof given === "string" ? given.trim() : undefined;
  if (!value) throw new UsageError(`Missing --${name}.`);
  return value;
}

export function roleOption(values: Options): Role {
  const role = required(values, "role");
  if (!isRole(role)) throw new UsageError(`--role must be one of ${ROLES.join(", ")}, not "${role}".`);
  return role;
}

export function emailOption(values: Options) {
  const email = required(values, "email");
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`"${email}" is not an e-mail address.`);
  return email;
}

/** A staff member's display name, checked as the profile screen checks it; undefined when not given. */
export function nameOption(values: Options) {
  if (values.name === undefined) return undefined;
  const parsed = profileSchema.shape.name.safeParse(values.name);
  if (!parsed.success) throw new UsageError(`--name: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

export async function existingUser(db: Database, email: string) {
  const user = await findStaffUser(db, { email });
  if (!user) throw new AppError("NOT_FOUND", `No user with the e-mail ${email.trim().toLowerCase()}.`);
  return user;
}
