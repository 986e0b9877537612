import { sql } from "kysely";
import { BULK_LIMIT, type LeadStatus } from "~/lib/schemas/lead-admin";
import { queueBulkAdStages } from "../ads/conversions.server";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { dialectOf } from "../db/database.server";
import { idSet } from "../db/id-set.server";
import { sqliteTransactionsBegun } from "../db/node-sqlite-dialect.server";
import type { Database } from "../db/schema.server";
import { newId, now } from "../db/values.server";
import { queueMails } from "../mail/outbox.server";
import { applyFilters, type FilterContext, type ListFilters } from "./lead-list.server";
import { deleteLeadRows } from "./leads.server";
import { assignmentMail, requireAssignableStaff } from "./owners.server";

/** The leads a bulk change acts on: ticked ids, or everything the filter matches, across pages. */
export type BulkTarget = { ids: readonly string[] } | { filters: ListFilters; context: FilterContext };

export type BulkChange =
  | { action: "set-status"; status: LeadStatus }
  | { action: "assign"; ownerId: string | null }
  | { action: "spam" | "not-spam" | "delete" };

const auditLead = auditOf("lead");

/** Rows per statement: well under both databases' limits on bound parameters. */
const BATCH = 500;

export const STAFF_SPAM_REASON = "Marked as spam by staff";

function batches<T>(items: readonly T[]) {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH) out.push(items.slice(start, start + BATCH));
  return out;
}

/**
 * How many leads the filter matches now: the count a person confirms before a bulk change. Exact up
 * to BULK_LIMIT, the most one change takes; past it the change is refused whatever the number, so
 * counting stops there (`isLowerBound`: more than `count` match) rather than at a million.
 */
export async function countMatchingLeads(
  db: Database,
  filters: ListFilters,
  context: FilterContext,
): Promise<{ count: number; isLowerBound: boolean }> {
  const matches = applyFilters(db.selectFrom("leads"), filters, context)
    .select(sql<number>`1`.as("one"))
    .limit(BULK_LIMIT + 1);
  const row = await db
    .selectFrom(matches.as("matches"))
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return count > BULK_LIMIT ? { count: BULK_LIMIT, isLowerBound: true } : { count, isLowerBound: false };
}

async function resolveTarget(db: Database, target: BulkTarget) {
  if ("ids" in target) {
    const found: { id: string; name: string }[] = [];
    for (const batch of batches([...new Set(target.ids)])) {
      found.push(...(await db.selectFrom("leads").select(["id", "name"]).where("id", "in", batch).execute()));
    }
    return found;
  }
  return applyFilters(db.selectFrom("leads"), target.filters, target.context)
    .select(["id", "name"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(BULK_LIMIT + 1)
    .execute();
}

type SetBasedChange = Exclude<BulkChange, { action: "assign" | "delete" }>;

/**
 * How a status or spam change is split up on SQLite: transactions of a few hundred leads, sized as it
 * goes so that each holds the one writer for about `targetMs`, with a pause of `restFactor` times the
 * last transaction between them. A visitor's lead then waits for at most one short transaction.
 * When other transactions began during a transaction or its pause (visitors' leads, mostly), the
 * pause grows to `busyRestFactor` times it, at most `maxRestMs`: captures then keep about nineteen
 * twentieths of the writer while the change goes on, and a change on a quiet server is not slowed.
 */
export const SQLITE_CHUNKING = {
  first: 200,
  min: 25,
  max: 2_000,
  targetMs: 15,
  restFactor: 1.5,
  busyRestFactor: 19,
  maxRestMs: 500,
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One bulk change, with every lead's status history where its status changes and one audit entry that
 * lists the ids. Status and spam changes are set-based (a statement or two for the whole set).
 * On PostgreSQL every change is one transaction, all or nothing: it locks only the rows it changes,
 * so visitors' leads keep arriving. SQLite has one writer, and a visitor's lead waits for whatever
 * transaction is writing: there a status or spam change of more leads than one short transaction
 * takes commits in such transactions with pauses between them (SQLITE_CHUNKING), the last of which
 * writes the audit entry listing every id.
 * `expectedCount`, when given, is the count the person confirmed: deleting refuses if it changed.
 */
export async function applyBulkChange(
  db: Database,
  target: BulkTarget,
  change: BulkChange,
  {
    actor,
    expectedCount,
    mail,
  }: { actor: AuditActor | null; expectedCount?: number; mail: { baseUrl: string; queuedNote?: string | null } },
) {
  if (change.action !== "assign" && change.action !== "delete" && dialectOf(db) === "sqlite") {
    const leads = checkedTarget(await resolveTarget(db, target), change, expectedCount);
    if (leads.length > SQLITE_CHUNKING.first) return applyInChunks(db, target, leads, change, actor);
  }
  return db.transaction().execute(async (trx) => {
    const leads = checkedTarget(await resolveTarget(trx, target), change, expectedCount);
    const ids = leads.map((lead) => lead.id);
    const at = now();
    const summary = auditSummary(target, ids, change);
    let changed = 0;
    switch (change.action) {
      case "set-status":
      case "spam":
      case "not-spam": {
        changed = await applySetBased(trx, ids, change, { actor, at });
        break;
      }
      case "assign": {
        const owner = change.ownerId ? await requireAssignableStaff(trx, change.ownerId) : null;
        summary.ownerId = change.ownerId;
        const moved: { id: string; name: string }[] = [];
        for (const batch of batches(leads)) {
          const batchIds = batch.map((lead) => lead.id);
          const notYet = await trx
            .selectFrom("leads")
            .select("id")
            .where("id", "in", batchIds)
            .where((eb) =>
              change.ownerId
                ? eb.or([eb("owner_id", "is", null), eb("owner_id", "!=", change.ownerId)])
                : eb("owner_id", "is not", null),
            )
            .execute();
          const movedIds = new Set(notYet.map((row) => row.id));
          moved.push(...batch.filter((lead) => movedIds.has(lead.id)));
          if (movedIds.size === 0) continue;
          await trx
            .updateTable("leads")
            .set({ owner_id: change.ownerId, updated_at: at })
            .where("id", "in", [...movedIds])
            .execute();
        }
        changed = moved.length;
        if (owner && moved.length > 0 && owner.id !== actor?.id) {
          await queueMails(
            trx,
            [assignmentMail(owner, moved, { baseUrl: mail.baseUrl, by: actor?.email ?? null })],
            at,
            mail.queuedNote ?? null,
          );
        }
        break;
      }
      case "delete": {
        const removed = { leads: 0, submissions: 0, notes: 0, statusChanges: 0, mails: 0, calls: 0 };
        for (const batch of batches(ids)) {
          const each = await deleteLeadRows(trx, batch);
          for (const key of Object.keys(removed) as (keyof typeof removed)[]) removed[key] += each[key];
        }
        changed = removed.leads;
        summary.removed = removed;
        break;
      }
    }
    await auditLead(trx, actor, bulkAuditAction(change), null, { ...summary, changed, ids });
    return { matched: ids.length, changed };
  });
}

/** A status or spam change in short transactions with pauses between them; visitors' leads are saved in the gaps. */
async function applyInChunks(
  db: Database,
  target: BulkTarget,
  leads: { id: string }[],
  change: SetBasedChange,
  actor: AuditActor | null,
) {
  const ids = leads.map((lead) => lead.id);
  const at = now();
  const summary = auditSummary(target, ids, change);
  let changed = 0;
  let chunks = 0;
  let size = SQLITE_CHUNKING.first;
  for (let start = 0; start < ids.length; ) {
    const part = ids.slice(start, start + size);
    const last = start + part.length >= ids.length;
    chunks++;
    const begunBefore = sqliteTransactionsBegun();
    const t0 = performance.now();
    await db.transaction().execute(async (trx) => {
      changed += await applySetBased(trx, part, change, { actor, at });
      if (last) await auditLead(trx, actor, bulkAuditAction(change), null, { ...summary, changed, chunks, ids });
    });
    start += part.length;
    if (last) break;
    const tookMs = Math.max(performance.now() - t0, 1);
    const { min, max, targetMs, restFactor, busyRestFactor, maxRestMs } = SQLITE_CHUNKING;
    size = Math.round(Math.min(max, Math.max(min, (size * targetMs) / tookMs)));
    const rest = Math.min(maxRestMs, Math.ceil(tookMs * restFactor));
    await pause(rest);
    // Anyone's transaction but this chunk's began meanwhile: they want the writer, so wait longer.
    if (sqliteTransactionsBegun() - begunBefore > 1) {
      await pause(Math.max(0, Math.min(maxRestMs, Math.ceil(tookMs * busyRestFactor)) - rest));
    }
  }
  return { matched: ids.length, changed };
}

function checkedTarget<T>(leads: T[], change: BulkChange, expectedCount: number | undefined) {
  return checkBulkTarget(leads, "leads", { deleting: change.action === "delete", expectedCount });
}

/**
 * Refuses a bulk change over too many rows (narrow the filter), over none (they went meanwhile), or a
 * delete whose count is no longer the one the person confirmed.
 */
export function checkBulkTarget<T>(
  rows: T[],
  noun: string,
  { deleting, expectedCount }: { deleting: boolean; expectedCount: number | undefined },
) {
  if (rows.length > BULK_LIMIT) {
    throw new AppError(
      "INVALID_INPUT",
      `More than ${BULK_LIMIT.toLocaleString("en-US")} ${noun} match: narrow the filter and try again.`,
    );
  }
  if (rows.length === 0) throw new AppError("CONFLICT", `No ${noun} match any more.`);
  if (deleting && expectedCount !== undefined && expectedCount !== rows.length) {
    throw new AppError(
      "CONFLICT",
      `${rows.length.toLocaleString("en-US")} ${noun} match now, not the ${expectedCount.toLocaleString("en-US")} you confirmed. Check the list and try again.`,
    );
  }
  return rows;
}

function auditSummary(target: BulkTarget, ids: string[], change: BulkChange) {
  const summary: Record<string, unknown> = { count: ids.length, scope: "ids" in target ? "selected" : "filter" };
  if (!("ids" in target)) summary.filter = target.filters;
  if (change.action === "set-status") summary.status = change.status;
  return summary;
}

function bulkAuditAction(change: BulkChange) {
  return `lead.bulk_${change.action.replace("-", "_")}`;
}

/**
 * A status or spam change of these leads, set-based: a statement or two however many there are. A
 * status change writes each lead's history row from its status before the update.
 */
async function applySetBased(
  trx: Database,
  ids: readonly string[],
  change: SetBasedChange,
  { actor, at }: { actor: AuditActor | null; at: string },
) {
  const targets = idSet(trx, ids);
  await queueBulkAdStages(trx, ids, change, at);
  if (change.action === "set-status") {
    await sql`
      insert into lead_status_changes (id, lead_id, from_status, to_status, actor_id, actor_email, created_at)
      select leads.id || ${`-${newId()}`}, leads.id, leads.status, ${change.status}, ${actor?.id ?? null}, ${actor?.email ?? null}, ${at}
      from leads where leads.id in (${targets}) and leads.status <> ${change.status}`.execute(trx);
    const result = await trx
      .updateTable("leads")
      .set({ status: change.status, updated_at: at })
      .where(sql<boolean>`id in (${targets})`)
      .where("status", "<>", change.status)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
  const spam = change.action === "spam";
  const result = await trx
    .updateTable("leads")
    .set({ is_spam: spam, spam_reason: spam ? STAFF_SPAM_REASON : null, updated_at: at })
    .where(sql<boolean>`id in (${targets})`)
    .where("is_spam", "=", !spam)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
