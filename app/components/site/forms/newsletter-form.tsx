import { VISITOR_FIELD_MAX } from "~/lib/lead-options";
import { ContactDetailField, type RefusedFormProps, refusedFields, TextField } from "./fields";
import { LeadForm } from "./lead-form";

export function NewsletterForm({ idPrefix = "newsletter", values, errors }: RefusedFormProps) {
  const field = refusedFields({ idPrefix, values, errors });
  return (
    <LeadForm
      flow="newsletter"
      data-slot="newsletter-form"
      className="mx-auto grid max-w-xl gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      submitLabel="Subscribe"
      busyLabel="Subscribing..."
    >
      <ContactDetailField {...field("email")} />
      <TextField label="Name (optional)" maxLength={VISITOR_FIELD_MAX.name} autoComplete="name" {...field("name")} />
    </LeadForm>
  );
}
