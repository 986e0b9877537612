import { AccessDenied } from "~/components/admin/access-denied";
import { AdminToaster } from "~/components/admin/admin-toaster";

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
