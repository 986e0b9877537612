import { useFetcher } from "react-router";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Spinner } from "~/components/ui/spinner";
import { LEAD_STATUSES, type LeadStatusValue, leadStatusLabels } from "~/lib/schemas/lead-admin";
import type { LeadActionResult } from "~/server/leads/lead-actions.server";

/** The status dropdown: saves as soon as a status is picked (or with Save, without JavaScript). */
export function LeadStatusSelect({
  leadId,
  leadName,
  status,
  action,
}: {
  leadId: string;
  leadName: string;
  status: LeadStatusValue;
  action?: string;
}) {
  const fetcher = useFetcher<LeadActionResult>();
  useToastMessage(fetcher.data?.toast);
  const pending = fetcher.state !== "idle";
  // While saving, show the status being saved; after a failure, the saved one again.
  const shown = (pending ? (fetcher.formData?.get("status") as LeadStatusValue | null) : null) ?? status;
  return (
    <fetcher.Form method="post" action={action} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="leadId" value={leadId} />
      <NativeSelect
        name="status"
        size="sm"
        value={shown}
        aria-label={`Status of ${leadName}`}
        containerClassName="w-36"
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
      >
        {LEAD_STATUSES.map((value) => (
          <NativeSelectOption key={value} value={value}>
            {leadStatusLabels[value]}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      {pending ? <Spinner aria-label="Saving status" /> : null}
      <noscript>
        <Button type="submit" size="sm" variant="outline">
          Save
        </Button>
      </noscript>
    </fetcher.Form>
  );
}
