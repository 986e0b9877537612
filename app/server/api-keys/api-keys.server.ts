import { createHash, randomBytes } from "node:crypto";
import { isRole, type Role } from "~/lib/roles";
import type { ApiArea, ApiKeyCreate } from "~/lib/schemas/api-keys";
import type { ApiKeyRow } from "~/lib/types/api-keys";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { transactionOrConflict } from "../db/database.server";
import { preparedQuery } from "../db/prepared-query.server";
import type { Database } from "../db/schema.server";
import { fromBool, fromJson, newId, toJson } from "../db/values.server";

/** Keys start with this, so a leaked one is recognisable (secret scanners, logs) as ours. */
export const API_KEY_PREFIX = "agk_";
const DAY_MS = 24 * 60 * 60 * 1000;
/** How stale `last_used_at` may be before a request writes it again: a busy key writes once a minute. */
const LAST_USED_STEP_MS = 60 * 1000;

const auditKey = auditOf("api_key");

export type ApiKeyInfo = ApiKeyRow;

/**
 * 32 random bytes (256 bits) behind the prefix: a single SHA-256 of it is a safe store (a slow hash
 * guards guessable passwords; a key this long cannot be guessed), and it is quick to look up.
 */
function newKey() {
  return `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export function hashApiKey(key: string) {
  return createHash("sha256").update(key).digest("hex");
}

/** Creates a key for `userId`; the key itself is in the answer and nowhere else. */
export async function createApiKey(
  db: Database,
  userId: string,
  input: ApiKeyCreate,
  actor: AuditActor | null,
  nowMs = Date.now(),
) {
  const key = newKey();
  const id = newId();
  const expiresAt = new Date(nowMs + input.expiresDays * DAY_MS).toISOString();
  await transactionOrConflict(
    db,
    () => new AppError("CONFLICT", `You already have a key named "${input.name}".`, { field: "name" }),
    async (trx) => {
      const owner = await trx.selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst();
      if (!owner) throw new AppError("NOT_FOUND", "That staff member no longer exists.");
      await trx
        .insertInto("api_keys")
        .values({
          id,
          user_id: userId,
          name: input.name,
          prefix: key.slice(0, API_KEY_PREFIX.length + 6),
          key_hash: hashApiKey(key),
          read_only: input.readOnly,
          areas: toJson(input.areas),
          expires_at: expiresAt,
          last_used_at: null,
          reminded_at: null,
          created_at: new Date(nowMs).toISOString(),
        })
        .execute();
      await auditKey(trx, actor, "api_key.create", id, {
        owner: userId,
        name: input.name,
        readOnly: input.readOnly,
        areas: input.areas,
        expiresAt,
      });
    },
  );
  return { id, key, expiresAt };
}

/** Keys with their owners' addresses, newest first; one person's when `userId` is given. */
export async function listApiKeys(db: Database, options: { userId?: string } = {}): Promise<ApiKeyInfo[]> {
  let query = db
    .selectFrom("api_keys")
    .innerJoin("user", "user.id", "api_keys.user_id")
    .select([
      "api_keys.id",
      "api_keys.user_id",
      "user.email",
      "api_keys.name",
      "api_keys.prefix",
      "api_keys.read_only",
      "api_keys.areas",
      "api_keys.expires_at",
      "api_keys.last_used_at",
      "api_keys.created_at",
    ])
    .orderBy("api_keys.created_at", "desc")
    .orderBy("api_keys.id", "desc");
  if (options.userId) query = query.where("api_keys.user_id", "=", options.userId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    ownerEmail: row.email,
    name: row.name,
    prefix: row.prefix,
    readOnly: fromBool(row.read_only),
    areas: fromJson<ApiArea[]>(row.areas, []),
    expiresAt: iso(row.expires_at),
    lastUsedAt: row.last_used_at ? iso(row.last_used_at) : null,
    createdAt: iso(row.created_at),
  }));
}

function iso(value: string | Date) {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/**
 * Revokes a key: it stops at once (it is deleted; the audit log keeps that it existed). `ownerId`, when
 * given, is whose keys the person may revoke: a key of anyone else is "not found", as if it did not exist.
 */
export async function revokeApiKey(
  db: Database,
  keyId: string,
  actor: AuditActor | null,
  options: { ownerId?: string } = {},
) {
  await db.transaction().execute(async (trx) => {
    let query = trx.selectFrom("api_keys").select(["id", "name", "user_id"]).where("id", "=", keyId);
    if (options.ownerId) query = query.where("user_id", "=", options.ownerId);
    const key = await query.executeTakeFirst();
    if (!key) throw new AppError("NOT_FOUND", "That key no longer exists.");
    await trx.deleteFrom("api_keys").where("id", "=", key.id).execute();
    await auditKey(trx, actor, "api_key.revoke", key.id, { owner: key.user_id, name: key.name });
  });
}

export async function findApiKeyByName(db: Database, userId: string, name: string) {
  return db
    .selectFrom("api_keys")
    .select(["id", "name"])
    .where("user_id", "=", userId)
    .where("name", "=", name.trim())
    .executeTakeFirst();
}

/** The key behind a request, acting as its owner with the owner's role as it is now. */
export type ApiCaller = {
  keyId: string;
  keyName: string;
  userId: string;
  email: string;
  role: Role | null;
  readOnly: boolean;
  areas: ApiArea[];
};

/**
 * The key with its owner and the owner's role as they are now, in one prepared read: it runs on every
 * request, and nothing of it is cached, so a revoked key, a disabled owner or a new role counts at once.
 */
const findKeyByHash = preparedQuery((db, $: { hash: string }) =>
  db
    .selectFrom("api_keys")
    .innerJoin("user", "user.id", "api_keys.user_id")
    .leftJoin("user_roles", "user_roles.user_id", "api_keys.user_id")
    .select([
      "api_keys.id",
      "api_keys.name",
      "api_keys.user_id",
      "api_keys.read_only",
      "api_keys.areas",
      "api_keys.expires_at",
      "api_keys.last_used_at",
      "user.email",
      "user.disabled",
      "user_roles.role",
    ])
    .where("api_keys.key_hash", "=", $.hash)
    .limit(1),
);

/** A hint for the key's owner, not a record: it commits without waiting for the disk (SQLite). */
const recordLastUse = preparedQuery(
  (db, $: { id: string; at: string }) => db.updateTable("api_keys").set({ last_used_at: $.at }).where("id", "=", $.id),
  { unflushed: true },
);

/**
 * The caller a Bearer key stands for, or null when the key is unknown, revoked, expired, or its owner
 * is disabled or gone. The role is read from the owner at every request, so a role change narrows the
 * key at once. Records the key's last use (at most once a minute per key).
 */
export async function authenticateApiKey(db: Database, key: string, nowMs = Date.now()): Promise<ApiCaller | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
  const [row] = (await findKeyByHash(db, { hash: hashApiKey(key) })).rows;
  if (!row || fromBool(row.disabled)) return null;
  if (Date.parse(iso(row.expires_at)) <= nowMs) return null;
  const role = isRole(row.role) ? row.role : null;
  if (!role) return null;
  if (!row.last_used_at || Date.parse(iso(row.last_used_at)) < nowMs - LAST_USED_STEP_MS) {
    await recordLastUse(db, { id: row.id, at: new Date(nowMs).toISOString() });
  }
  return {
    keyId: row.id,
    keyName: row.name,
    userId: row.user_id,
    email: row.email,
    role,
    readOnly: fromBool(row.read_only),
    areas: fromJson<ApiArea[]>(row.areas, []),
  };
}

/** The audit actor of a change made with a key: its owner, and the key's name beside them. */
export function apiActor(caller: ApiCaller): AuditActor {
  return { id: caller.userId, email: caller.email, apiKey: caller.keyName };
}

const REMIND_BEFORE_MS = 7 * DAY_MS;

/** Keys of any owner that expire within the coming week and were not mentioned yet: a digest is due. */
export function hasKeysToRemindOf(db: Database, nowMs = Date.now()) {
  return db
    .selectFrom("api_keys")
    .select("api_keys.id")
    .where("api_keys.expires_at", "<=", new Date(nowMs + REMIND_BEFORE_MS).toISOString())
    .where("api_keys.expires_at", ">", new Date(nowMs).toISOString())
    .where("api_keys.reminded_at", "is", null);
}

/** The owner's keys that expire within the coming week and were not mentioned in a digest yet. */
export async function keysToRemindOf(db: Database, userId: string, nowMs = Date.now()) {
  const rows = await hasKeysToRemindOf(db, nowMs)
    .select(["api_keys.name", "api_keys.expires_at"])
    .where("api_keys.user_id", "=", userId)
    .orderBy("api_keys.expires_at")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, expiresAt: iso(row.expires_at) }));
}

/** Marks keys as mentioned, in the transaction that queues the digest, so each is mentioned once. */
export async function markKeysReminded(trx: Database, keyIds: string[], at: string) {
  if (keyIds.length === 0) return;
  await trx.updateTable("api_keys").set({ reminded_at: at }).where("id", "in", keyIds).execute();
}

/** How long a POST's answer is kept for a retry with the same Idempotency-Key. */
export const IDEMPOTENCY_KEEP_MS = DAY_MS;

/** Forgets the kept answers of idempotent POSTs older than a day (a retry comes within minutes). */
export async function pruneIdempotencyKeys(db: Database, nowMs = Date.now()) {
  await db
    .deleteFrom("api_idempotency")
    .where("created_at", "<", new Date(nowMs - IDEMPOTENCY_KEEP_MS).toISOString())
    .execute();
}
