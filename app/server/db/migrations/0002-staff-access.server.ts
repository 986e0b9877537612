import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server";
import { createIndexes, createTableWithId, dropTables, requiredColumns, timestamps } from "./schema-kit.server";

/** better-auth's tables (snake_case, as configured), its two-factor plugin, and our rate-limit and secret stores. */
export async function up(db: Kysely<unknown>) {
  const t = columnTypes(db);

  await createTableWithId(db, "user")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("email_verified", t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn("image", "text")
    .$call(timestamps(t))
    .addColumn("two_factor_enabled", t.bool, (c) => c.defaultTo(t.falseValue))
    .addColumn("disabled", t.bool, (c) => c.defaultTo(t.falseValue))
    .execute();

  await createTableWithId(db, "session")
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .$call(timestamps(t))
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .execute();
  await createIndexes(db, "session", { session_user_id_idx: ["user_id"] });

  await createTableWithId(db, "account")
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", t.timestamp)
    .addColumn("refresh_token_expires_at", t.timestamp)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .$call(timestamps(t))
    .execute();
  await createIndexes(db, "account", { account_user_id_idx: ["user_id"] });

  await createTableWithId(db, "verification")
    .$call(requiredColumns({ identifier: "text", value: "text", expires_at: t.timestamp }))
    .$call(timestamps(t))
    .execute();
  await createIndexes(db, "verification", { verification_identifier_idx: ["identifier"] });

  await createTableWithId(db, "two_factor")
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backup_codes", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("verified", t.bool, (c) => c.defaultTo(t.trueValue))
    .addColumn("failed_verification_count", "integer", (c) => c.defaultTo(0))
    .addColumn("locked_until", t.timestamp)
    .execute();
  await createIndexes(db, "two_factor", {
    two_factor_secret_idx: ["secret"],
    two_factor_user_id_idx: ["user_id"],
  });

  // TOTP codes already used to sign in, so that a code works once (better-auth accepts a replay).
  await db.schema
    .createTable("two_factor_used_codes")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("used_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("two_factor_used_codes_pk", ["user_id", "code"])
    .execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("app_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, [
    "app_secrets",
    "rate_limits",
    "two_factor_used_codes",
    "two_factor",
    "verification",
    "account",
    "session",
    "user",
  ]);
}
