import type { VariantProps } from "class-variance-authority";
import type * as React from "react";
import { useState } from "react";
import { Link } from "react-router";
import { LeadDialogForm } from "~/components/site/forms/lead-dialog-form";
import { Modal } from "~/components/site/forms/modal";
import type { LeadActionData } from "~/components/site/forms/use-lead-form";
import { buttonVariants } from "~/components/ui/button-variants";
import { cx } from "~/lib/cx";

export type GetStartedButtonProps = {
  /** Names where the visitor came from, e.g. "E-commerce Page"; the dialog title reads "Get Started - {source}". */
  source: string;
  formId?: string;
  redirectUrl?: string;
  className?: string;
  children: React.ReactNode;
} & VariantProps<typeof buttonVariants>;

export function openRedirect(data: LeadActionData) {
  if (data.redirectUrl) setTimeout(() => window.open(data.redirectUrl!, "_blank", "noopener"), 1000);
}

/**
 * A call to action that opens the get-started dialog. Before JavaScript has loaded (or without it),
 * it is a plain link to the contact form.
 */
export function GetStartedButton({
  source,
  formId,
  redirectUrl,
  className,
  variant,
  size,
  children,
}: GetStartedButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link
        to={`/contact?source=${encodeURIComponent(source)}#contact-section`}
        data-slot="get-started-button"
        className={cx(buttonVariants({ variant, size }), className)}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </Link>
      <Modal open={open} onClose={() => setOpen(false)} title={`Get Started - ${source}`}>
        <LeadDialogForm
          flow="get-started"
          hidden={{ sourceLabel: source, formId, redirectUrl }}
          submitLabel="Get Started"
          busyLabel="Submitting..."
          onSuccess={(data) => {
            setOpen(false);
            openRedirect(data);
          }}
        />
      </Modal>
    </>
  );
}
