import type { BulkTarget } from "~/components/admin/bulk-bar";
import { CLIENT_STATUSES, type ClientStatus } from "~/lib/schemas/clients";
import { statusLabels } from "./client-status";

/** The clients list's bulk bar: status and owner for many clients at once. */
export const clientBulkTarget: BulkTarget<ClientStatus> = {
  noun: { one: "client", many: "clients" },
  path: "/admin/clients",
  deleteDescription: "The clients are deleted in one step; the leads they came from stay. This cannot be undone.",
  statuses: { values: CLIENT_STATUSES, labels: statusLabels, first: "active", width: "w-36" },
};
