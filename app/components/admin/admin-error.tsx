import { isRouteErrorResponse, Link } from "react-router";
import { AccessDenied } from "./access-denied";

/** What an admin screen shows instead of itself: Access Denied, not found, or a failure; always titled. */
export function AdminError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <>
        <title>Access Denied | Admin</title>
        <AccessDenied />
      </>
    );
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page not found" : "Something went wrong";
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <title>{`${title} | Admin`}</title>
      <h1 className="font-bold text-2xl">{title}</h1>
      <p className="text-muted-foreground">
        {notFound ? "There is no admin screen at this address." : "This screen could not be loaded. Please try again."}
      </p>
      <Link className="text-primary underline underline-offset-4" to="/admin">
        Back to Dashboard
      </Link>
    </div>
  );
}
