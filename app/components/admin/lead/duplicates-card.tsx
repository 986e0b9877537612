import { useFetcher } from "react-router";
import { DateText } from "~/components/admin/date-text";
import { MergeDialog } from "~/components/admin/leads/merge-dialog";
import { TitledCard } from "~/components/admin/titled-card";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
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
              <MergeDialog
                leads={[
                  { ...lead, whose: "this lead" },
                  { ...duplicate, whose: "the other lead" },
                ]}
                owners={owners}
                fields={[
                  ["intent", "merge"],
                  ["leadId", lead.id],
                  ["mergedIds", duplicate.id],
                ]}
                trigger={
                  <Button type="button" size="sm">
                    Merge {duplicate.name} into this lead
                  </Button>
                }
                title={`Merge ${duplicate.name} into ${lead.name}`}
                description="Choose which value each field keeps. Submissions, notes, calls, mails and history of both move to this lead."
              />
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
