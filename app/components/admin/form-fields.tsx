import type * as React from "react";
import { Field } from "~/components/admin/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { newPasswordInput } from "~/lib/schemas/staff";

/**
 * What a labelled control needs besides its own attributes: see `Field`. `fieldClassName` styles the
 * field around the control (its place in a grid, its width); `className` stays the control's.
 */
type FieldProps = {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  fieldClassName?: string;
};

/** The control wrapped in a `Field`: the field's props label it, every other prop goes to the control. */
function labelled<ControlProps extends { id?: string }>(Control: React.ComponentType<ControlProps>) {
  return function LabelledField({
    id,
    label,
    error,
    hint,
    fieldClassName,
    ...control
  }: FieldProps & Omit<ControlProps, "id">) {
    // The field's `id` plus the other props are the control's props, which TypeScript cannot follow through the generic.
    return (
      <Field id={id} label={label} error={error} hint={hint} className={fieldClassName}>
        {(props) => <Control {...({ ...props, ...control } as unknown as ControlProps)} />}
      </Field>
    );
  };
}

/** A labelled `<input>`. */
export const InputField = labelled(Input);
/** A labelled `<textarea>`. */
export const TextareaField = labelled(Textarea);
/** A labelled native `<select>`, its options as children. */
export const SelectField = labelled(NativeSelect);

/**
 * Binds a form's fields to their ids (`{idPrefix}-{idEnd}`, the name unless given), to the server's
 * errors and to the edited record's text under the same name, so a field names itself once:
 * `<InputField {...field("title")} label="Title" />`. A value that is not text is the caller's to give.
 */
export function boundFields(
  idPrefix: string,
  errors: Partial<Record<string, string>>,
  record?: Readonly<Record<string, unknown>> | null,
) {
  return (name: string, idEnd: string = name) => {
    const value = record?.[name];
    return {
      id: `${idPrefix}-${idEnd}`,
      name,
      error: errors[name],
      defaultValue: typeof value === "string" ? value : "",
    };
  };
}

const currentPasswordInput = { type: "password", required: true, autoComplete: "current-password" } as const;

/** A labelled password input: the person's current password, or with `isNew` a new one within the schema's lengths. */
export function PasswordField({ name, isNew = false, ...field }: FieldProps & { name: string; isNew?: boolean }) {
  return <InputField {...field} {...(isNew ? newPasswordInput : currentPasswordInput)} name={name} />;
}
