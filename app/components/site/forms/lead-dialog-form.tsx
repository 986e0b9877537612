import { useId } from "react";
import { buttonVariants } from "~/components/ui/button-variants";
import { GUIDE_INDUSTRIES, type LeadFlowName as LeadFlow, optionLabels, VISITOR_FIELD_MAX } from "~/lib/lead-options";
import { ContactDetailField, FormGuards, type RefusedFormProps, SelectField, TextAreaField } from "./fields";
import { type LeadActionData, useLeadForm } from "./use-lead-form";

/**
 * The fields of the guide and get-started dialogs; `hidden` carries the flow's context. `action` is
 * where it posts without JavaScript: the lead page keeps the context in its address, so that a
 * refused submission comes back to the same form.
 */
export function LeadDialogForm({
  flow,
  hidden,
  action = "/lead",
  values = {},
  errors = {},
  submitLabel,
  busyLabel,
  onSuccess,
}: {
  flow: Extract<LeadFlow, "guide" | "get-started">;
  hidden: Record<string, string | undefined>;
  action?: string;
  submitLabel: string;
  busyLabel: string;
  onSuccess?: (data: LeadActionData) => void;
} & Omit<RefusedFormProps, "idPrefix">) {
  const { formRef, onSubmit, busy } = useLeadForm(flow, { onSuccess });
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  return (
    <form ref={formRef} method="post" action={action} noValidate onSubmit={onSubmit} className="grid gap-4">
      <input type="hidden" name="flow" value={flow} />
      <FormGuards />
      {Object.entries(hidden).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <ContactDetailField detail="name" id={id("name")} values={values} errors={errors} />
      <ContactDetailField detail="email" id={id("email")} values={values} errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ContactDetailField detail="phone" id={id("phone")} values={values} errors={errors} />
        <ContactDetailField detail="company" id={id("company")} values={values} errors={errors} />
      </div>
      {flow === "guide" ? (
        <SelectField
          id={id("industry")}
          label="Industry"
          name="industry"
          options={GUIDE_INDUSTRIES}
          labels={optionLabels}
          defaultValue={values.industry}
          error={errors.industry}
        />
      ) : null}
      <TextAreaField
        id={id("message")}
        label="Message"
        name="message"
        maxLength={VISITOR_FIELD_MAX.message}
        rows={3}
        defaultValue={values.message}
        error={errors.message}
      />
      <button type="submit" disabled={busy} aria-busy={busy} className={buttonVariants()}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
