import { MergeIcon, ShieldAlertIcon, ShieldCheckIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { LEAD_STATUSES, type LeadStatus, leadStatusLabels } from "~/lib/schemas/lead-admin";
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

/** Merges the ticked leads into the oldest of them (the people they are); undone on the lead's page. */
export function BulkMergeAction({
  run,
  busy,
  what,
  count,
}: {
  run: RunBulk;
  busy: boolean;
  what: string;
  count: number | null;
}) {
  if (count === null || count < 2) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={busy}
      onClick={() =>
        run(
          "bulk-merge",
          {},
          `Merge ${what} into the oldest of them? Everything moves to it; it can be undone for 30 days on its page.`,
          `Merge ${what}`,
          true,
        )
      }
    >
      <MergeIcon /> Merge
    </Button>
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
