import { hashPassword } from "better-auth/crypto";
import { isRole, type Role } from "~/lib/roles";
import type { StaffUser } from "~/lib/types/staff";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { dialectOf } from "../db/database.server";
import type { Database } from "../db/schema.server";
import { fromBool, newId, now } from "../db/values.server";
import { checkNewPassword } from "./password-policy.server";

const auditUser = auditOf("user");

export function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function listStaffUsers(db: Database): Promise<StaffUser[]> {
  const lastSignIns = db
    .selectFrom("audit_logs")
    .select(["actor_id", (eb) => eb.fn.max("created_at").as("last_sign_in_at")])
    .where("action", "=", "auth.sign_in")
    .groupBy("actor_id")
    .as("last_sign_in");
  const rows = await db
    .selectFrom("user")
    .leftJoin("user_roles", "user_roles.user_id", "user.id")
    .leftJoin(lastSignIns, "last_sign_in.actor_id", "user.id")
    .select([
      "user.id",
      "user.email",
      "user.name",
      "user.disabled",
      "user.two_factor_enabled",
      "user.created_at",
      "user_roles.role",
      "last_sign_in.last_sign_in_at",
    ])
    .orderBy("user.email")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: isRole(row.role) ? row.role : null,
    disabled: fromBool(row.disabled),
    twoFactorEnabled: fromBool(row.two_factor_enabled),
    createdAt: toIso(row.created_at),
    lastSignInAt: row.last_sign_in_at ? toIso(row.last_sign_in_at as string) : null,
  }));
}

function toIso(value: string | Date) {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export async function findStaffUser(db: Database, idOrEmail: { id?: string; email?: string }) {
  const users = await listStaffUsers(db);
  return users.find((user) =>
    idOrEmail.id ? user.id === idOrEmail.id : user.email === normaliseEmail(idOrEmail.email ?? ""),
  );
}

export async function getRole(db: Database, userId: string): Promise<Role | null> {
  const row = await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).executeTakeFirst();
  return isRole(row?.role) ? row.role : null;
}

type NewStaffUser = { email: string; password: string; role: Role; name?: string };

/** `passwordHash` is computed before the transaction: hashing is slow on purpose and must not hold it open. */
async function insertUser(trx: Database, input: Omit<NewStaffUser, "password"> & { passwordHash: string }) {
  const email = normaliseEmail(input.email);
  const taken = await trx.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  if (taken) throw new AppError("CONFLICT", `A user with the e-mail ${email} already exists.`, { field: "email" });
  const id = newId();
  const at = now();
  await trx
    .insertInto("user")
    .values({
      id,
      // Left empty rather than made from the e-mail: visitors then read the agency's name, never "owner".
      name: input.name?.trim() ?? "",
      email,
      email_verified: true,
      created_at: at,
      updated_at: at,
      two_factor_enabled: false,
      disabled: false,
    })
    .execute();
  await trx
    .insertInto("account")
    .values({
      id: newId(),
      account_id: id,
      provider_id: "credential",
      user_id: id,
      password: input.passwordHash,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await trx.insertInto("user_roles").values({ user_id: id, role: input.role, created_at: at }).execute();
  return { id, email };
}

export async function createStaffUser(db: Database, input: NewStaffUser, actor: AuditActor | null) {
  checkNewPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const created = await insertUser(trx, { ...input, passwordHash });
    await auditUser(trx, actor, "user.create", created.id, { email: created.email, role: input.role });
    return created;
  });
}

/**
 * Creates the first admin, once: the claim row makes concurrent attempts wait for the first and
 * then find that setup is complete. Returns null when an admin already exists.
 */
export async function createFirstAdmin(db: Database, input: { email: string; password: string; name?: string }) {
  checkNewPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const created = await db.transaction().execute(async (trx) => {
    const claim = await trx
      .insertInto("seed_runs")
      .values({ name: "first_admin", ran_at: now() })
      .onConflict((oc) => oc.column("name").doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return null;
    if (await countAdmins(trx)) return null;
    const admin = await insertUser(trx, { email: input.email, name: input.name, passwordHash, role: "admin" });
    await auditUser(trx, { id: admin.id, email: admin.email }, "user.setup_first_admin", admin.id, {
      email: admin.email,
      role: "admin",
    });
    return admin;
  });
  return created;
}

export async function isSetupComplete(db: Database) {
  const claimed = await db.selectFrom("seed_runs").select("name").where("name", "=", "first_admin").executeTakeFirst();
  return Boolean(claimed) || (await countAdmins(db)) > 0;
}

async function countAdmins(db: Database, options: { activeOnly?: boolean; excluding?: string } = {}) {
  let query = db
    .selectFrom("user_roles")
    .innerJoin("user", "user.id", "user_roles.user_id")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_roles.role", "=", "admin");
  if (options.activeOnly) {
    query = query.where((eb) => eb.or([eb("user.disabled", "is", null), eb("user.disabled", "=", false)]));
  }
  if (options.excluding) query = query.where("user.id", "!=", options.excluding);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Runs `change` in a transaction that first makes sure another active admin remains once `userId`
 * stops being one. Admin rows are locked on PostgreSQL (SQLite's write transactions are serial
 * already), so two admins demoting each other at once cannot leave none.
 */
async function withoutLosingLastAdmin(db: Database, userId: string, change: (trx: Database) => Promise<void>) {
  await db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === "postgres") {
      await trx.selectFrom("user_roles").select("user_id").where("role", "=", "admin").forUpdate().execute();
    }
    if (
      (await getRole(trx, userId)) === "admin" &&
      (await countAdmins(trx, { activeOnly: true, excluding: userId })) === 0
    ) {
      throw new AppError("CONFLICT", "This is the last active admin: make another user an admin first.");
    }
    await change(trx);
  });
}

/**
 * Someone who stops taking calls loses their calendar feed address for good: enabling them again,
 * or giving the role back, must not bring back an address that may have been handed on meanwhile.
 */
async function retireBookingFeed(trx: Database, userId: string) {
  await trx.updateTable("staff_availability").set({ feed_token: null }).where("user_id", "=", userId).execute();
}

async function requireUser(db: Database, userId: string) {
  const user = await findStaffUser(db, { id: userId });
  if (!user) throw new AppError("NOT_FOUND", "That user no longer exists.");
  return user;
}

/** A staff member's display name, set by themselves on their profile. */
export async function setStaffName(db: Database, userId: string, name: string, actor: AuditActor | null) {
  const user = await requireUser(db, userId);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("user").set({ name: name.trim(), updated_at: now() }).where("id", "=", userId).execute();
    await auditUser(trx, actor, "user.set_name", userId, { email: user.email });
  });
}

export async function setStaffRole(db: Database, userId: string, role: Role, actor: AuditActor | null) {
  const user = await requireUser(db, userId);
  if (user.role === role) return;
  const assign = async (trx: Database) => {
    await trx
      .insertInto("user_roles")
      .values({ user_id: userId, role, created_at: now() })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ role }))
      .execute();
    if (role !== "admin" && role !== "sales") await retireBookingFeed(trx, userId);
    await auditUser(trx, actor, "user.set_role", userId, { email: user.email, role: { from: user.role, to: role } });
  };
  if (role === "admin") await db.transaction().execute(assign);
  else await withoutLosingLastAdmin(db, userId, assign);
}

export async function setStaffDisabled(db: Database, userId: string, disabled: boolean, actor: AuditActor | null) {
  const user = await requireUser(db, userId);
  if (disabled && actor?.id === userId) throw new AppError("CONFLICT", "You cannot disable your own account.");
  const change = async (trx: Database) => {
    await trx.updateTable("user").set({ disabled, updated_at: now() }).where("id", "=", userId).execute();
    if (disabled) {
      await trx.deleteFrom("session").where("user_id", "=", userId).execute();
      await retireBookingFeed(trx, userId);
    }
    await auditUser(trx, actor, disabled ? "user.disable" : "user.enable", userId, { email: user.email });
  };
  if (disabled) await withoutLosingLastAdmin(db, userId, change);
  else await db.transaction().execute(change);
}

export async function revokeStaffSessions(db: Database, userId: string, actor: AuditActor | null) {
  const user = await requireUser(db, userId);
  await db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom("session").where("user_id", "=", userId).executeTakeFirst();
    await auditUser(trx, actor, "user.revoke_sessions", userId, {
      email: user.email,
      sessions: Number(result.numDeletedRows),
    });
  });
}

export async function resetStaffPassword(db: Database, userId: string, password: string, actor: AuditActor | null) {
  checkNewPassword(password);
  const user = await requireUser(db, userId);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("account")
      .set({ password: passwordHash, updated_at: now() })
      .where("user_id", "=", userId)
      .where("provider_id", "=", "credential")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx
        .insertInto("account")
        .values({
          id: newId(),
          account_id: userId,
          provider_id: "credential",
          user_id: userId,
          password: passwordHash,
          created_at: now(),
          updated_at: now(),
        })
        .execute();
    }
    await trx.deleteFrom("session").where("user_id", "=", userId).execute();
    await auditUser(trx, actor, "user.reset_password", userId, { email: user.email });
  });
}

export async function deleteStaffUser(db: Database, userId: string, actor: AuditActor | null) {
  const user = await requireUser(db, userId);
  if (actor?.id === userId) throw new AppError("CONFLICT", "You cannot delete your own account.");
  await withoutLosingLastAdmin(db, userId, async (trx) => {
    await trx.deleteFrom("user_roles").where("user_id", "=", userId).execute();
    await trx.deleteFrom("user").where("id", "=", userId).execute();
    await auditUser(trx, actor, "user.delete", userId, { email: user.email, role: user.role });
  });
}
