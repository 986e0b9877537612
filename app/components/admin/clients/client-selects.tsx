import { ChoiceMenu } from "~/components/admin/choice-menu";
import { type OwnerChoice, OwnerSelect } from "~/components/admin/leads/lead-owner-select";
import { useReturnTo } from "~/components/admin/return-to";
import { CLIENT_STATUSES, type ClientStatus } from "~/lib/schemas/clients";
import type { Client } from "~/lib/types/clients";
import { ClientStatusBadge, statusLabels } from "./client-status";

const statusChoices = CLIENT_STATUSES.map((status) => ({ value: status, label: statusLabels[status] }));

export function ClientOwnerSelect({ client, owners, me }: { client: Client; owners: OwnerChoice[]; me: string }) {
  const returnTo = useReturnTo(["convert"]);
  return (
    <OwnerSelect
      fields={{ clientId: client.id, returnTo }}
      itemName={client.name}
      ownerId={client.ownerId}
      owners={owners}
      me={me}
    />
  );
}

export function ClientStatusSelect({ client }: { client: Client }) {
  const returnTo = useReturnTo(["convert"]);
  return (
    <ChoiceMenu
      fields={{ intent: "set-status", clientId: client.id, returnTo }}
      name="status"
      value={client.status}
      label={`Status of ${client.name}`}
      savingLabel="Saving status"
      choices={statusChoices}
      renderValue={(choice) => <ClientStatusBadge status={choice.value as ClientStatus} />}
    />
  );
}
