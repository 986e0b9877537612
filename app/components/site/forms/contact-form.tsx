import { buttonVariants } from "~/components/ui/button-variants";
import { cx } from "~/lib/cx";
import { CONTACT_COUNTRIES, CONTACT_INDUSTRIES, optionLabels, VISITOR_FIELD_MAX } from "~/lib/lead-options";
import { ContactDetailField, type RefusedFormProps, SelectField, TextAreaField, TextField } from "./fields";
import { LeadForm } from "./lead-form";

/** The free strategy call form (contact section and contact page). */
export function ContactForm({ idPrefix = "contact", values, errors }: RefusedFormProps) {
  return (
    <LeadForm
      flow="contact"
      idPrefix={idPrefix}
      values={values}
      errors={errors}
      data-slot="contact-form"
      className="grid gap-4 rounded-xl border bg-card p-6 shadow-sm sm:grid-cols-2"
      submitLabel="Book Free Strategy Call"
      busyLabel="Submitting..."
      submitClassName={cx(buttonVariants({ size: "lg" }), "sm:col-span-2")}
    >
      {(field) => (
        <>
          {(["name", "email", "phone", "company"] as const).map((detail) => (
            <ContactDetailField key={detail} {...field(detail)} />
          ))}
          <SelectField label="Country" options={CONTACT_COUNTRIES} labels={optionLabels} {...field("country")} />
          <SelectField label="Industry" options={CONTACT_INDUSTRIES} labels={optionLabels} {...field("industry")} />
          <TextField
            label="Monthly ad budget"
            maxLength={VISITOR_FIELD_MAX.budget}
            placeholder="e.g. $5,000"
            className="sm:col-span-2"
            {...field("budget")}
          />
          <TextAreaField
            label="Message"
            maxLength={VISITOR_FIELD_MAX.message}
            className="sm:col-span-2"
            {...field("message")}
          />
        </>
      )}
    </LeadForm>
  );
}
