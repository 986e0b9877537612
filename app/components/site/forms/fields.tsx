import type * as React from "react";
import { cx } from "~/lib/cx";
import { VISITOR_FIELD_MAX } from "~/lib/lead-options";

const controlClass =
  "w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm";

type Common = { label: string; name: string; error?: string; className?: string; required?: boolean };

type ControlProps = {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  required?: boolean;
};

type FieldProps = Common & { id?: string };

/**
 * Label, control and error message wired together. The caller draws the control from the wiring (id,
 * name, error state) and the props that are the control's own.
 */
function FieldShell<Props extends FieldProps>({
  props,
  render,
}: {
  props: Props;
  render: (wiring: ControlProps, control: Omit<Props, keyof FieldProps>) => React.ReactNode;
}) {
  const { label, name, error, className, required, id, ...control } = props;
  const fieldId = id ?? `field-${name}`;
  return (
    <div className={cx("grid gap-1.5", className)}>
      <label htmlFor={fieldId} className="font-medium text-sm">
        {label}
        {required ? <span aria-hidden> *</span> : null}
      </label>
      {render(
        {
          id: fieldId,
          name,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${fieldId}-error` : undefined,
          required,
        },
        control,
      )}
      {error ? (
        <p id={`${fieldId}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Plain, dependency-free form controls for the public site (they work before and without JavaScript). */
export function TextField(props: Common & React.ComponentProps<"input">) {
  return (
    <FieldShell
      props={props}
      render={(wiring, control) => <input {...wiring} className={cx(controlClass, "h-10")} {...control} />}
    />
  );
}

export function TextAreaField(props: Common & React.ComponentProps<"textarea">) {
  return (
    <FieldShell
      props={props}
      render={(wiring, control) => <textarea {...wiring} rows={4} className={controlClass} {...control} />}
    />
  );
}

export function SelectField(
  props: Common & React.ComponentProps<"select"> & { options: readonly string[]; labels: Record<string, string> },
) {
  return (
    <FieldShell
      props={props}
      render={(wiring, { options, labels, ...control }) => (
        <select {...wiring} className={cx(controlClass, "h-10")} {...control}>
          <option value="">Select…</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option] ?? option}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/**
 * The honeypot every visitor form carries for the spam checks: a field people never see (off-screen,
 * skipped by the keyboard and by screen readers). The fill-time token travels in a cookie instead
 * (see FormTokenPixel), so that pages are the same bytes for every visitor.
 */
export function FormGuards() {
  return (
    <div aria-hidden="true" className="-left-[9999px] absolute h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" name="website_url" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/**
 * A lead form's props: its ids' prefix, and what was typed and what was wrong with it when the server
 * refused a submission without JavaScript.
 */
export type RefusedFormProps = {
  idPrefix?: string;
  values?: Record<string, string>;
  errors?: Record<string, string | undefined>;
};

/** The contact details every lead form asks for, with the server's length limits. */
const contactDetails = {
  name: { label: "Name", required: true, maxLength: VISITOR_FIELD_MAX.name, autoComplete: "name" },
  email: { label: "Email", type: "email", required: true, maxLength: VISITOR_FIELD_MAX.email, autoComplete: "email" },
  phone: { label: "Phone", type: "tel", maxLength: VISITOR_FIELD_MAX.phone, autoComplete: "tel" },
  company: { label: "Company", maxLength: VISITOR_FIELD_MAX.company, autoComplete: "organization" },
} as const;

/**
 * Binds a form's fields to their ids (`{idPrefix}-{name}`) and to what was typed and what was wrong
 * when the server refused a submission.
 */
export function refusedFields({ idPrefix, values = {}, errors = {} }: RefusedFormProps & { idPrefix: string }) {
  return <Name extends string>(name: Name): BoundField<Name> => ({
    id: `${idPrefix}-${name}`,
    name,
    defaultValue: values[name],
    error: errors[name],
  });
}

type BoundField<Name extends string> = { id: string; name: Name; defaultValue?: string; error?: string };

/** One contact detail, with what was typed and its error when the server refused the form. */
export function ContactDetailField(field: BoundField<keyof typeof contactDetails>) {
  return <TextField {...contactDetails[field.name]} {...field} />;
}
