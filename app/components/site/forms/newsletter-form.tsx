import { buttonVariants } from "~/components/ui/button-variants";
import { VISITOR_FIELD_MAX } from "~/lib/lead-options";
import { ContactDetailField, FormGuards, type RefusedFormProps, TextField } from "./fields";
import { useLeadForm } from "./use-lead-form";

export function NewsletterForm({ idPrefix = "newsletter", values = {}, errors = {} }: RefusedFormProps) {
  const { formRef, onSubmit, busy } = useLeadForm("newsletter");
  return (
    <form
      ref={formRef}
      method="post"
      action="/lead"
      noValidate
      onSubmit={onSubmit}
      data-slot="newsletter-form"
      className="mx-auto grid max-w-xl gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <input type="hidden" name="flow" value="newsletter" />
      <FormGuards />
      <ContactDetailField detail="email" id={`${idPrefix}-email`} values={values} errors={errors} />
      <TextField
        id={`${idPrefix}-name`}
        label="Name (optional)"
        name="name"
        maxLength={VISITOR_FIELD_MAX.name}
        autoComplete="name"
        defaultValue={values.name}
        error={errors.name}
      />
      <button type="submit" disabled={busy} aria-busy={busy} className={buttonVariants()}>
        {busy ? "Subscribing..." : "Subscribe"}
      </button>
    </form>
  );
}
