import type * as React from "react";
import { useEffect } from "react";
import { type ExternalToast, toast } from "sonner";
import { errorToastClassName } from "~/components/ui/sonner";
import type { ToastMessage } from "~/lib/toast";

/**
 * The admin's toasts, on sonner (the public site draws its own, lighter: components/site/site-toaster).
 * Actions and loaders answer a ToastMessage (~/lib/toast); a redirect carries one in the toast cookie,
 * which the root route hands to the page.
 */

/**
 * Failure toast, always destructive-styled so a failure never reads as a success: works even if the
 * mounted <Toaster> was given other options.
 */
function toastError(
  title: React.ReactNode,
  description?: React.ReactNode,
  options?: Omit<ExternalToast, "description">,
) {
  const id = toast.error(title, {
    richColors: true,
    ...options,
    description,
    classNames: {
      ...options?.classNames,
      toast: [errorToastClassName, options?.classNames?.toast].filter(Boolean).join(" "),
    },
  });
  openErrorToasts.add(id);
  return id;
}

/** Error toasts still on screen; a later success dismisses them, so old failures do not cover the page. */
const openErrorToasts = new Set<string | number>();

function dismissErrorToasts() {
  for (const id of openErrorToasts) toast.dismiss(id);
  openErrorToasts.clear();
}

export { toast, toastError };

/**
 * Whether the screen already shows this failure under the field it concerns: an error belongs either
 * under its field or in a toast, never both, so a refusal the form explains inline raises no toast.
 */
function shownUnderItsField({ title, description }: Pick<ToastMessage, "title" | "description">) {
  if (typeof document === "undefined") return false;
  const text = `${title} ${description ?? ""}`;
  return [...document.querySelectorAll<HTMLElement>('[data-slot="field-error"]')].some((error) => {
    const shown = error.textContent?.trim();
    return Boolean(shown) && text.includes(shown as string) && error.checkVisibility();
  });
}

export function showToast(message: Pick<ToastMessage, "type" | "title" | "description"> & { id?: string }) {
  if (message.type === "error") {
    if (shownUnderItsField(message)) return undefined;
    return toastError(message.title, message.description, { id: message.id });
  }
  if (message.type === "success") dismissErrorToasts();
  return toast[message.type](message.title, { id: message.id, description: message.description });
}

/** Shows a toast an action or loader returned, once per distinct message object. */
export function useToastMessage(message: ToastMessage | null | undefined) {
  useEffect(() => {
    if (message) showToast(message);
  }, [message]);
}
