import { NativeSelectOption } from "~/components/ui/native-select";
import { AutoSaveSelect } from "../auto-save-select";

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

/** The owner dropdown of a lead or a client: saves as soon as a person is picked. */
export function OwnerSelect({
  fields,
  itemName,
  ownerId,
  owners,
  me,
  action,
}: {
  fields: Record<string, string>;
  itemName: string;
  ownerId: string | null;
  owners: OwnerChoice[];
  me: string;
  action?: string;
}) {
  return (
    <AutoSaveSelect
      fields={{ intent: "assign", ...fields }}
      name="ownerId"
      value={ownerId ?? ""}
      label={`Owner of ${itemName}`}
      savingLabel="Saving owner"
      width="w-56"
      action={action}
    >
      <OwnerOptions owners={owners} me={me} noneLabel="Unassigned" />
    </AutoSaveSelect>
  );
}
