import { useFetcher } from "react-router";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Spinner } from "~/components/ui/spinner";
import type { LeadActionResult } from "~/server/leads/lead-actions.server";

export type OwnerChoice = { id: string; email: string };

/** Owner options: staff by e-mail, the signed-in person marked "(me)". */
export function OwnerOptions({ owners, me, noneLabel }: { owners: OwnerChoice[]; me: string; noneLabel: string }) {
  return (
    <>
      <NativeSelectOption value="">{noneLabel}</NativeSelectOption>
      {owners.map((owner) => (
        <NativeSelectOption key={owner.id} value={owner.id}>
          {owner.email}
          {owner.id === me ? " (me)" : ""}
        </NativeSelectOption>
      ))}
    </>
  );
}

/** The owner dropdown: saves as soon as a person is picked (or with Save, without JavaScript). */
export function LeadOwnerSelect({
  leadId,
  leadName,
  ownerId,
  owners,
  me,
  action,
}: {
  leadId: string;
  leadName: string;
  ownerId: string | null;
  owners: OwnerChoice[];
  me: string;
  action?: string;
}) {
  const fetcher = useFetcher<LeadActionResult>();
  useToastMessage(fetcher.data?.toast);
  const pending = fetcher.state !== "idle";
  const shown = (pending ? (fetcher.formData?.get("ownerId") as string | null) : null) ?? ownerId ?? "";
  return (
    <fetcher.Form method="post" action={action} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="leadId" value={leadId} />
      <NativeSelect
        name="ownerId"
        size="sm"
        value={shown}
        aria-label={`Owner of ${leadName}`}
        containerClassName="w-56"
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
      >
        <OwnerOptions owners={owners} me={me} noneLabel="Unassigned" />
      </NativeSelect>
      <noscript>
        <Button type="submit" size="sm" variant="outline">
          Save
        </Button>
      </noscript>
      {pending ? <Spinner aria-label="Saving owner" /> : null}
    </fetcher.Form>
  );
}
