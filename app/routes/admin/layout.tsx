import { isRouteErrorResponse, Link, Outlet } from "react-router";
import { AccessDenied } from "~/components/admin/access-denied";
import { AdminShell } from "~/components/admin/admin-shell";
import { AdminToaster } from "~/components/admin/admin-toaster";
import { navItemsFor } from "~/lib/roles";
import { adminGuard } from "~/server/auth/guard.server";
import { requireStaff } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [adminGuard];

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  return {
    user: { email: staff.email, role: staff.role },
    nav: navItemsFor(staff.role),
    timeZone: await getAgencyTimeZone(getServices(context).db),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell user={loaderData.user} nav={loaderData.nav}>
      <Outlet />
      <AdminToaster />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <h1 className="font-bold text-2xl">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="text-muted-foreground">
        {notFound ? "There is no admin screen at this address." : "This screen could not be loaded. Please try again."}
      </p>
      <Link className="text-primary underline underline-offset-4" to="/admin">
        Back to Dashboard
      </Link>
    </div>
  );
}
