import { useId } from "react";
import { buttonVariants } from "~/components/ui/button-variants";
import type { LeadFlowName as LeadFlow } from "~/lib/lead-options";
import { FormGuards, type RefusedFormProps, refusedFields } from "./fields";

/**
 * A visitor form that posts a lead: the flow, the spam guard, the caller's fields and a submit button
 * (the lead-form island sends it without a reload, reading `busyLabel` meanwhile). The fields come from
 * `children`, given each field's binding (its id, and what the server echoed back when it refused a
 * submission); ids are `{idPrefix}-{name}`, with a generated prefix where none is given.
 */
export function LeadForm({
  flow,
  action = "/lead",
  submitLabel,
  busyLabel,
  guideTitle,
  submitClassName = buttonVariants(),
  idPrefix,
  values,
  errors,
  children,
  ...props
}: Omit<React.ComponentProps<"form">, "action" | "onSubmit" | "children"> &
  RefusedFormProps & {
    flow: LeadFlow;
    action?: string;
    submitLabel: string;
    busyLabel: string;
    /** The guide a guide form downloads, for its success event. */
    guideTitle?: string;
    submitClassName?: string;
    children: (field: ReturnType<typeof refusedFields>) => React.ReactNode;
  }) {
  const generatedId = useId();
  const field = refusedFields({ idPrefix: idPrefix ?? generatedId, values, errors });
  return (
    <form
      method="post"
      action={action}
      noValidate
      data-island="lead-form"
      data-busy-label={busyLabel}
      data-guide-title={guideTitle}
      {...props}
    >
      <input type="hidden" name="flow" value={flow} />
      <FormGuards />
      {children(field)}
      <button type="submit" className={submitClassName}>
        {submitLabel}
      </button>
    </form>
  );
}
