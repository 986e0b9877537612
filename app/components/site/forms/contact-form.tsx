import { buttonVariants } from "~/components/ui/button-variants";
import { cx } from "~/lib/cx";
import { CONTACT_COUNTRIES, CONTACT_INDUSTRIES, optionLabels, VISITOR_FIELD_MAX } from "~/lib/lead-options";
import { ContactDetailField, FormGuards, type RefusedFormProps, SelectField, TextAreaField, TextField } from "./fields";
import { useLeadForm } from "./use-lead-form";

/** The free strategy call form (contact section and contact page). */
export function ContactForm({ idPrefix = "contact", values = {}, errors = {} }: RefusedFormProps) {
  const { formRef, onSubmit, busy } = useLeadForm("contact");
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form
      ref={formRef}
      method="post"
      action="/lead"
      noValidate
      onSubmit={onSubmit}
      data-slot="contact-form"
      className="grid gap-4 rounded-xl border bg-card p-6 shadow-sm sm:grid-cols-2"
    >
      <input type="hidden" name="flow" value="contact" />
      <FormGuards />
      {(["name", "email", "phone", "company"] as const).map((detail) => (
        <ContactDetailField key={detail} detail={detail} id={id(detail)} values={values} errors={errors} />
      ))}
      <SelectField
        id={id("country")}
        label="Country"
        name="country"
        options={CONTACT_COUNTRIES}
        labels={optionLabels}
        defaultValue={values.country}
        error={errors.country}
      />
      <SelectField
        id={id("industry")}
        label="Industry"
        name="industry"
        options={CONTACT_INDUSTRIES}
        labels={optionLabels}
        defaultValue={values.industry}
        error={errors.industry}
      />
      <TextField
        id={id("budget")}
        label="Monthly ad budget"
        name="budget"
        maxLength={VISITOR_FIELD_MAX.budget}
        placeholder="e.g. $5,000"
        defaultValue={values.budget}
        error={errors.budget}
        className="sm:col-span-2"
      />
      <TextAreaField
        id={id("message")}
        label="Message"
        name="message"
        maxLength={VISITOR_FIELD_MAX.message}
        defaultValue={values.message}
        error={errors.message}
        className="sm:col-span-2"
      />
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className={cx(buttonVariants({ size: "lg" }), "sm:col-span-2")}
      >
        {busy ? "Submitting..." : "Book Free Strategy Call"}
      </button>
    </form>
  );
}
