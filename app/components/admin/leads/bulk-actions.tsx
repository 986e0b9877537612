import { ShieldAlertIcon, ShieldCheckIcon } from "lucide-react";
import { useState } from "react";
import { SelectOptions } from "~/components/admin/field";
import { Button } from "~/components/ui/button";
import { LEAD_STATUSES, type LeadStatus, leadStatusLabels } from "~/lib/schemas/lead-admin";
import { BulkAssign, BulkBar, BulkChoice, type BulkSelection } from "../bulk-bar";
import type { OwnerChoice } from "./lead-owner-select";

export type { BulkSelection };

/**
 * The bar that appears once leads are selected: status, owner, spam, CSV and (admins) delete for all
 * of them at once.
 */
export function BulkActions({
  selection,
  spamView,
  owners,
  me,
  canDelete,
  onDone,
}: {
  selection: BulkSelection;
  spamView: boolean;
  owners: OwnerChoice[];
  me: string;
  canDelete: boolean;
  onDone: () => void;
}) {
  const [status, setStatus] = useState<LeadStatus>("qualified");
  return (
    <BulkBar
      selection={selection}
      noun={{ one: "lead", many: "leads" }}
      action="/admin/leads"
      exportPath="/admin/leads/export"
      canDelete={canDelete}
      deleteDescription="The leads, their submissions, notes, history and mails are deleted in one step. This cannot be undone."
      recordedIn="each lead's history and the audit log"
      onDone={onDone}
    >
      {(run, { busy, what }) => (
        <>
          <BulkChoice
            label="New status"
            value={status}
            onChange={(value) => setStatus(value as LeadStatus)}
            width="w-32"
            button="Set status"
            variant="default"
            busy={busy}
            onRun={() =>
              run("bulk-set-status", { status }, `Set ${what} to ${leadStatusLabels[status]}?`, "Change status")
            }
          >
            <SelectOptions values={LEAD_STATUSES} labels={leadStatusLabels} />
          </BulkChoice>
          <BulkAssign run={run} busy={busy} what={what} owners={owners} me={me} />
          {spamView ? (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => run("bulk-not-spam", {}, `Move ${what} out of the spam queue?`, "Not spam")}
            >
              <ShieldCheckIcon /> Not spam
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => run("bulk-spam", {}, `Move ${what} to the spam queue?`, "Mark as spam")}
            >
              <ShieldAlertIcon /> Mark as spam
            </Button>
          )}
        </>
      )}
    </BulkBar>
  );
}
