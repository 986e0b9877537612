import { Dialog as SheetPrimitive } from "radix-ui";

import { cn } from "~/lib/utils";
import { type DialogContentProps, DialogFamilyContent, dialogFamilies } from "./dialog-parts";
import { styledSlot } from "./slot";

const { Root: Sheet, Trigger: SheetTrigger, Close: SheetClose } = dialogFamilies.sheet;

const sideClasses = {
  right: "inset-y-0 right-0 h-full w-3/4 border-l [--slide-from:translateX(100%)] sm:max-w-sm",
  left: "inset-y-0 left-0 h-full w-3/4 border-r [--slide-from:translateX(-100%)] sm:max-w-sm",
  top: "inset-x-0 top-0 h-auto border-b [--slide-from:translateY(-100%)]",
  bottom: "inset-x-0 bottom-0 h-auto border-t [--slide-from:translateY(100%)]",
} as const;

function SheetContent({
  className,
  side = "right",
  ...props
}: DialogContentProps & {
  side?: keyof typeof sideClasses;
}) {
  return (
    <DialogFamilyContent
      family="sheet"
      data-side={side}
      className={cn(
        "fixed z-50 flex flex-col gap-4 overflow-y-auto bg-background text-foreground shadow-lg outline-none data-[state=closed]:animate-slide-out data-[state=open]:animate-slide-in",
        sideClasses[side],
        className,
      )}
      {...props}
    />
  );
}

const SheetHeader = styledSlot("div", "sheet-header", "flex flex-col gap-1.5 p-4 pr-12");

const SheetFooter = styledSlot("div", "sheet-footer", "mt-auto flex flex-col gap-2 p-4");

const SheetTitle = styledSlot(SheetPrimitive.Title, "sheet-title", "font-semibold text-foreground");

const SheetDescription = styledSlot(SheetPrimitive.Description, "sheet-description", "text-muted-foreground text-sm");

export { Sheet, SheetClose, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, SheetTrigger };
