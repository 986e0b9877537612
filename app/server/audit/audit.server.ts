import type { Database } from "../db/schema.server";
import { fromJson, newId, now, toJson } from "../db/values.server";

/** Who made a change; `apiKey` names the key when it was made through the API or an assistant. */
export type AuditActor = { id: string | null; email: string | null; apiKey?: string };

export type AuditEntry = {
  actor: AuditActor | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  /** What changed, e.g. `{ role: { from: "sales", to: "admin" } }`. Never passwords or secrets. */
  summary?: Record<string, unknown>;
};

/** The one way to write the audit log; every staff mutation calls it. */
export async function recordAudit(db: Database, entry: AuditEntry) {
  await db
    .insertInto("audit_logs")
    .values({
      id: newId(),
      actor_id: entry.actor?.id ?? null,
      actor_email: entry.actor?.email ?? null,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId ?? null,
      summary: auditSummary(entry),
      created_at: now(),
    })
    .execute();
}

/** The entry's summary, with the key's name in it when the change came through the API. */
function auditSummary(entry: AuditEntry) {
  const apiKey = entry.actor?.apiKey;
  if (apiKey === undefined) return entry.summary ? toJson(entry.summary) : null;
  return toJson({ ...entry.summary, apiKey });
}

/**
 * The audit writer of one kind of entity: its entries all carry this entity type, so a module names
 * it once. `summary` as in `AuditEntry`.
 */
export function auditOf(entityType: string) {
  return (
    db: Database,
    actor: AuditActor | null,
    action: string,
    entityId: string | null | undefined,
    summary?: Record<string, unknown>,
  ) => recordAudit(db, { actor, action, entityType, entityId, summary });
}

export async function listAuditEntries(db: Database, options: { entityType?: string; limit?: number } = {}) {
  let query = db
    .selectFrom("audit_logs")
    .selectAll()
    // Entries written in the same millisecond keep their order: ids count up within one.
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(options.limit ?? 50);
  if (options.entityType) query = query.where("entity_type", "=", options.entityType);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    summary: fromJson<Record<string, unknown> | null>(row.summary, null),
    createdAt: row.created_at,
  }));
}
