import type { VariantProps } from "class-variance-authority";
import type * as React from "react";
import { useState } from "react";
import { LeadDialogForm } from "~/components/site/forms/lead-dialog-form";
import { Modal } from "~/components/site/forms/modal";
import { openRedirect } from "~/components/site/get-started-button";
import { buttonVariants } from "~/components/ui/button-variants";
import { cx } from "~/lib/cx";
import { DEFAULT_GUIDE_TITLE } from "~/lib/lead-options";

/**
 * Opens the guide download dialog; after a successful submission the guide file (the
 * ppc_strategies_pdf setting) downloads, and an optional redirect opens after a second.
 */
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
        href="/lead?flow=guide"
        data-slot="guide-download-button"
        className={cx(buttonVariants({ variant, size }), className)}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        description="Leave your details and the guide downloads at once."
      >
        <LeadDialogForm
          flow="guide"
          hidden={{ guideTitle: title, redirectUrl }}
          submitLabel="Download Now"
          busyLabel="Processing..."
          onSuccess={(data) => {
            setOpen(false);
            if (data.downloadUrl) {
              const link = document.createElement("a");
              link.href = data.downloadUrl;
              link.download = "";
              document.body.append(link);
              link.click();
              link.remove();
            }
            openRedirect(data);
          }}
        />
      </Modal>
    </>
  );
}
