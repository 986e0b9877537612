import { AutoSaveSelect } from "~/components/admin/auto-save-select";
import { type OwnerChoice, OwnerSelect } from "~/components/admin/leads/lead-owner-select";
import { useReturnTo } from "~/components/admin/return-to";
import { SelectOptions } from "~/components/admin/select-options";
import { CLIENT_STATUSES } from "~/lib/schemas/clients";
import type { Client } from "~/lib/types/clients";
import { statusLabels } from "./client-status";

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
    <AutoSaveSelect
      fields={{ intent: "set-status", clientId: client.id, returnTo }}
      name="status"
      value={client.status}
      label={`Status of ${client.name}`}
      savingLabel="Saving status"
      width="w-36"
    >
      <SelectOptions values={CLIENT_STATUSES} labels={statusLabels} />
    </AutoSaveSelect>
  );
}
