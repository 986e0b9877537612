import type { VariantProps } from "class-variance-authority";
import type * as React from "react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { cx } from "~/lib/cx";
import { leadPageHref } from "~/lib/lead-options";

export const LeadDialog = lazy(() => import("~/components/site/forms/lead-dialog"));

export type GetStartedButtonProps = {
  /** Names where the visitor came from, e.g. "E-commerce Page"; the dialog title reads "Get Started - {source}". */
  source: string;
  formId?: string;
  redirectUrl?: string;
  className?: string;
  children: React.ReactNode;
} & VariantProps<typeof buttonVariants>;

/**
 * A call to action that opens the get-started dialog. Before JavaScript has loaded (or without it),
 * it is a plain link to the same form on a page of its own.
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
        to={leadPageHref("get-started", { sourceLabel: source, formId, redirectUrl })}
        data-slot="get-started-button"
        className={cx(buttonVariants({ variant, size }), className)}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <LeadDialog
            kind="get-started"
            source={source}
            formId={formId}
            redirectUrl={redirectUrl}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
