import { ChoiceMenu } from "~/components/admin/choice-menu";
import { LEAD_STATUSES, type LeadStatus, leadStatusLabels } from "~/lib/schemas/lead-admin";
import { LeadStatusBadge } from "./lead-status-badge";

const statusChoices = LEAD_STATUSES.map((status) => ({ value: status, label: leadStatusLabels[status] }));

/** The lead's status as its badge, opening a menu of the statuses; saves as soon as one is picked. */
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
    <ChoiceMenu
      fields={{ intent: "set-status", leadId }}
      name="status"
      value={status}
      label={`Status of ${leadName}`}
      savingLabel="Saving status"
      action={action}
      choices={statusChoices}
      renderValue={(choice) => <LeadStatusBadge status={choice.value as LeadStatus} />}
    />
  );
}
