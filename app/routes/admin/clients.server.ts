import { redirectBackWithSuccess, redirectBackWithToast } from "~/http/action-result.server";
import { intent } from "~/http/intents.server";
import { type BulkLabels, bulkIntents, columnsIntent } from "~/http/list-intents.server";
import { redirectWithSuccess } from "~/http/toast-cookie.server";
import {
  bulkClientSchema,
  CLIENT_BULK_ACTIONS,
  CLIENT_COLUMNS,
  type ClientBulkAction,
  clientFiltersSchema,
  clientOwnerSchema,
  clientSchema,
  clientStatusLabels,
  clientStatusSchema,
  updateClientSchema,
} from "~/lib/schemas/clients";
import { applyClientBulkChange, type ClientBulkChange } from "~/server/clients/bulk.server";
import { createClient, setClientStatus, updateClient } from "~/server/clients/clients.server";
import { setClientOwner } from "~/server/leads/owners.server";

const bulkLabels: BulkLabels<ClientBulkAction> = {
  "set-status": { done: (n) => `Status changed on ${n} clients`, failed: "Failed to change the status" },
  assign: { done: (n) => `Owner changed on ${n} clients`, failed: "Failed to change the owner" },
  delete: { done: (n) => `${n} clients deleted`, failed: "Failed to delete the clients" },
};

/** After a change the list reloads where the person was (filters and page kept), with the toast. */
export const clientIntents = {
  create: intent(clientSchema, {
    success: "Client created successfully",
    run: async (client, { db, actor }) => {
      await createClient(db, client, actor);
      return redirectWithSuccess(
        "/admin/clients",
        client.leadId ? "Lead converted to client successfully" : "Client created successfully",
      );
    },
  }),
  update: intent(updateClientSchema, {
    success: "Client updated successfully",
    run: async ({ clientId, ...client }, { db, actor, formData }) => {
      await updateClient(db, clientId, client, actor);
      return redirectBackWithSuccess(formData, "/admin/clients", "Client updated successfully");
    },
  }),
  "set-status": intent(clientStatusSchema, {
    success: "Client status updated successfully",
    failure: "Failed to update client status",
    run: async ({ clientId, status }, { db, actor, formData }) => {
      const changed = await setClientStatus(db, clientId, status, actor);
      if (changed) return redirectBackWithSuccess(formData, "/admin/clients", "Client status updated successfully");
      // A success message only for a change that was saved.
      return redirectBackWithToast(formData, "/admin/clients", {
        type: "info",
        title: "No change",
        description: `The client is already ${clientStatusLabels[status]}.`,
      });
    },
  }),
  assign: intent(clientOwnerSchema, {
    success: "Owner updated",
    failure: "Failed to change the owner",
    run: async ({ clientId, ownerId }, { db, actor, formData }) => {
      await setClientOwner(db, clientId, ownerId, actor);
      return redirectBackWithSuccess(formData, "/admin/clients", "Owner updated");
    },
  }),
  ...bulkIntents(CLIENT_BULK_ACTIONS, bulkClientSchema, bulkLabels, (input, { db, actor, staff }) => {
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
    return applyClientBulkChange(db, target, change, { actor, expectedCount: input.expectedCount });
  }),
  "set-columns": columnsIntent("clients", CLIENT_COLUMNS),
};
