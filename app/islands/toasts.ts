import type { ToastMessage } from "~/lib/toast";

const VISIBLE_MS = 6000;

/**
 * Shows a toast in the page's notification area, built from the markup the server put in its templates
 * (the same component React uses), so a toast looks the same whoever shows it. The newest three stay.
 */
export function showToast({ type, title, description }: Omit<ToastMessage, "id">) {
  const area = document.querySelector<HTMLElement>("[data-slot=site-toasts]");
  const template = document.querySelector<HTMLTemplateElement>(`template[data-toast-type=${type}]`);
  const toast = template?.content.firstElementChild?.cloneNode(true);
  if (!area || !(toast instanceof HTMLElement)) return;
  toast.querySelector("[data-slot=toast-title]")!.textContent = title;
  const text = toast.querySelector<HTMLElement>("[data-slot=toast-description]")!;
  if (description) text.textContent = description;
  else text.remove();
  const dismiss = () => toast.remove();
  toast.querySelector("button")?.addEventListener("click", dismiss);
  setTimeout(dismiss, VISIBLE_MS);
  area.append(toast);
  const shown = area.querySelectorAll(":scope > [data-type]");
  for (const old of [...shown].slice(0, -3)) old.remove();
}
