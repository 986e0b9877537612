import { useId } from "react";
import { buttonVariants } from "~/components/ui/button-variants";
import type { LeadFlowName as LeadFlow } from "~/lib/lead-options";
import { FormGuards, type RefusedFormProps, refusedFields } from "./fields";
import { type LeadActionData, useLeadForm } from "./use-lead-form";

/**
 * A visitor form that posts a lead: the flow, the spam guard, the caller's fields and a submit button
 * that reads `busyLabel` while the submission is under way. The fields come from `children`, given
 * each field's binding (its id, and what the server echoed back when it refused a submission); ids
 * are `{idPrefix}-{name}`, with a generated prefix where none is given.
 */
export function LeadForm({
  flow,
  action = "/lead",
  onSuccess,
  submitLabel,
  busyLabel,
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
    onSuccess?: (data: LeadActionData) => void;
    submitLabel: string;
    busyLabel: string;
    submitClassName?: string;
    children: (field: ReturnType<typeof refusedFields>) => React.ReactNode;
  }) {
  const { formRef, onSubmit, busy } = useLeadForm(flow, { onSuccess });
  const generatedId = useId();
  const field = refusedFields({ idPrefix: idPrefix ?? generatedId, values, errors });
  return (
    <form ref={formRef} method="post" action={action} noValidate onSubmit={onSubmit} {...props}>
      <input type="hidden" name="flow" value={flow} />
      <FormGuards />
      {children(field)}
      <button type="submit" disabled={busy} aria-busy={busy} className={submitClassName}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
