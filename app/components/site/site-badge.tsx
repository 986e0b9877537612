import type { VariantProps } from "class-variance-authority";
import type * as React from "react";
import { badgeVariants } from "~/components/ui/badge-variants";
import { cx } from "~/lib/cx";

/** The design system's badge for the public site, without Radix or tailwind-merge. */
export function SiteBadge({
  variant,
  className,
  children,
}: { className?: string; children: React.ReactNode } & VariantProps<typeof badgeVariants>) {
  return (
    <span data-slot="badge" className={cx(badgeVariants({ variant }), className)}>
      {children}
    </span>
  );
}
