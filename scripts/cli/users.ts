// users:* and setup-code: staff accounts, their sign-in locks and the first admin's setup code.
import { AppError } from "~/server/app-error.server";
import { recordAudit } from "~/server/audit/audit.server";
import { loadAuthSecret } from "~/server/auth/secret.server";
import { unlockSignIn } from "~/server/auth/sign-in-failures.server";
import { parseConfig } from "~/server/config.server";
import type { Database } from "~/server/db/schema.server";
import { currentSetupCode } from "~/server/users/setup-code.server";
import {
  createStaffUser,
  listStaffUsers,
  resetStaffPassword,
  setStaffDisabled,
  setStaffRole,
} from "~/server/users/staff-users.server";
import { type Command, cliActor, emailOption, existingUser, nameOption, roleOption } from "./options";
import { passwordOption } from "./passwords";

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

async function printSetupCode(db: Database) {
  const code = await currentSetupCode(db);
  if (!code) throw new AppError("CONFLICT", "Setup is complete: an admin already exists, so there is no setup code.");
  return code;
}

async function setDisabled(db: Database, email: string, disabled: boolean) {
  const user = await existingUser(db, email);
  await setStaffDisabled(db, user.id, disabled, cliActor);
  return `${user.email} is ${disabled ? "disabled and signed out" : "enabled"}.`;
}

async function listUsers(db: Database) {
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

export const userCommands: Record<string, Command> = {
  "users:create": async (db, values) => {
    const name = nameOption(values);
    const created = await createStaffUser(
      db,
      {
        email: emailOption(values),
        role: roleOption(values),
        password: await passwordOption(values, { confirm: true }),
        name,
      },
      cliActor,
    );
    return `Created ${created.email} (${values.role})${name ? `, shown to visitors as "${name}"` : ""}.`;
  },
  "users:set-role": async (db, values) => {
    const user = await existingUser(db, emailOption(values));
    const role = roleOption(values);
    await setStaffRole(db, user.id, role, cliActor);
    return `${user.email} is now ${role}.`;
  },
  "users:reset-password": async (db, values) => {
    const user = await existingUser(db, emailOption(values));
    await resetStaffPassword(db, user.id, await passwordOption(values, { confirm: true }), cliActor);
    return `Password of ${user.email} reset; their sessions were signed out.`;
  },
  "users:disable": (db, values) => setDisabled(db, emailOption(values), true),
  "users:enable": (db, values) => setDisabled(db, emailOption(values), false),
  "users:unlock": (db, values) => unlockUser(db, emailOption(values)),
  "users:list": (db) => listUsers(db),
  "setup-code": (db) => printSetupCode(db),
};
