import { useId } from "react";
import { buttonVariants } from "~/components/ui/button-variants";
import { GUIDE_INDUSTRIES, type LeadFlowName as LeadFlow, optionLabels } from "~/lib/lead-options";
import { FormGuards, SelectField, TextAreaField, TextField } from "./fields";
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
  /**
   * What was typed and what was wrong with it, when the server refused a submission (no JavaScript);
   * the form token stays the one first issued, so the visitor's fill time is not started again.
   */
  values?: Record<string, string>;
  errors?: Record<string, string>;
  submitLabel: string;
  busyLabel: string;
  onSuccess?: (data: LeadActionData) => void;
}) {
  const { formRef, onSubmit, busy } = useLeadForm(flow, { onSuccess });
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  return (
    <form ref={formRef} method="post" action={action} noValidate onSubmit={onSubmit} className="grid gap-4">
      <input type="hidden" name="flow" value={flow} />
      <FormGuards token={values.form_token} />
      {Object.entries(hidden).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <TextField
        id={id("name")}
        label="Name"
        name="name"
        required
        maxLength={200}
        autoComplete="name"
        defaultValue={values.name}
        error={errors.name}
      />
      <TextField
        id={id("email")}
        label="Email"
        name="email"
        type="email"
        required
        maxLength={254}
        autoComplete="email"
        defaultValue={values.email}
        error={errors.email}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id("phone")}
          label="Phone"
          name="phone"
          type="tel"
          maxLength={50}
          autoComplete="tel"
          defaultValue={values.phone}
          error={errors.phone}
        />
        <TextField
          id={id("company")}
          label="Company"
          name="company"
          maxLength={200}
          autoComplete="organization"
          defaultValue={values.company}
          error={errors.company}
        />
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
        maxLength={5000}
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
