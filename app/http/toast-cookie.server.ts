import { createCookie, redirect } from "react-router";
import type { ToastMessage } from "~/lib/toast";

/** A one-shot message carried across a redirect (Post/Redirect/Get), shown once by the root route. */
const toastCookie = createCookie("toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export async function toastHeaders(toast: Omit<ToastMessage, "id">, headers = new Headers()) {
  headers.append("Set-Cookie", await toastCookie.serialize({ ...toast, id: crypto.randomUUID() }));
  return headers;
}

export async function redirectWithToast(url: string, toast: Omit<ToastMessage, "id">, init: ResponseInit = {}) {
  const headers = await toastHeaders(toast, new Headers(init.headers));
  return redirect(url, { ...init, headers });
}

/** The usual answer to a change that worked: to `url`, with a "Success" toast saying what was done. */
export function redirectWithSuccess(url: string, description: string) {
  return redirectWithToast(url, { type: "success", title: "Success", description });
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function takeToast(request: Request) {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("toast=")) return { toast: null, headers: null };
  const value = await toastCookie.parse(cookieHeader);
  const headers = new Headers({ "Set-Cookie": await toastCookie.serialize("", { maxAge: 0 }) });
  return { toast: isToast(value) ? value : null, headers };
}

function isToast(value: unknown): value is ToastMessage {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ToastMessage).title === "string" &&
    ["success", "error", "info"].includes((value as ToastMessage).type)
  );
}
