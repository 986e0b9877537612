import type * as React from "react";
import { NativeSelectOption } from "~/components/ui/native-select";
import { ROLES, roleLabels } from "~/lib/roles";

/** One `<option>` per value, in the order given, named by `labels` (a record or a function), else by the value. */
export function SelectOptions<Value extends string>({
  values,
  labels,
}: {
  values: readonly Value[];
  labels?: Record<Value, React.ReactNode> | ((value: Value) => React.ReactNode);
}) {
  return values.map((value) => (
    <NativeSelectOption key={value} value={value}>
      {typeof labels === "function" ? labels(value) : labels ? labels[value] : value}
    </NativeSelectOption>
  ));
}

/** The staff roles as options; `noRole` adds an empty "No role" first, for an account that has none yet. */
export function RoleOptions({ noRole = false }: { noRole?: boolean }) {
  return (
    <>
      {noRole ? <NativeSelectOption value="">No role</NativeSelectOption> : null}
      <SelectOptions values={ROLES} labels={roleLabels} />
    </>
  );
}
