import { NativeSelectOption } from "~/components/ui/native-select";
import { ChoiceMenu } from "../choice-menu";

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

/** The owner of a lead or a client, opening a menu of the staff: saves as soon as a person is picked. */
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
  const choices = [
    { value: "", label: "Unassigned" },
    ...owners.map((owner) => ({ value: owner.id, label: owner.id === me ? `${owner.email} (me)` : owner.email })),
  ];
  return (
    <ChoiceMenu
      fields={{ intent: "assign", ...fields }}
      name="ownerId"
      value={ownerId ?? ""}
      label={`Owner of ${itemName}`}
      savingLabel="Saving owner"
      action={action}
      choices={choices}
      className="max-w-56"
    />
  );
}
