import { Dialog as DialogPrimitive } from "radix-ui";

import { cn } from "~/lib/utils";
import { type DialogContentProps, DialogFamilyContent, dialogFamilies } from "./dialog-parts";
import { styledSlot } from "./slot";

const {
  Root: Dialog,
  Trigger: DialogTrigger,
  Portal: DialogPortal,
  Close: DialogClose,
  Overlay: DialogOverlay,
} = dialogFamilies.dialog;

function DialogContent({ className, ...props }: DialogContentProps) {
  return (
    <DialogFamilyContent
      family="dialog"
      className={cn(
        "-translate-x-1/2 -translate-y-1/2 fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] gap-4 overflow-y-auto rounded-lg border bg-background p-6 text-foreground shadow-lg outline-none data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in sm:max-w-lg",
        className,
      )}
      {...props}
    />
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
