import { useState } from "react";
import { useFetcher } from "react-router";
import { AdminDialog, DialogActions } from "~/components/admin/admin-dialog";
import { DateText } from "~/components/admin/date-text";
import { TitledCard } from "~/components/admin/titled-card";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { leadStatusLabels } from "~/lib/schemas/lead-admin";
import { MERGE_CHOICE_FIELDS, type MergeChoiceField, mergeChoiceLabels } from "~/lib/schemas/lead-identity";
import type { ActionResult } from "~/lib/types/action-result";
import type { LeadDetail, PossibleDuplicate, UndoableMerge } from "~/lib/types/leads";

type Owner = { id: string; email: string };

const reasonText: Record<PossibleDuplicate["reason"], string> = {
  email: "same e-mail",
  phone: "same phone",
  "name and company": "same name and company",
};

/**
 * Other leads that may be this person, each with a merge into this lead, and the merges of the last
 * 30 days with an unmerge. Shown to staff who may edit the leads; the server checks again.
 */
export function DuplicatesCard({
  lead,
  duplicates,
  merges,
  owners,
}: {
  lead: LeadDetail["lead"];
  duplicates: PossibleDuplicate[];
  merges: UndoableMerge[];
  owners: Owner[];
}) {
  const fetcher = useFetcher<ActionResult>();
  useToastMessage(fetcher.data?.toast);
  if (duplicates.length === 0 && merges.length === 0) return null;
  const busy = fetcher.state !== "idle";
  return (
    <TitledCard
      title="Possible duplicates"
      description="Other leads with the same e-mail, phone, or name and company. Merging keeps this lead; a merge can be undone for 30 days."
      contentClassName="space-y-4"
    >
      {duplicates.length ? (
        <ul className="space-y-2" data-testid="possible-duplicates">
          {duplicates.map((duplicate) => (
            <li key={duplicate.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <span className="text-sm">
                <a href={`/admin/leads/${duplicate.id}`} className="font-medium hover:underline">
                  {duplicate.name}
                </a>{" "}
                · {duplicate.email} · {reasonText[duplicate.reason]} · <DateText iso={duplicate.createdAt} />
              </span>
              <MergeDialog lead={lead} other={duplicate} owners={owners} fetcher={fetcher} />
            </li>
          ))}
        </ul>
      ) : null}
      {merges.length ? (
        <div className="space-y-2">
          <h3 className="font-medium text-sm">Merged into this lead</h3>
          <ul className="space-y-2" data-testid="recent-merges">
            {merges.map((merge) => (
              <li key={merge.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
                <span className="text-sm">
                  {merge.name} · {merge.email} · merged <DateText iso={merge.createdAt} withTime />
                </span>
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="unmerge" />
                  <input type="hidden" name="leadId" value={lead.id} />
                  <input type="hidden" name="mergeId" value={merge.id} />
                  <Button type="submit" size="sm" variant="outline" disabled={busy}>
                    Unmerge {merge.name}
                  </Button>
                </fetcher.Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </TitledCard>
  );
}

function shown(field: MergeChoiceField, value: string | null, owners: Owner[]) {
  if (value === null || value === "") return "(empty)";
  if (field === "status") return leadStatusLabels[value as keyof typeof leadStatusLabels] ?? value;
  if (field === "owner_id") return owners.find((owner) => owner.id === value)?.email ?? "Former staff";
  return value;
}

/** The merge dialog: each field side by side, this lead's value chosen unless staff pick the other. */
function MergeDialog({
  lead,
  other,
  owners,
  fetcher,
}: {
  lead: LeadDetail["lead"];
  other: PossibleDuplicate;
  owners: Owner[];
  fetcher: ReturnType<typeof useFetcher<ActionResult>>;
}) {
  const [open, setOpen] = useState(false);
  const mine: Record<MergeChoiceField, string | null> = {
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    company: lead.company,
    message: lead.message,
    status: lead.status,
    owner_id: lead.ownerId,
  };
  const theirs: Record<MergeChoiceField, string | null> = {
    name: other.name,
    email: other.email,
    phone: other.phone,
    company: other.company,
    message: other.message,
    status: other.status,
    owner_id: other.ownerId,
  };
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" size="sm">
          Merge {other.name} into this lead
        </Button>
      }
      title={`Merge ${other.name} into ${lead.name}`}
      description="Choose which value each field keeps. Submissions, notes, calls, mails and history of both move to this lead."
      className="sm:max-w-2xl"
    >
      <fetcher.Form method="post" className="space-y-3" onSubmit={() => setOpen(false)}>
        <input type="hidden" name="intent" value="merge" />
        <input type="hidden" name="leadId" value={lead.id} />
        <input type="hidden" name="mergedIds" value={other.id} />
        {MERGE_CHOICE_FIELDS.map((field) => (
          <fieldset key={field} className="grid gap-2 sm:grid-cols-[8rem_1fr_1fr]">
            <legend className="sr-only">{mergeChoiceLabels[field]}</legend>
            <span aria-hidden className="font-medium text-sm">
              {mergeChoiceLabels[field]}
            </span>
            {[
              { id: lead.id, value: mine[field], whose: "this lead" },
              { id: other.id, value: theirs[field], whose: "the other lead" },
            ].map((choice) => (
              <label key={choice.id} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={`choice_${field}`}
                  value={choice.id}
                  defaultChecked={choice.id === lead.id}
                  aria-label={`${mergeChoiceLabels[field]} from ${choice.whose}: ${shown(field, choice.value, owners)}`}
                />
                <span className="line-clamp-3 break-words">{shown(field, choice.value, owners)}</span>
              </label>
            ))}
          </fieldset>
        ))}
        <DialogActions onCancel={() => setOpen(false)}>
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Merge
          </Button>
        </DialogActions>
      </fetcher.Form>
    </AdminDialog>
  );
}
