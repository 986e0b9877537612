import { describe, expect, it } from "vitest";
import type { Role } from "~/lib/roles";
import { listAuditEntries } from "~/server/audit/audit.server";
import type { Database } from "~/server/db/schema.server";
import { consumeRateLimit } from "~/server/rate-limit/rate-limit.server";
import {
  createFirstAdmin,
  createStaffUser,
  deleteStaffUser,
  isSetupComplete,
  listStaffUsers,
  resetStaffPassword,
  setStaffDisabled,
  setStaffRole,
} from "~/server/users/staff-users.server";
import { databasePerTest, dialects } from "../support/databases";

const actor = { id: null, email: "test" };
/** A staff user with a valid password, created by the test's own actor. */
const addUser = (db: Database, email: string, role: Role) =>
  createStaffUser(db, { email, password: "long enough pass", role }, actor);

describe.each(dialects)("staff users on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("creates exactly one first admin, even when many ask at once", async () => {
    const database = await freshDatabase();
    // On PostgreSQL each attempt runs on its own connection, as separate requests would.
    const connections = dialect === "postgres" ? Array.from({ length: 6 }, () => database.reopen()) : [database.db];
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        createFirstAdmin(connections[index % connections.length]!, {
          email: `admin${index}@example.com`,
          password: "correct horse",
        }),
      ),
    );
    expect(attempts.filter(Boolean)).toHaveLength(1);
    const users = await listStaffUsers(database.db);
    expect(users).toHaveLength(1);
    expect(users[0]?.role).toBe("admin");
    expect(await isSetupComplete(database.db)).toBe(true);
    expect(await createFirstAdmin(database.db, { email: "late@example.com", password: "correct horse" })).toBeNull();
  });

  it("refuses short and common passwords and duplicate e-mails (case-insensitively)", async () => {
    const database = await freshDatabase();
    await expect(
      createStaffUser(database.db, { email: "a@example.com", password: "short", role: "sales" }, actor),
    ).rejects.toThrow("at least 12 characters");
    await expect(
      createStaffUser(database.db, { email: "a@example.com", password: "Password2024!", role: "sales" }, actor),
    ).rejects.toThrow("list of common and breached passwords");
    await addUser(database.db, "A@Example.com", "sales");
    await expect(addUser(database.db, "a@example.com", "editor")).rejects.toThrow("already exists");
  });

  it("never lets the last active admin be demoted, disabled or deleted", async () => {
    const database = await freshDatabase();
    const admin = await addUser(database.db, "boss@example.com", "admin");
    const other = await addUser(database.db, "other@example.com", "admin");

    await setStaffDisabled(database.db, other.id, true, actor);
    await expect(setStaffRole(database.db, admin.id, "sales", actor)).rejects.toThrow("last active admin");
    await expect(setStaffDisabled(database.db, admin.id, true, actor)).rejects.toThrow("last active admin");
    await expect(deleteStaffUser(database.db, admin.id, actor)).rejects.toThrow("last active admin");

    await setStaffDisabled(database.db, other.id, false, actor);
    await setStaffRole(database.db, admin.id, "sales", actor);
    const roles = Object.fromEntries((await listStaffUsers(database.db)).map((user) => [user.email, user.role]));
    expect(roles).toEqual({ "boss@example.com": "sales", "other@example.com": "admin" });
  });

  it("signs a user out everywhere when disabled or when their password is reset, and audits both", async () => {
    const database = await freshDatabase();
    const user = await addUser(database.db, "s@example.com", "sales");
    const addSession = () =>
      database.db
        .insertInto("session")
        .values({
          id: crypto.randomUUID(),
          token: crypto.randomUUID(),
          user_id: user.id,
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
    const sessions = async () =>
      (await database.db.selectFrom("session").select("id").where("user_id", "=", user.id).execute()).length;

    await addSession();
    await setStaffDisabled(database.db, user.id, true, actor);
    expect(await sessions()).toBe(0);
    await setStaffDisabled(database.db, user.id, false, actor);

    await addSession();
    await resetStaffPassword(database.db, user.id, "brand new password", actor);
    expect(await sessions()).toBe(0);

    const actions = (await listAuditEntries(database.db, { entityType: "user" })).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(["user.create", "user.disable", "user.enable", "user.reset_password"]),
    );
  });
});

describe.each(dialects)("the shared rate limiter on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("allows exactly `max` requests per window under concurrency, then restarts after the window", async () => {
    const database = await freshDatabase();
    const connections = dialect === "postgres" ? Array.from({ length: 5 }, () => database.reopen()) : [database.db];
    const now = 1_700_000_000_000;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        consumeRateLimit(connections[index % connections.length]!, "k", { windowSeconds: 60, max: 5 }, now),
      ),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    expect(results.find((result) => !result.allowed)?.retryAfterSeconds).toBe(60);

    const later = await consumeRateLimit(database.db, "k", { windowSeconds: 60, max: 5 }, now + 60_000);
    expect(later).toEqual({ allowed: true, retryAfterSeconds: null });
  });
});

describe.each(dialects)("maintenance on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("drops day-old rate-limit counters and expired sessions, and keeps the rest", async () => {
    const database = await freshDatabase();
    const { runMaintenance } = await import("~/server/background/maintenance.server");
    const now = Date.now();
    await consumeRateLimit(database.db, "old", { windowSeconds: 60, max: 5 }, now - 2 * 24 * 60 * 60 * 1000);
    await consumeRateLimit(database.db, "recent", { windowSeconds: 60, max: 5 }, now - 60_000);
    const user = await addUser(database.db, "m@example.com", "sales");
    for (const [token, expiresAt] of [
      ["expired", now - 1000],
      ["live", now + 3_600_000],
    ] as const) {
      await database.db
        .insertInto("session")
        .values({
          id: token,
          token,
          user_id: user.id,
          expires_at: new Date(expiresAt).toISOString(),
          created_at: new Date(now).toISOString(),
          updated_at: new Date(now).toISOString(),
        })
        .execute();
    }
    expect(await runMaintenance(database.db, now)).toMatchObject({ expiredSessions: 1, webhookDeliveries: 0 });
    expect((await database.db.selectFrom("rate_limits").select("key").execute()).map((row) => row.key)).toEqual([
      "recent",
    ]);
    expect((await database.db.selectFrom("session").select("token").execute()).map((row) => row.token)).toEqual([
      "live",
    ]);
  });
});
