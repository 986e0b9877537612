import type * as React from "react";
import { buttonVariants } from "~/components/ui/button-variants";
import type { LeadFlowName as LeadFlow } from "~/lib/lead-options";
import { FormGuards } from "./fields";
import { type LeadActionData, useLeadForm } from "./use-lead-form";

/**
 * A visitor form that posts a lead: the flow, the spam guard, the caller's fields and a submit button
 * that reads `busyLabel` while the submission is under way.
 */
export function LeadForm({
  flow,
  action = "/lead",
  onSuccess,
  submitLabel,
  busyLabel,
  submitClassName = buttonVariants(),
  children,
  ...props
}: Omit<React.ComponentProps<"form">, "action" | "onSubmit"> & {
  flow: LeadFlow;
  action?: string;
  onSuccess?: (data: LeadActionData) => void;
  submitLabel: string;
  busyLabel: string;
  submitClassName?: string;
}) {
  const { formRef, onSubmit, busy } = useLeadForm(flow, { onSuccess });
  return (
    <form ref={formRef} method="post" action={action} noValidate onSubmit={onSubmit} {...props}>
      <input type="hidden" name="flow" value={flow} />
      <FormGuards />
      {children}
      <button type="submit" disabled={busy} aria-busy={busy} className={submitClassName}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
