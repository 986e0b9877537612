import { bulkClientSchema, CLIENT_COLUMNS, type ClientBulkAction, clientFiltersSchema } from "~/lib/schemas/clients";
import type { AuditActor } from "../audit/audit.server";
import type { Database } from "../db/schema.server";
import { type BulkLabels, runBulkIntent, runSetColumns } from "../leads/workspace-actions.server";
import { applyClientBulkChange, type ClientBulkChange } from "./bulk.server";

const bulkLabels: BulkLabels<ClientBulkAction> = {
  "set-status": { done: (n) => `Status changed on ${n} clients`, failed: "Failed to change the status" },
  assign: { done: (n) => `Owner changed on ${n} clients`, failed: "Failed to change the owner" },
  delete: { done: (n) => `${n} clients deleted`, failed: "Failed to delete the clients" },
};

export const CLIENT_TABLE_INTENTS = new Set(["set-columns", "bulk-set-status", "bulk-assign", "bulk-delete"]);

/** The clients table's own actions: its columns and bulk changes (the role was checked by the caller). */
export async function runClientTableAction(
  db: Database,
  staff: { id: string; actor: AuditActor },
  intent: string,
  formData: FormData,
) {
  if (intent === "set-columns") return runSetColumns(db, staff.id, "clients", formData, CLIENT_COLUMNS);
  return runBulkIntent(intent, formData, bulkClientSchema, bulkLabels, async (input) => {
    const change: ClientBulkChange =
      input.bulkAction === "set-status"
        ? { action: "set-status", status: input.status! }
        : input.bulkAction === "assign"
          ? { action: "assign", ownerId: input.ownerId }
          : { action: "delete" };
    const {
      page: _page,
      sort: _sort,
      ...filters
    } = clientFiltersSchema.parse(Object.fromEntries(new URLSearchParams(input.filter)));
    const target = input.scope === "selected" ? { ids: input.ids } : { filters, userId: staff.id };
    return applyClientBulkChange(db, target, change, { actor: staff.actor, expectedCount: input.expectedCount });
  });
}
