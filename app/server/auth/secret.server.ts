import { randomBytes } from "node:crypto";
import type { Database } from "../db/schema.server";
import { now } from "../db/values.server";

/**
 * The key better-auth signs cookies with: AUTH_SECRET when set, otherwise one generated on first start
 * and kept in the database, so every app process sharing the database signs alike and restarts keep
 * sessions alive.
 */
export async function loadAuthSecret(db: Database, fromEnvironment: string | undefined) {
  if (fromEnvironment) return fromEnvironment;
  await db
    .insertInto("app_secrets")
    .values({ name: "auth_secret", value: randomBytes(32).toString("base64url"), created_at: now() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("app_secrets")
    .select("value")
    .where("name", "=", "auth_secret")
    .executeTakeFirstOrThrow();
  return row.value;
}
