import { GUIDE_INDUSTRIES, type LeadFlowName as LeadFlow, optionLabels, VISITOR_FIELD_MAX } from "~/lib/lead-options";
import { ContactDetailField, type RefusedFormProps, SelectField, TextAreaField } from "./fields";
import { LeadForm } from "./lead-form";

/**
 * The fields of the guide and get-started dialogs; `hidden` carries the flow's context. `action` is
 * where it posts without JavaScript: the lead page keeps the context in its address, so that a
 * refused submission comes back to the same form.
 */
export function LeadDialogForm({
  hidden,
  ...props
}: {
  flow: Extract<LeadFlow, "guide" | "get-started">;
  hidden: Record<string, string | undefined>;
  action?: string;
  submitLabel: string;
  busyLabel: string;
  guideTitle?: string;
} & Omit<RefusedFormProps, "idPrefix">) {
  return (
    <LeadForm {...props} className="grid gap-4">
      {(field) => (
        <>
          {Object.entries(hidden).map(([name, value]) =>
            value ? <input key={name} type="hidden" name={name} value={value} /> : null,
          )}
          <ContactDetailField {...field("name")} />
          <ContactDetailField {...field("email")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <ContactDetailField {...field("phone")} />
            <ContactDetailField {...field("company")} />
          </div>
          {props.flow === "guide" ? (
            <SelectField label="Industry" options={GUIDE_INDUSTRIES} labels={optionLabels} {...field("industry")} />
          ) : null}
          <TextAreaField label="Message" maxLength={VISITOR_FIELD_MAX.message} rows={3} {...field("message")} />
        </>
      )}
    </LeadForm>
  );
}
