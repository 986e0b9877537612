import { Outlet } from "react-router";
import { AdminError } from "~/components/admin/admin-error";
import { adminRoleGuard } from "~/http/admin-guard.server";
import { staffShell } from "~/http/staff.server";
import type { Route } from "./+types/screens";

export const middleware: Route.MiddlewareFunction[] = [adminRoleGuard];

/**
 * The signed-in person's sidebar, read afresh on every move within the admin (the layout keeps its
 * data on such moves), so a role changed meanwhile, in another session, shows at the next click.
 * No query: the guard has already loaded the person with the session.
 */
export function loader({ context }: Route.LoaderArgs) {
  return staffShell(context);
}

export function shouldRevalidate() {
  return true;
}

export default function AdminScreens() {
  return <Outlet />;
}

/** Refusals, unknown addresses and failures of any admin screen, shown inside the admin layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
