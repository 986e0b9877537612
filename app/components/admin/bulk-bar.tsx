import { DownloadIcon, Trash2Icon, XIcon } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { AdminDialog, DialogActions } from "~/components/admin/admin-dialog";
import { SelectOptions } from "~/components/admin/select-options";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import type { ActionResult } from "~/lib/types/action-result";
import { type OwnerChoice, OwnerOptions } from "./leads/lead-owner-select";

/**
 * What a bulk bar acts on: ticked rows, or every row the filter matches (its count once known; past
 * the most one change may take, `countIsLowerBound`: more than `count` match).
 */
export type BulkSelection =
  | { scope: "selected"; ids: string[] }
  | { scope: "filter"; filter: string; count: number | null; countIsLowerBound?: boolean };

/** Runs a bulk intent: straight away, or after a confirmation naming the count (`confirm`: its button). */
export type RunBulk = (
  intent: string,
  fields: Record<string, string>,
  title: string,
  confirm: string,
  destructive?: boolean,
) => void;

type Pending = { intent: string; fields: Record<string, string>; title: string; confirm: string; destructive: boolean };

const n = (count: number) => count.toLocaleString("en-US");

/** A list's side of its bulk bar: what its rows are called, its screen, and the statuses a bulk change sets. */
export type BulkTarget<S extends string> = {
  noun: { one: string; many: string };
  /** The list's screen, which takes the bulk intents; its CSV export is at `${path}/export`. */
  path: string;
  deleteDescription: string;
  /** Where a change is recorded, for the confirmation: "each lead's history and the audit log". */
  recordedIn?: string;
  statuses: BulkStatuses<S>;
};

type BulkStatuses<S extends string> = { values: readonly S[]; labels: Record<S, string>; first: S; width: string };

/**
 * The bar that appears once rows of a list are selected: status, owner, the list's own actions
 * (`children`), CSV and (when allowed) delete for all of them at once. Acting on the whole filter, and
 * deleting, ask first with the count. Posts to the list's screen; the export link gets the ids or the filter.
 */
export function BulkBar<S extends string>({
  target,
  list,
  work,
  canDelete,
  children,
}: {
  target: BulkTarget<S>;
  list: { selection: BulkSelection | null; clear: () => void };
  /** Who the rows can be given to, and the signed-in person. */
  work: { owners: OwnerChoice[]; me: string };
  canDelete: boolean;
  children?: (run: RunBulk, context: { busy: boolean; what: string }) => ReactNode;
}) {
  return list.selection ? (
    <SelectionBar target={target} selection={list.selection} work={work} canDelete={canDelete} onDone={list.clear}>
      {children}
    </SelectionBar>
  ) : null;
}

function SelectionBar<S extends string>({
  target: { noun, path, deleteDescription, recordedIn = "the audit log", statuses },
  selection,
  work,
  canDelete,
  onDone,
  children,
}: {
  target: BulkTarget<S>;
  selection: BulkSelection;
  work: { owners: OwnerChoice[]; me: string };
  canDelete: boolean;
  onDone: () => void;
  children?: (run: RunBulk, context: { busy: boolean; what: string }) => ReactNode;
}) {
  const action = path;
  const exportPath = `${path}/export`;
  const fetcher = useFetcher<ActionResult>();
  useToastMessage(fetcher.data?.toast);
  const [pending, setPending] = useState<Pending | null>(null);
  const busy = fetcher.state !== "idle";
  const count = selection.scope === "selected" ? selection.ids.length : selection.count;
  const over = selection.scope === "filter" && selection.countIsLowerBound;
  const what =
    count === null
      ? `the matching ${noun.many}`
      : `${over ? "over " : ""}${n(count)} ${count === 1 && !over ? noun.one : noun.many}`;

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
    fetcher.submit(form, { method: "post", action });
  };
  // Changing every row of a filter, or deleting any, is confirmed with the count first.
  const run: RunBulk = (intent, fields, title, confirm, destructive = false) => {
    if (selection.scope === "filter" || destructive) setPending({ intent, fields, title, confirm, destructive });
    else submit(intent, fields);
  };
  const exportHref =
    selection.scope === "selected"
      ? `${exportPath}?${selection.ids.map((id) => `id=${encodeURIComponent(id)}`).join("&")}`
      : `${exportPath}${selection.filter ? `?${selection.filter}` : ""}`;

  return (
    <section
      aria-label="Bulk actions"
      data-testid="bulk-actions"
      className="sticky bottom-0 z-10 flex flex-wrap items-center gap-2 rounded-lg border bg-background p-3 shadow-lg"
    >
      <p className="mr-2 font-medium text-sm" aria-live="polite">
        {selection.scope === "selected" ? `${n(selection.ids.length)} selected` : `All ${what} matching the filter`}
      </p>
      <BulkSetStatus run={run} busy={busy} what={what} statuses={statuses} />
      <BulkAssign run={run} busy={busy} what={what} {...work} />
      {children?.(run, { busy, what })}
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

      <AdminDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.title}
        description={
          pending?.destructive ? deleteDescription : `This changes ${what} in one step, recorded in ${recordedIn}.`
        }
      >
        <DialogActions>
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
        </DialogActions>
      </AdminDialog>
    </section>
  );
}

/** A choice and its button in a bulk bar: "New status" + Set status, "New owner" + Assign. */
function BulkChoice({
  label,
  value,
  onChange,
  width,
  button,
  variant = "outline",
  busy,
  onRun,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  width: string;
  button: string;
  variant?: "default" | "outline";
  busy: boolean;
  onRun: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-1">
      <NativeSelect
        size="sm"
        aria-label={label}
        value={value}
        containerClassName={width}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {children}
      </NativeSelect>
      <Button size="sm" variant={variant} disabled={busy} onClick={onRun}>
        {button}
      </Button>
    </div>
  );
}

/** The status choice and Set status button of a bulk bar. */
function BulkSetStatus<S extends string>({
  run,
  busy,
  what,
  statuses: { values, labels, first, width },
}: {
  run: RunBulk;
  busy: boolean;
  what: string;
  statuses: BulkStatuses<S>;
}) {
  const [status, setStatus] = useState<S>(first);
  return (
    <BulkChoice
      label="New status"
      value={status}
      onChange={(value) => setStatus(value as S)}
      width={width}
      button="Set status"
      variant="default"
      busy={busy}
      onRun={() => run("bulk-set-status", { status }, `Set ${what} to ${labels[status]}?`, "Change status")}
    >
      <SelectOptions values={values} labels={labels} />
    </BulkChoice>
  );
}

/** The owner choice and Assign button of a bulk bar (leads and clients have the same owners). */
function BulkAssign({
  run,
  busy,
  what,
  owners,
  me,
}: {
  run: RunBulk;
  busy: boolean;
  what: string;
  owners: OwnerChoice[];
  me: string;
}) {
  const [ownerId, setOwnerId] = useState(me);
  const ownerLabel = owners.find((owner) => owner.id === ownerId)?.email ?? "nobody";
  return (
    <BulkChoice
      label="New owner"
      value={ownerId}
      onChange={setOwnerId}
      width="w-52"
      button="Assign"
      busy={busy}
      onRun={() => run("bulk-assign", { ownerId }, `Give ${what} to ${ownerLabel}?`, "Assign")}
    >
      <OwnerOptions owners={owners} me={me} noneLabel="Nobody (unassign)" />
    </BulkChoice>
  );
}
