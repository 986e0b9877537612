export type ToastMessage = {
  id: string;
  type: "success" | "error" | "info";
  title: string;
  description?: string;
};

export function toastMessage(type: ToastMessage["type"], title: string, description?: string): ToastMessage {
  return { id: crypto.randomUUID(), type, title, description };
}
