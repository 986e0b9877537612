import { ShieldAlertIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

export const ACCESS_DENIED_TEXT =
  "You don't have permission to access this resource. Please contact your administrator if you believe this is an error.";

export function AccessDenied() {
  return (
    <div data-slot="access-denied" className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <ShieldAlertIcon className="size-12 text-destructive" aria-hidden />
      <h1 className="font-bold text-2xl">Access Denied</h1>
      <p className="text-muted-foreground">{ACCESS_DENIED_TEXT}</p>
      <Button asChild>
        <Link to="/admin">Back to Dashboard</Link>
      </Button>
    </div>
  );
}
