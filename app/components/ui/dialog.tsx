import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";

import { cn } from "~/lib/utils";
import { styledSlot } from "./slot";

const Dialog = styledSlot(DialogPrimitive.Root, "dialog");

const DialogTrigger = styledSlot(DialogPrimitive.Trigger, "dialog-trigger");

const DialogPortal = styledSlot(DialogPrimitive.Portal, "dialog-portal");

const DialogClose = styledSlot(DialogPrimitive.Close, "dialog-close");

const DialogOverlay = styledSlot(
  DialogPrimitive.Overlay,
  "dialog-overlay",
  "fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
);

function DialogContent({
  className,
  children,
  showCloseButton = true,
  closeLabel = "Close",
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  showCloseButton?: boolean;
  /** Accessible name of the close (X) button. */
  closeLabel?: string;
}) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          "-translate-x-1/2 -translate-y-1/2 fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] gap-4 overflow-y-auto rounded-lg border bg-background p-6 text-foreground shadow-lg outline-none data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in sm:max-w-lg",
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close
            data-slot="dialog-close"
            aria-label={closeLabel}
            className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0"
          >
            <XIcon aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

const DialogHeader = styledSlot("div", "dialog-header", "flex flex-col gap-2 text-center sm:text-left");

const DialogFooter = styledSlot("div", "dialog-footer", "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end");

const DialogTitle = styledSlot(DialogPrimitive.Title, "dialog-title", "pr-8 font-semibold text-lg leading-none");

const DialogDescription = styledSlot(
  DialogPrimitive.Description,
  "dialog-description",
  "text-muted-foreground text-sm",
);

export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogPortal,
  DialogTitle,
  DialogTrigger,
};
