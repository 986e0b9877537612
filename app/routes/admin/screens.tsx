import { Outlet } from "react-router";
import { AdminError } from "~/components/admin/admin-error";
import { adminRoleGuard } from "~/http/admin-guard.server";
import type { Route } from "./+types/screens";

export const middleware: Route.MiddlewareFunction[] = [adminRoleGuard];

export default function AdminScreens() {
  return <Outlet />;
}

/** Refusals, unknown addresses and failures of any admin screen, shown inside the admin layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
