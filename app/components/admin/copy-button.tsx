import { CopyIcon } from "lucide-react";
import type * as React from "react";
import { toast, toastError } from "~/components/show-toast";
import { Button } from "~/components/ui/button";

/** Copies `text` to the clipboard and says so with a toast (or says why it could not). */
export function CopyButton({
  text,
  toastTitle,
  toastDescription,
  children,
  ...props
}: Omit<React.ComponentProps<typeof Button>, "onClick"> & {
  text: string;
  toastTitle: string;
  toastDescription: string;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(toastTitle, { description: toastDescription });
    } catch {
      toastError("Error", "The browser did not allow copying; select the text and copy it by hand.");
    }
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={copy} {...props}>
      {children ?? (
        <>
          <CopyIcon aria-hidden /> Copy
        </>
      )}
    </Button>
  );
}
