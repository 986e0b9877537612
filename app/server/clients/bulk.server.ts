import type { ClientFilters, ClientStatus } from "~/lib/schemas/clients";
import { BULK_LIMIT } from "~/lib/schemas/lead-admin";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import type { Database } from "../db/schema.server";
import { now } from "../db/values.server";
import { checkBulkTarget } from "../leads/bulk.server";
import { requireAssignableStaff } from "../leads/owners.server";
import { matchingClients } from "./clients.server";

const auditClient = auditOf("client");

/** The clients a bulk change acts on: ticked ids, or everything the filter matches, across pages. */
export type ClientBulkTarget =
  | { ids: readonly string[] }
  | { filters: Omit<ClientFilters, "page" | "sort">; userId: string };

export type ClientBulkChange =
  | { action: "set-status"; status: ClientStatus }
  | { action: "assign"; ownerId: string | null }
  | { action: "delete" };

/** How many clients the filter matches now: the count a person confirms before a bulk change. */
export async function countMatchingClients(
  db: Database,
  filters: Omit<ClientFilters, "page" | "sort">,
  userId: string,
) {
  const row = await matchingClients(db, filters, userId)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function targetQuery(db: Database, target: ClientBulkTarget) {
  return "ids" in target
    ? db.selectFrom("clients").where("id", "in", [...new Set(target.ids)])
    : matchingClients(db, target.filters, target.userId);
}

/**
 * One bulk change of clients, all or nothing, in one transaction with one audit entry listing the ids.
 * A selection is at most 500 ids (one statement); a filter is resolved inside the transaction, so the
 * ids written to the audit log are the ones changed. `expectedCount`, when given, is the count the
 * person confirmed: deleting refuses if it changed meanwhile.
 */
export async function applyClientBulkChange(
  db: Database,
  target: ClientBulkTarget,
  change: ClientBulkChange,
  { actor, expectedCount }: { actor: AuditActor | null; expectedCount?: number },
) {
  if ("ids" in target && target.ids.length === 0)
    throw new AppError("INVALID_INPUT", "Select at least one client first.");
  return db.transaction().execute(async (trx) => {
    const clients = await targetQuery(trx, target)
      .select("id")
      .limit(BULK_LIMIT + 1)
      .execute();
    checkBulkTarget(clients, "clients", { deleting: change.action === "delete", expectedCount });
    const ids = clients.map((client) => client.id);
    const at = now();
    const summary: Record<string, unknown> = { count: ids.length, scope: "ids" in target ? "selected" : "filter" };
    if (!("ids" in target)) summary.filter = target.filters;
    // Set-based: each change is one statement over the same rows the ids above came from.
    const targetIds = targetQuery(trx, target).select("id");
    let changed: number;
    switch (change.action) {
      case "set-status": {
        summary.status = change.status;
        const result = await trx
          .updateTable("clients")
          .set({ status: change.status, updated_at: at })
          .where("id", "in", targetIds)
          .where("status", "<>", change.status)
          .executeTakeFirst();
        changed = Number(result.numUpdatedRows);
        break;
      }
      case "assign": {
        const ownerId = change.ownerId;
        if (ownerId) await requireAssignableStaff(trx, ownerId);
        summary.ownerId = ownerId;
        const result = await trx
          .updateTable("clients")
          .set({ owner_id: ownerId, updated_at: at })
          .where("id", "in", targetIds)
          .where((eb) =>
            ownerId
              ? eb.or([eb("owner_id", "is", null), eb("owner_id", "<>", ownerId)])
              : eb("owner_id", "is not", null),
          )
          .executeTakeFirst();
        changed = Number(result.numUpdatedRows);
        break;
      }
      case "delete": {
        const result = await trx.deleteFrom("clients").where("id", "in", ids).executeTakeFirst();
        changed = Number(result.numDeletedRows);
        break;
      }
    }
    summary.changed = changed;
    summary.ids = ids;
    await auditClient(trx, actor, `client.bulk_${change.action.replace("-", "_")}`, null, summary);
    return { matched: ids.length, changed };
  });
}
