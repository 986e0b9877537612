import { AccessDenied } from "~/components/admin/access-denied";
import { AdminToaster } from "~/components/admin/admin-toaster";
import type { RouteHandle } from "~/components/islands";

/** The admin is an application: its pages load React in the browser. */
export const handle: RouteHandle = { hydrate: true };

export function meta() {
  return [{ title: "Access Denied" }];
}

export default function Unauthorized() {
  return (
    <main id="main" className="min-h-screen bg-muted/30 px-4">
      <AccessDenied />
      <AdminToaster />
    </main>
  );
}
