import type { VariantProps } from "class-variance-authority";
import type * as React from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

export type GetStartedButtonProps = {
  /** Names where the visitor came from, e.g. "E-commerce Page"; the dialog title reads "Get Started - {source}". */
  source: string;
  formId?: string;
  redirectUrl?: string;
  className?: string;
  children: React.ReactNode;
} & VariantProps<typeof buttonVariants>;

/** A call to action that leads to the get-started form. */
export function GetStartedButton({ source, className, variant, size, children }: GetStartedButtonProps) {
  return (
    <Link
      to={`/contact?source=${encodeURIComponent(source)}#contact-section`}
      data-slot="get-started-button"
      className={cn(buttonVariants({ variant, size }), className)}
    >
      {children}
    </Link>
  );
}
