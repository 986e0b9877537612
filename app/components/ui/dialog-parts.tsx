import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";

import { styledSlot } from "./slot";

const overlayClasses =
  "fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in";

const closeButtonClasses =
  "absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none";

type DialogContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  showCloseButton?: boolean;
  /** Accessible name of the close (X) button. */
  closeLabel?: string;
};

type DialogFamily = "dialog" | "sheet";

/**
 * The Radix dialog's parts, named `family`, `family-trigger`, … in `data-slot`: Dialog and
 * Sheet (a dialog at the screen's side) are one primitive with the same overlay and close
 * button, and differ only in where their content sits.
 */
function dialogParts(family: DialogFamily) {
  return {
    Root: styledSlot(DialogPrimitive.Root, family),
    Trigger: styledSlot(DialogPrimitive.Trigger, `${family}-trigger`),
    Close: styledSlot(DialogPrimitive.Close, `${family}-close`),
    Portal: styledSlot(DialogPrimitive.Portal, `${family}-portal`),
    Overlay: styledSlot(DialogPrimitive.Overlay, `${family}-overlay`, overlayClasses),
  };
}

/** Each family's parts, made once so that every dialog of a family renders the same components. */
const dialogFamilies = { dialog: dialogParts("dialog"), sheet: dialogParts("sheet") };

/** The content in a portal over the overlay, with a close (X) button after its children. */
function DialogFamilyContent({
  family,
  children,
  showCloseButton = true,
  closeLabel = "Close",
  ...props
}: DialogContentProps & { family: DialogFamily }) {
  const { Portal, Overlay, Close } = dialogFamilies[family];
  return (
    <Portal>
      <Overlay />
      <DialogPrimitive.Content data-slot={`${family}-content`} {...props}>
        {children}
        {showCloseButton && (
          <Close aria-label={closeLabel} className={closeButtonClasses}>
            <XIcon aria-hidden="true" className="pointer-events-none size-4 shrink-0" />
          </Close>
        )}
      </DialogPrimitive.Content>
    </Portal>
  );
}

export { type DialogContentProps, DialogFamilyContent, dialogFamilies };
