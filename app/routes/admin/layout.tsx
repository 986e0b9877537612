import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminError } from "~/components/admin/admin-error";
import { AdminShell } from "~/components/admin/admin-shell";
import { AdminToaster } from "~/components/admin/admin-toaster";
import type { RouteHandle } from "~/components/islands";
import { adminGuard } from "~/http/admin-guard.server";
import { getServices } from "~/http/context.server";
import { requireStaff } from "~/http/staff.server";
import { isMoveWithinAdmin } from "~/lib/admin-navigation";
import { navItemsFor } from "~/lib/roles";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import type { Route } from "./+types/layout";

/** The admin is an application: its pages load React in the browser. */
export const handle: RouteHandle = { hydrate: true };

export const middleware: Route.MiddlewareFunction[] = [adminGuard];

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  return {
    user: { email: staff.email, role: staff.role },
    nav: navItemsFor(staff.role),
    timeZone: await getAgencyTimeZone(getServices(context).db),
  };
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return isMoveWithinAdmin(args) ? false : args.defaultShouldRevalidate;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell user={loaderData.user} nav={loaderData.nav}>
      <Outlet />
      <AdminToaster />
    </AdminShell>
  );
}

/** Only the layout's own failures land here; the screens' errors show inside it (see screens.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
