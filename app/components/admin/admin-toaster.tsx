import { useRouteLoaderData } from "react-router";
import { useToastMessage } from "~/components/show-toast";
import { Toaster } from "~/components/ui/sonner";
import type { ToastMessage } from "~/lib/toast";

/** The admin's toasts (sonner), including the one a redirect left in the toast cookie. */
export function AdminToaster() {
  const root = useRouteLoaderData("root") as { toast: ToastMessage | null } | undefined;
  useToastMessage(root?.toast);
  return <Toaster />;
}
