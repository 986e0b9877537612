import { sql } from "kysely";
import { BULK_LIMIT, type LeadStatusValue } from "~/lib/schemas/lead-admin";
import { AppError } from "../app-error.server";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import type { Database } from "../db/schema.server";
import { newId, now } from "../db/values.server";
import { queueMails } from "../mail/outbox.server";
import { deleteLeadRows } from "./lead-admin.server";
import { applyFilters, type FilterContext, type ListFilters } from "./lead-list.server";
import { assignmentMail, requireAssignableStaff } from "./owners.server";

/** The leads a bulk change acts on: ticked ids, or everything the filter matches, across pages. */
export type BulkTarget = { ids: readonly string[] } | { filters: ListFilters; context: FilterContext };

export type BulkChange =
  | { action: "set-status"; status: LeadStatusValue }
  | { action: "assign"; ownerId: string | null }
  | { action: "spam" | "not-spam" | "delete" };

/** Rows per statement: well under both databases' limits on bound parameters. */
const BATCH = 500;

export const STAFF_SPAM_REASON = "Marked as spam by staff";

function batches<T>(items: readonly T[]) {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH) out.push(items.slice(start, start + BATCH));
  return out;
}

/** How many leads the filter matches now: the count a person confirms before a bulk change. */
export async function countMatchingLeads(db: Database, filters: ListFilters, context: FilterContext) {
  const row = await applyFilters(db.selectFrom("leads"), filters, context)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
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

/**
 * One bulk change, all or nothing, in one transaction: every lead's status history where its status
 * changes, and one audit entry that lists the ids. Statements go in batches of 500 ids, so that
 * PostgreSQL locks only the rows it changes and new leads keep arriving meanwhile; SQLite has one
 * writer, so a visitor's lead waits for the commit (set-based statements keep that short).
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
  return db.transaction().execute(async (trx) => {
    const leads = await resolveTarget(trx, target);
    if (leads.length > BULK_LIMIT) {
      throw new AppError(
        "INVALID_INPUT",
        `More than ${BULK_LIMIT.toLocaleString("en-US")} leads match: narrow the filter and try again.`,
      );
    }
    if (leads.length === 0) throw new AppError("CONFLICT", "No leads match any more.");
    if (change.action === "delete" && expectedCount !== undefined && expectedCount !== leads.length) {
      throw new AppError(
        "CONFLICT",
        `${leads.length.toLocaleString("en-US")} leads match now, not the ${expectedCount.toLocaleString("en-US")} you confirmed. Check the list and try again.`,
      );
    }
    const ids = leads.map((lead) => lead.id);
    const at = now();
    const summary: Record<string, unknown> = { count: ids.length, scope: "ids" in target ? "selected" : "filter" };
    if (!("ids" in target)) summary.filter = target.filters;
    let changed = 0;
    switch (change.action) {
      case "set-status": {
        summary.status = change.status;
        for (const batch of batches(ids)) {
          // The history row is written from the lead's status before the update, in one statement.
          await sql`
            insert into lead_status_changes (id, lead_id, from_status, to_status, actor_id, actor_email, created_at)
            select leads.id || ${`-${newId()}`}, leads.id, leads.status, ${change.status}, ${actor?.id ?? null}, ${actor?.email ?? null}, ${at}
            from leads where leads.id in (${sql.join(batch)}) and leads.status <> ${change.status}`.execute(trx);
          const result = await trx
            .updateTable("leads")
            .set({ status: change.status, updated_at: at })
            .where("id", "in", batch)
            .where("status", "<>", change.status)
            .executeTakeFirst();
          changed += Number(result.numUpdatedRows);
        }
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
      case "spam":
      case "not-spam": {
        const spam = change.action === "spam";
        for (const batch of batches(ids)) {
          const result = await trx
            .updateTable("leads")
            .set({ is_spam: spam, spam_reason: spam ? STAFF_SPAM_REASON : null, updated_at: at })
            .where("id", "in", batch)
            .where("is_spam", "=", !spam)
            .executeTakeFirst();
          changed += Number(result.numUpdatedRows);
        }
        break;
      }
      case "delete": {
        const removed = { leads: 0, submissions: 0, notes: 0, statusChanges: 0, mails: 0 };
        for (const batch of batches(ids)) {
          const each = await deleteLeadRows(trx, batch);
          for (const key of Object.keys(removed) as (keyof typeof removed)[]) removed[key] += each[key];
        }
        changed = removed.leads;
        summary.removed = removed;
        break;
      }
    }
    summary.changed = changed;
    summary.ids = ids;
    await recordAudit(trx, {
      actor,
      action: `lead.bulk_${change.action.replace("-", "_")}`,
      entityType: "lead",
      summary,
    });
    return { matched: ids.length, changed };
  });
}
