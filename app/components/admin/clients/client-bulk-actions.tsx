import { useState } from "react";
import { BulkAssign, BulkBar, BulkChoice, type BulkSelection } from "~/components/admin/bulk-bar";
import { SelectOptions } from "~/components/admin/field";
import type { OwnerChoice } from "~/components/admin/leads/lead-owner-select";
import { CLIENT_STATUSES, type ClientStatus } from "~/lib/schemas/clients";
import { statusLabels } from "./client-status";

export function ClientBulkActions({
  selection,
  owners,
  me,
  canDelete,
  onDone,
}: {
  selection: BulkSelection;
  owners: OwnerChoice[];
  me: string;
  canDelete: boolean;
  onDone: () => void;
}) {
  const [status, setStatus] = useState<ClientStatus>("active");
  return (
    <BulkBar
      selection={selection}
      noun={{ one: "client", many: "clients" }}
      action="/admin/clients"
      exportPath="/admin/clients/export"
      canDelete={canDelete}
      deleteDescription="The clients are deleted in one step; the leads they came from stay. This cannot be undone."
      onDone={onDone}
    >
      {(run, { busy, what }) => (
        <>
          <BulkChoice
            label="New status"
            value={status}
            onChange={(value) => setStatus(value as ClientStatus)}
            width="w-36"
            button="Set status"
            variant="default"
            busy={busy}
            onRun={() => run("bulk-set-status", { status }, `Set ${what} to ${statusLabels[status]}?`, "Change status")}
          >
            <SelectOptions values={CLIENT_STATUSES} labels={statusLabels} />
          </BulkChoice>
          <BulkAssign run={run} busy={busy} what={what} owners={owners} me={me} />
        </>
      )}
    </BulkBar>
  );
}
