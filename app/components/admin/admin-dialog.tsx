import type * as React from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";

/** An admin dialog: the button that opens it (when it has one), its title and description, then its body. */
export function AdminDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  className,
  contentProps,
  children,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: React.ReactNode;
  title: React.ReactNode;
  description: React.ReactNode;
  /** Classes of the dialog's content box, such as its width. */
  className?: string;
  /** More for the content box: how it closes, where focus goes after, a test id. */
  contentProps?: Omit<React.ComponentProps<typeof DialogContent>, "className" | "children"> & {
    "data-testid"?: string;
  };
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className} {...contentProps}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** A dialog's footer: Cancel, then the dialog's own buttons. Cancel closes the dialog, or calls `onCancel`. */
export function DialogActions({ onCancel, children }: { onCancel?: () => void; children: React.ReactNode }) {
  const cancel = (
    <Button type="button" variant="outline" onClick={onCancel}>
      Cancel
    </Button>
  );
  return (
    <DialogFooter>
      {onCancel ? cancel : <DialogClose asChild>{cancel}</DialogClose>}
      {children}
    </DialogFooter>
  );
}

/** Cancel and the submit button of a dialog's form; the submit button reads "Saving..." while it saves. */
export function DialogSaveActions({
  onCancel,
  busy,
  disabled = false,
  children,
}: {
  onCancel: () => void;
  busy: boolean;
  disabled?: boolean;
  /** The submit button's label. */
  children: React.ReactNode;
}) {
  return (
    <DialogActions onCancel={onCancel}>
      <Button type="submit" disabled={busy || disabled}>
        {busy ? "Saving..." : children}
      </Button>
    </DialogActions>
  );
}
