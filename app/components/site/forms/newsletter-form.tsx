import { VISITOR_FIELD_MAX } from "~/lib/lead-options";
import { ContactDetailField, type RefusedFormProps, TextField } from "./fields";
import { LeadForm } from "./lead-form";

export function NewsletterForm({ idPrefix = "newsletter", values, errors }: RefusedFormProps) {
  return (
    <LeadForm
      flow="newsletter"
      idPrefix={idPrefix}
      values={values}
      errors={errors}
      data-slot="newsletter-form"
      className="mx-auto grid max-w-xl gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      submitLabel="Subscribe"
      busyLabel="Subscribing..."
    >
      {(field) => (
        <>
          <ContactDetailField {...field("email")} />
          <TextField
            label="Name (optional)"
            maxLength={VISITOR_FIELD_MAX.name}
            autoComplete="name"
            {...field("name")}
          />
        </>
      )}
    </LeadForm>
  );
}
