import type * as React from "react";
import { type ExternalToast, toast } from "sonner";

import { errorToastClassName } from "./sonner";

/**
 * Failure toast, always destructive-styled so a failure never reads as a success: works even if the
 * mounted <Toaster> was given other options.
 */
function toastError(
  title: React.ReactNode,
  description?: React.ReactNode,
  options?: Omit<ExternalToast, "description">,
) {
  return toast.error(title, {
    richColors: true,
    ...options,
    description,
    classNames: {
      ...options?.classNames,
      toast: [errorToastClassName, options?.classNames?.toast].filter(Boolean).join(" "),
    },
  });
}

export { toast, toastError };
