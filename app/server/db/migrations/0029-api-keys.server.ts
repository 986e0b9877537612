import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server";
import * as kit from "./schema-kit.server";

/**
 * API keys: only a hash of each key is kept (the key is shown once), with its owner, name, whether it
 * may only read, the areas it is narrowed to, when it expires and when it was last used. The owner's
 * role is not stored on the key: it is read from the owner at each request. Beside them, the answers
 * of POST requests sent with an `Idempotency-Key`, so a retried request is done once.
 */
export async function up(db: Kysely<unknown>) {
  const t = columnTypes(db);
  await kit
    .createTableWithId(db, "api_keys")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    /** The key's first characters, shown in lists so a person can tell their keys apart. */
    .$call(kit.requiredColumns({ prefix: "text", key_hash: "text", read_only: t.bool }))
    /** JSON array of areas; empty means every area the owner's role opens. */
    .addColumn("areas", t.json, (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("last_used_at", t.timestamp)
    /** When the digest last reminded the owner that the key expires soon. */
    .addColumn("reminded_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await kit.createIndexes(db, "api_keys", {
    api_keys_key_hash_unique: { columns: ["key_hash"], unique: true },
    api_keys_user_name_unique: { columns: ["user_id", "name"], unique: true },
  });

  await db.schema
    .createTable("api_idempotency")
    .addColumn("key_id", "text", (c) => c.notNull().references("api_keys.id").onDelete("cascade"))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    /** The method and path it was sent to: the same header on another request is refused. */
    .addColumn("request", "text", (c) => c.notNull())
    .addColumn("status", "integer")
    .addColumn("body", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("api_idempotency_pk", ["key_id", "idempotency_key"])
    .execute();
}
