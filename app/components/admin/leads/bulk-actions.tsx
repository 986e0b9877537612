import { MergeIcon, ShieldAlertIcon, ShieldCheckIcon } from "lucide-react";
import { MergeDialog } from "~/components/admin/leads/merge-dialog";
import { Button } from "~/components/ui/button";
import { LEAD_STATUSES, type LeadStatus, leadStatusLabels } from "~/lib/schemas/lead-admin";
import type { LeadSummary } from "~/lib/types/leads";
import type { BulkSelection, BulkTarget, RunBulk } from "../bulk-bar";

export type { BulkSelection };

/** The leads list's bulk bar: status, owner and spam for many leads at once. */
export const leadBulkTarget: BulkTarget<LeadStatus> = {
  noun: { one: "lead", many: "leads" },
  path: "/admin/leads",
  deleteDescription:
    "The leads, their submissions, notes, history and mails are deleted in one step. This cannot be undone.",
  recordedIn: "each lead's history and the audit log",
  statuses: { values: LEAD_STATUSES, labels: leadStatusLabels, first: "qualified", width: "w-32" },
};

/**
 * Merges the ticked leads (two or more) into the oldest of them, the person they are: the same dialog
 * as a lead's "Possible duplicates", every lead's fields side by side. Undone on the kept lead's page.
 */
export function BulkMergeAction({
  leads,
  owners,
  busy,
  onDone,
}: {
  /** The ticked leads, as the table shows them. */
  leads: LeadSummary[];
  owners: { id: string; email: string }[];
  busy: boolean;
  onDone: () => void;
}) {
  if (leads.length < 2) return null;
  // The server keeps the oldest too: the dialog shows the leads in the order it reads them.
  const byAge = [...leads].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return (
    <MergeDialog
      leads={byAge.map((lead, index) => ({ ...lead, whose: index === 0 ? `${lead.name} (kept)` : lead.name }))}
      owners={owners}
      fields={[["intent", "bulk-merge"], ...byAge.map((lead): [string, string] => ["ids", lead.id])]}
      trigger={
        <Button size="sm" variant="outline" disabled={busy}>
          <MergeIcon /> Merge
        </Button>
      }
      title={`Merge ${leads.length} leads into ${byAge[0]?.name}`}
      description="The oldest lead is kept. Choose which value each field keeps; submissions, notes, calls, mails and history of all of them move to it. It can be undone for 30 days on its page."
      onDone={onDone}
    />
  );
}

/** Moves the selected leads out of the spam queue (in it) or into it (elsewhere). */
export function BulkSpamAction({
  spamView,
  run,
  busy,
  what,
}: {
  spamView: boolean;
  run: RunBulk;
  busy: boolean;
  what: string;
}) {
  return spamView ? (
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
  );
}
