import { XIcon } from "lucide-react";
import { Dialog as SheetPrimitive } from "radix-ui";
import type * as React from "react";

import { cn } from "~/lib/utils";
import { styledSlot } from "./slot";

const Sheet = styledSlot(SheetPrimitive.Root, "sheet");

const SheetTrigger = styledSlot(SheetPrimitive.Trigger, "sheet-trigger");

const SheetClose = styledSlot(SheetPrimitive.Close, "sheet-close");

const SheetPortal = styledSlot(SheetPrimitive.Portal, "sheet-portal");

const SheetOverlay = styledSlot(
  SheetPrimitive.Overlay,
  "sheet-overlay",
  "fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
);

const sideClasses = {
  right: "inset-y-0 right-0 h-full w-3/4 border-l [--slide-from:translateX(100%)] sm:max-w-sm",
  left: "inset-y-0 left-0 h-full w-3/4 border-r [--slide-from:translateX(-100%)] sm:max-w-sm",
  top: "inset-x-0 top-0 h-auto border-b [--slide-from:translateY(-100%)]",
  bottom: "inset-x-0 bottom-0 h-auto border-t [--slide-from:translateY(100%)]",
} as const;

function SheetContent({
  className,
  children,
  side = "right",
  showCloseButton = true,
  closeLabel = "Close",
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content> & {
  side?: keyof typeof sideClasses;
  showCloseButton?: boolean;
  /** Accessible name of the close (X) button. */
  closeLabel?: string;
}) {
  return (
    <SheetPortal>
      <SheetOverlay />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        data-side={side}
        className={cn(
          "fixed z-50 flex flex-col gap-4 overflow-y-auto bg-background text-foreground shadow-lg outline-none data-[state=closed]:animate-slide-out data-[state=open]:animate-slide-in",
          sideClasses[side],
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton && (
          <SheetPrimitive.Close
            data-slot="sheet-close"
            aria-label={closeLabel}
            className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none"
          >
            <XIcon aria-hidden="true" className="size-4" />
          </SheetPrimitive.Close>
        )}
      </SheetPrimitive.Content>
    </SheetPortal>
  );
}

const SheetHeader = styledSlot("div", "sheet-header", "flex flex-col gap-1.5 p-4 pr-12");

const SheetFooter = styledSlot("div", "sheet-footer", "mt-auto flex flex-col gap-2 p-4");

const SheetTitle = styledSlot(SheetPrimitive.Title, "sheet-title", "font-semibold text-foreground");

const SheetDescription = styledSlot(SheetPrimitive.Description, "sheet-description", "text-muted-foreground text-sm");

export { Sheet, SheetClose, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, SheetTrigger };
