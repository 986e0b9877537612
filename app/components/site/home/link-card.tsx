import type * as React from "react";
import { Link } from "react-router";
import { ArrowRight } from "~/components/site/icons/arrow-right";
import type { SiteIcon } from "~/components/site/icons/site-icon";
import { SiteCard, SiteCardContent, SiteCardTitle } from "~/components/site/site-card";
import { cx } from "~/lib/cx";

/** A card whose whole surface links to a page: icon, title, description, optional extras, a call. */
export function LinkCard({
  href,
  title,
  description,
  icon: Icon,
  callToAction,
  emphasis = false,
  children,
}: {
  href: string;
  title: string;
  description: string;
  icon: SiteIcon;
  callToAction: string;
  /** Services stand out more than industries. */
  emphasis?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <SiteCard className="relative h-full transition-shadow hover:shadow-md has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-ring">
      <SiteCardContent className={cx("flex flex-1 flex-col", emphasis ? "gap-4" : "gap-3")}>
        <span
          aria-hidden="true"
          className={cx(
            "flex size-12 items-center justify-center rounded-lg",
            emphasis ? "bg-primary text-primary-foreground" : "bg-secondary text-primary",
          )}
        >
          <Icon className="size-6" />
        </span>
        <SiteCardTitle className={cx("wrap-break-word", emphasis ? "text-xl" : "text-lg")}>
          <Link to={href} className="outline-none after:absolute after:inset-0 after:rounded-xl hover:text-primary">
            {title}
          </Link>
        </SiteCardTitle>
        <p className={cx("text-muted-foreground", !emphasis && "text-sm")}>{description}</p>
        {children}
        <span aria-hidden="true" className="mt-auto inline-flex items-center gap-1 font-medium text-primary text-sm">
          {callToAction}
          <ArrowRight className="size-4" />
        </span>
      </SiteCardContent>
    </SiteCard>
  );
}
