import type { VariantProps } from "class-variance-authority";
import type * as React from "react";
import { buttonVariants } from "~/components/ui/button-variants";
import { cx } from "~/lib/cx";
import { DEFAULT_GUIDE_TITLE, leadPageHref } from "~/lib/lead-options";

type ButtonLook = { className?: string; children: React.ReactNode } & VariantProps<typeof buttonVariants>;

/**
 * A call to action for a lead form: a plain link to the form on a page of its own, with the button's
 * context in its address; the lead-dialog island opens that same form in a dialog instead.
 */
function LeadDialogLink({
  href,
  description,
  slot,
  className,
  variant,
  size,
  children,
}: ButtonLook & { href: string; description?: string; slot: string }) {
  return (
    <a
      href={href}
      data-slot={slot}
      data-island="lead-dialog"
      data-dialog-description={description}
      className={cx(buttonVariants({ variant, size }), className)}
    >
      {children}
    </a>
  );
}

/** Opens the get-started dialog, titled "Get Started - {source}" (e.g. "E-commerce Page"). */
export function GetStartedButton({
  source,
  formId,
  redirectUrl,
  ...look
}: { source: string; formId?: string; redirectUrl?: string } & ButtonLook) {
  return (
    <LeadDialogLink
      slot="get-started-button"
      href={leadPageHref("get-started", { sourceLabel: source, formId, redirectUrl })}
      {...look}
    />
  );
}

/** Opens the guide download dialog. */
export function GuideDownloadButton({
  title = DEFAULT_GUIDE_TITLE,
  redirectUrl,
  ...look
}: { title?: string; redirectUrl?: string } & ButtonLook) {
  return (
    <LeadDialogLink
      slot="guide-download-button"
      href={leadPageHref("guide", { guideTitle: title === DEFAULT_GUIDE_TITLE ? undefined : title, redirectUrl })}
      description="Leave your details to get the guide."
      {...look}
    />
  );
}
