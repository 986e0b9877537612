import { SelectOptions } from "~/components/admin/select-options";
import { LEAD_STATUSES, type LeadStatus, leadStatusLabels } from "~/lib/schemas/lead-admin";
import { AutoSaveSelect } from "../auto-save-select";

/** The status dropdown: saves as soon as a status is picked (or with Save, without JavaScript). */
export function LeadStatusSelect({
  leadId,
  leadName,
  status,
  action,
}: {
  leadId: string;
  leadName: string;
  status: LeadStatus;
  action?: string;
}) {
  return (
    <AutoSaveSelect
      fields={{ intent: "set-status", leadId }}
      name="status"
      value={status}
      label={`Status of ${leadName}`}
      savingLabel="Saving status"
      width="w-36"
      action={action}
    >
      <SelectOptions values={LEAD_STATUSES} labels={leadStatusLabels} />
    </AutoSaveSelect>
  );
}
