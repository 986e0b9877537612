import type { VariantProps } from "class-variance-authority";
import type * as React from "react";
import { Suspense, useState } from "react";
import { LeadDialog } from "~/components/site/get-started-button";
import { buttonVariants } from "~/components/ui/button-variants";
import { cx } from "~/lib/cx";
import { DEFAULT_GUIDE_TITLE, leadPageHref } from "~/lib/lead-options";

/** Opens the guide download dialog; without JavaScript, the guide form on a page of its own. */
export function GuideDownloadButton({
  title = DEFAULT_GUIDE_TITLE,
  redirectUrl,
  className,
  variant,
  size,
  children,
}: {
  title?: string;
  redirectUrl?: string;
  className?: string;
  children: React.ReactNode;
} & VariantProps<typeof buttonVariants>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        href={leadPageHref("guide", { guideTitle: title === DEFAULT_GUIDE_TITLE ? undefined : title, redirectUrl })}
        data-slot="guide-download-button"
        className={cx(buttonVariants({ variant, size }), className)}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      {open ? (
        <Suspense fallback={null}>
          <LeadDialog kind="guide" title={title} redirectUrl={redirectUrl} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
