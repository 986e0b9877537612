import type * as React from "react";
import { SiteCard, SiteCardContent, SiteCardHeader } from "~/components/site/site-card";
import { cx } from "~/lib/cx";

/**
 * One card of a section's grid, as its list item: a header (an optional visual, the h3 title, an
 * optional subtitle) over the body.
 */
export function GridCard({
  title,
  visual,
  subtitle,
  className,
  headerClassName,
  contentClassName,
  children,
}: {
  title: string;
  visual?: React.ReactNode;
  subtitle?: React.ReactNode;
  className?: string;
  headerClassName?: string;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex">
      <SiteCard className={cx("w-full gap-4", className)}>
        <SiteCardHeader className={headerClassName}>
          {visual}
          <h3 className="font-semibold text-lg leading-snug">{title}</h3>
          {subtitle}
        </SiteCardHeader>
        <SiteCardContent className={contentClassName}>{children}</SiteCardContent>
      </SiteCard>
    </li>
  );
}

const discClasses = {
  md: "flex size-10 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground",
  lg: "flex size-20 items-center justify-center rounded-full bg-primary font-semibold text-2xl text-primary-foreground",
} as const;

/** A round brand-coloured mark for a card's visual: a step number or initials. Decorative. */
export function Disc({ size = "md", children }: { size?: keyof typeof discClasses; children: React.ReactNode }) {
  return (
    <span aria-hidden="true" className={discClasses[size]}>
      {children}
    </span>
  );
}
