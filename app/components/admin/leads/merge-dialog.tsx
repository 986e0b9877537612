import { type ReactNode, useEffect } from "react";
import { AdminDialog, DialogActions } from "~/components/admin/admin-dialog";
import { useDialogFetcher } from "~/components/admin/use-dialog-fetcher";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { type LeadStatus, leadStatusLabels } from "~/lib/schemas/lead-admin";
import { MERGE_CHOICE_FIELDS, type MergeChoiceField, mergeChoiceLabels } from "~/lib/schemas/lead-identity";
import type { ActionResult } from "~/lib/types/action-result";
import type { PossibleDuplicate } from "~/lib/types/leads";

type Owner = { id: string; email: string };

/** One lead as the merge dialog shows it: the values staff choose between, and how to name it. */
export type MergeCandidate = Pick<
  PossibleDuplicate,
  "id" | "name" | "email" | "phone" | "company" | "message" | "status" | "ownerId"
> & {
  /** How the lead is named in the choices ("this lead", or its name). */
  whose: string;
};

function fieldOf(lead: MergeCandidate, field: MergeChoiceField) {
  return field === "owner_id" ? lead.ownerId : lead[field];
}

function shown(field: MergeChoiceField, value: string | null, owners: Owner[]) {
  if (value === null || value === "") return "(empty)";
  if (field === "status") return leadStatusLabels[value as LeadStatus] ?? value;
  if (field === "owner_id") return owners.find((owner) => owner.id === value)?.email ?? "Former staff";
  return value;
}

/**
 * The merge dialog, from a lead's "Possible duplicates" and from the table's bulk action alike: each
 * field of every lead side by side, one choice per field. The first lead is the one kept; a field
 * starts on the first lead that has a value, as the server fills an empty field when nobody chooses.
 */
export function MergeDialog({
  leads,
  owners,
  fields,
  trigger,
  title,
  description,
  onDone,
}: {
  leads: MergeCandidate[];
  owners: Owner[];
  /** What the form sends besides the choices: the intent and which leads. */
  fields: [string, string][];
  trigger: ReactNode;
  title: string;
  description: string;
  /** Called once the merge is done (a bulk selection is cleared then). */
  onDone?: () => void;
}) {
  const { fetcher, open, setOpen, onSubmit, busy } = useDialogFetcher<ActionResult>();
  useToastMessage(fetcher.data?.toast);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone?.();
  }, [fetcher.state, fetcher.data, onDone]);
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={title}
      description={description}
      className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
    >
      <fetcher.Form method="post" className="space-y-3" onSubmit={onSubmit}>
        {fields.map(([name, value]) => (
          <input key={`${name}-${value}`} type="hidden" name={name} value={value} />
        ))}
        <div aria-hidden className="hidden gap-2 sm:grid sm:grid-cols-[8rem_1fr]">
          <span />
          <div className="grid auto-cols-[minmax(0,1fr)] grid-flow-col gap-2">
            {leads.map((lead) => (
              <span key={lead.id} className="truncate font-medium text-muted-foreground text-xs">
                {lead.whose}
              </span>
            ))}
          </div>
        </div>
        {MERGE_CHOICE_FIELDS.map((field) => {
          const first = leads.find((lead) => fieldOf(lead, field)) ?? leads[0];
          return (
            <fieldset key={field} className="grid gap-2 border-t pt-2 sm:grid-cols-[8rem_1fr]">
              <legend className="sr-only">{mergeChoiceLabels[field]}</legend>
              <span aria-hidden className="font-medium text-sm">
                {mergeChoiceLabels[field]}
              </span>
              <div className="grid gap-2 sm:auto-cols-[minmax(0,1fr)] sm:grid-flow-col">
                {leads.map((lead) => {
                  const text = shown(field, fieldOf(lead, field), owners);
                  return (
                    <label key={lead.id} className="flex items-start gap-2 text-sm">
                      <input
                        type="radio"
                        name={`choice_${field}`}
                        value={lead.id}
                        defaultChecked={lead.id === first?.id}
                        aria-label={`${mergeChoiceLabels[field]} from ${lead.whose}: ${text}`}
                      />
                      <span className="line-clamp-3 break-words">{text}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
        <DialogActions onCancel={() => setOpen(false)}>
          <Button type="submit" disabled={busy}>
            Merge
          </Button>
        </DialogActions>
      </fetcher.Form>
    </AdminDialog>
  );
}
