import type * as React from "react";
import { cx } from "~/lib/cx";

/**
 * The design system's card for the public site, without Radix Slot or tailwind-merge. The one
 * override callers make, the gap, replaces the default instead of fighting it.
 */
const withDefaultGap = (className: string | undefined, gap: string) =>
  className && /(^|\s)gap-/.test(className) ? className : cx(gap, className);

export function SiteCard({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="card"
      className={cx(
        "flex flex-col rounded-xl border bg-card py-6 text-card-foreground shadow-sm",
        withDefaultGap(className, "gap-6"),
      )}
      {...props}
    />
  );
}

export function SiteCardHeader({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="card-header"
      className={cx("grid auto-rows-min items-start px-6", withDefaultGap(className, "gap-1.5"))}
      {...props}
    />
  );
}

export function SiteCardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-content" className={cx("px-6", className)} {...props} />;
}

/** Card title as a heading of the given level. */
export function SiteCardTitle({
  as: Heading = "h3",
  className,
  ...props
}: React.ComponentProps<"h3"> & { as?: "h2" | "h3" | "h4" }) {
  return <Heading data-slot="card-title" className={cx("font-semibold leading-none", className)} {...props} />;
}
