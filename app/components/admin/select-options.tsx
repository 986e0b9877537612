import type * as React from "react";
import { NativeSelectOption } from "~/components/ui/native-select";
import { ROLES, roleLabels } from "~/lib/roles";

/** One `<option>` per value, in the order given; the label defaults to the value itself. */
export function SelectOptions<Value extends string>({
  values,
  label = (value) => value,
}: {
  values: readonly Value[];
  label?: (value: Value) => React.ReactNode;
}) {
  return values.map((value) => (
    <NativeSelectOption key={value} value={value}>
      {label(value)}
    </NativeSelectOption>
  ));
}

/** The staff roles as options; `noRole` adds an empty "No role" first, for an account that has none yet. */
export function RoleOptions({ noRole = false }: { noRole?: boolean }) {
  return (
    <>
      {noRole ? <NativeSelectOption value="">No role</NativeSelectOption> : null}
      <SelectOptions values={ROLES} label={(role) => roleLabels[role]} />
    </>
  );
}
