import { DownloadIcon, ShieldAlertIcon, ShieldCheckIcon, Trash2Icon, XIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { LEAD_STATUSES, type LeadStatusValue, leadStatusLabels } from "~/lib/schemas/lead-admin";
import type { WorkspaceActionResult } from "~/server/leads/workspace-actions.server";
import { type OwnerChoice, OwnerOptions } from "./lead-owner-select";

/** What the bulk bar acts on: ticked rows, or every lead the filter matches (its count once known). */
export type BulkSelection =
  | { scope: "selected"; ids: string[] }
  | { scope: "filter"; filter: string; count: number | null };

type Pending = { intent: string; fields: Record<string, string>; title: string; confirm: string; destructive: boolean };

const n = (count: number) => count.toLocaleString("en-US");

/**
 * The bar that appears once leads are selected: status, owner, spam, CSV and (admins) delete for all
 * of them at once. Acting on the whole filter, and deleting, ask first with the count.
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
  const fetcher = useFetcher<WorkspaceActionResult>();
  useToastMessage(fetcher.data?.toast);
  const [status, setStatus] = useState<LeadStatusValue>("qualified");
  const [ownerId, setOwnerId] = useState(me);
  const [pending, setPending] = useState<Pending | null>(null);
  const busy = fetcher.state !== "idle";
  const count = selection.scope === "selected" ? selection.ids.length : selection.count;
  const what = count === null ? "the matching leads" : `${n(count)} ${count === 1 ? "lead" : "leads"}`;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);

  const submit = (intent: string, fields: Record<string, string>) => {
    const form = new FormData();
    form.set("intent", intent);
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (selection.scope === "selected") {
      for (const id of selection.ids) form.append("ids", id);
    } else {
      form.set("scope", "filter");
      form.set("filter", selection.filter);
      if (selection.count !== null) form.set("expectedCount", String(selection.count));
    }
    fetcher.submit(form, { method: "post", action: "/admin/leads" });
  };
  // Changing every lead of a filter, or deleting any, is confirmed with the count first.
  const run = (intent: string, fields: Record<string, string>, title: string, confirm: string, destructive = false) => {
    if (selection.scope === "filter" || destructive) setPending({ intent, fields, title, confirm, destructive });
    else submit(intent, fields);
  };
  const exportHref =
    selection.scope === "selected"
      ? `/admin/leads/export?${selection.ids.map((id) => `id=${encodeURIComponent(id)}`).join("&")}`
      : `/admin/leads/export${selection.filter ? `?${selection.filter}` : ""}`;
  const ownerLabel = owners.find((owner) => owner.id === ownerId)?.email ?? "nobody";

  return (
    <section
      aria-label="Bulk actions"
      data-testid="bulk-actions"
      className="sticky bottom-0 z-10 flex flex-wrap items-center gap-2 rounded-lg border bg-background p-3 shadow-lg"
    >
      <p className="mr-2 font-medium text-sm" aria-live="polite">
        {selection.scope === "selected" ? `${n(selection.ids.length)} selected` : `All ${what} matching the filter`}
      </p>
      <div className="flex items-center gap-1">
        <NativeSelect
          size="sm"
          aria-label="New status"
          value={status}
          containerClassName="w-32"
          onChange={(event) => setStatus(event.currentTarget.value as LeadStatusValue)}
        >
          {LEAD_STATUSES.map((value) => (
            <NativeSelectOption key={value} value={value}>
              {leadStatusLabels[value]}
            </NativeSelectOption>
          ))}
        </NativeSelect>
        <Button
          size="sm"
          disabled={busy}
          onClick={() =>
            run("bulk-set-status", { status }, `Set ${what} to ${leadStatusLabels[status]}?`, "Change status")
          }
        >
          Set status
        </Button>
      </div>
      <div className="flex items-center gap-1">
        <NativeSelect
          size="sm"
          aria-label="New owner"
          value={ownerId}
          containerClassName="w-52"
          onChange={(event) => setOwnerId(event.currentTarget.value)}
        >
          <OwnerOptions owners={owners} me={me} noneLabel="Nobody (unassign)" />
        </NativeSelect>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => run("bulk-assign", { ownerId }, `Give ${what} to ${ownerLabel}?`, "Assign")}
        >
          Assign
        </Button>
      </div>
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
      <Button asChild size="sm" variant="outline">
        <a href={exportHref} download>
          <DownloadIcon /> Export CSV
        </a>
      </Button>
      {canDelete ? (
        <Button
          size="sm"
          variant="destructive"
          disabled={busy || count === null}
          onClick={() => run("bulk-delete", {}, `Delete ${what} for good?`, `Delete ${what}`, true)}
        >
          <Trash2Icon /> Delete
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={onDone}>
        <XIcon /> Clear selection
      </Button>

      <Dialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{pending?.title}</DialogTitle>
            <DialogDescription>
              {pending?.destructive
                ? "The leads, their submissions, notes, history and mails are deleted in one step. This cannot be undone."
                : `This changes ${what} in one step, recorded in each lead's history and the audit log.`}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="button"
              variant={pending?.destructive ? "destructive" : "default"}
              onClick={() => {
                if (pending) submit(pending.intent, pending.fields);
                setPending(null);
              }}
            >
              {pending?.confirm}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
