import type { VariantProps } from "class-variance-authority";
import type * as React from "react";
import { lazy, Suspense, useState } from "react";
import type { LeadDialogProps } from "~/components/site/forms/lead-dialog";
import { buttonVariants } from "~/components/ui/button-variants";
import { cx } from "~/lib/cx";
import { DEFAULT_GUIDE_TITLE, leadPageHref } from "~/lib/lead-options";

const LeadDialog = lazy(() => import("~/components/site/forms/lead-dialog"));

type ButtonLook = { className?: string; children: React.ReactNode } & VariantProps<typeof buttonVariants>;
/** A dialog as a button opens it: every kind's own props, without the close callback the button owns. */
type DialogSpec = LeadDialogProps extends infer Props
  ? Props extends unknown
    ? Omit<Props, "onClose">
    : never
  : never;
type DialogOf<K extends LeadDialogProps["kind"]> = Omit<Extract<DialogSpec, { kind: K }>, "kind">;

/**
 * A call to action that opens a lead dialog, loaded when first opened. Before JavaScript has loaded
 * (or without it), it is a plain link to the same form on a page of its own, with the same context.
 */
function LeadDialogButton({
  dialog,
  slot,
  className,
  variant,
  size,
  children,
}: ButtonLook & { dialog: DialogSpec; slot: string }) {
  const [open, setOpen] = useState(false);
  const context =
    dialog.kind === "guide"
      ? { guideTitle: dialog.title === DEFAULT_GUIDE_TITLE ? undefined : dialog.title, redirectUrl: dialog.redirectUrl }
      : { sourceLabel: dialog.source, formId: dialog.formId, redirectUrl: dialog.redirectUrl };
  return (
    <>
      <a
        href={leadPageHref(dialog.kind, context)}
        data-slot={slot}
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
          <LeadDialog {...dialog} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Opens the get-started dialog, titled "Get Started - {source}" (e.g. "E-commerce Page"). */
export function GetStartedButton({ source, formId, redirectUrl, ...look }: DialogOf<"get-started"> & ButtonLook) {
  return (
    <LeadDialogButton
      slot="get-started-button"
      dialog={{ kind: "get-started", source, formId, redirectUrl }}
      {...look}
    />
  );
}

/** Opens the guide download dialog. */
export function GuideDownloadButton({
  title = DEFAULT_GUIDE_TITLE,
  redirectUrl,
  ...look
}: Partial<DialogOf<"guide">> & ButtonLook) {
  return <LeadDialogButton slot="guide-download-button" dialog={{ kind: "guide", title, redirectUrl }} {...look} />;
}
