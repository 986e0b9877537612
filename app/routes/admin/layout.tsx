import { Outlet, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from "react-router";
import { AdminError } from "~/components/admin/admin-error";
import { AdminShell } from "~/components/admin/admin-shell";
import { AdminToaster } from "~/components/admin/admin-toaster";
import type { RouteHandle } from "~/components/islands";
import { adminGuard } from "~/http/admin-guard.server";
import { getServices } from "~/http/context.server";
import { staffShell } from "~/http/staff.server";
import { isMoveWithinAdmin } from "~/lib/admin-navigation";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import type { Route } from "./+types/layout";
import type { loader as screensLoader } from "./screens";

/** The admin is an application: its pages load React in the browser. */
export const handle: RouteHandle = { hydrate: true };

export const middleware: Route.MiddlewareFunction[] = [adminGuard];

export async function loader({ context }: Route.LoaderArgs) {
  return {
    ...staffShell(context),
    timeZone: await getAgencyTimeZone(getServices(context).db),
  };
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return isMoveWithinAdmin(args) ? false : args.defaultShouldRevalidate;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // The screens route loads on every move (the layout does not), so its copy is the current role's;
  // the layout's own stands in while a screen shows an error instead.
  const current = useRouteLoaderData<typeof screensLoader>("routes/admin/screens") ?? loaderData;
  return (
    <AdminShell user={current.user} nav={current.nav}>
      <Outlet />
      <AdminToaster />
    </AdminShell>
  );
}

/** Only the layout's own failures land here; the screens' errors show inside it (see screens.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
