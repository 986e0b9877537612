import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server";
import * as kit from "./schema-kit.server";

/** better-auth's tables (snake_case, as configured), its two-factor plugin, and our rate-limit and secret stores. */
export async function up(db: Kysely<unknown>) {
  const t = columnTypes(db);

  await kit
    .createTableWithId(db, "user")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("email_verified", t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn("image", "text")
    .$call(kit.timestamps(t))
    .addColumn("two_factor_enabled", t.bool, (c) => c.defaultTo(t.falseValue))
    .addColumn("disabled", t.bool, (c) => c.defaultTo(t.falseValue))
    .execute();

  await kit
    .createTableWithId(db, "session")
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .$call(kit.timestamps(t))
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .execute();
  await kit.createIndexes(db, "session", { session_user_id_idx: ["user_id"] });

  await kit
    .createTableWithId(db, "account")
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
    .$call(kit.timestamps(t))
    .execute();
  await kit.createIndexes(db, "account", { account_user_id_idx: ["user_id"] });

  await kit
    .createTableWithId(db, "verification")
    .$call(kit.requiredColumns({ identifier: "text", value: "text", expires_at: t.timestamp }))
    .$call(kit.timestamps(t))
    .execute();
  await kit.createIndexes(db, "verification", { verification_identifier_idx: ["identifier"] });

  await kit
    .createTableWithId(db, "two_factor")
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backup_codes", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("verified", t.bool, (c) => c.defaultTo(t.trueValue))
    .addColumn("failed_verification_count", "integer", (c) => c.defaultTo(0))
    .addColumn("locked_until", t.timestamp)
    .execute();
  await kit.createIndexes(db, "two_factor", {
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

  await kit
    .createTableKeyedBy(db, "rate_limits", "key")
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .execute();

  await kit
    .createTableKeyedBy(db, "app_secrets", "name")
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await kit.dropTables(db, [
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
