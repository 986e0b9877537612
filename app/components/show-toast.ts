import { useEffect } from "react";
import { toast, toastError } from "~/components/ui/toast";
import type { ToastMessage } from "~/lib/toast";

export function showToast(message: Pick<ToastMessage, "type" | "title" | "description"> & { id?: string }) {
  if (message.type === "error") return toastError(message.title, message.description, { id: message.id });
  return toast[message.type](message.title, { id: message.id, description: message.description });
}

/** Shows a toast an action or loader returned, once per distinct message object. */
export function useToastMessage(message: ToastMessage | null | undefined) {
  useEffect(() => {
    if (message) showToast(message);
  }, [message]);
}
