import type { RouterContextProvider } from "react-router";
import { getRequestInfo } from "~/http/context.server";
import { type ToastMessage, toastMessage } from "~/lib/toast";

/**
 * A list screen's data, or, when reading it fails, `empty` with a "Failed to fetch …" toast: the screen
 * stays usable (its filters, its create button) and says what went wrong, instead of an error page.
 * The fault is logged with the screen it happened on.
 */
export async function loadListOrEmpty<T extends object, Empty extends object = T>(
  context: Readonly<RouterContextProvider>,
  failure: string,
  load: () => Promise<T>,
  empty: Empty,
): Promise<(T & { toast: null }) | (Empty & { toast: ToastMessage })> {
  try {
    return { ...(await load()), toast: null };
  } catch (error) {
    getRequestInfo(context).logger.error({ err: error }, failure);
    return { ...empty, toast: toastMessage("error", "Error", failure) };
  }
}
