import { isRouteErrorResponse } from "react-router";
import { NotFoundScreen } from "~/components/site/not-found-screen";
import { buttonVariants } from "~/components/ui/button-variants";
import { BookingPage } from "./booking-page";

/**
 * What a booking link that no longer works shows: one a later change replaced says so (and where the
 * working one is); an unknown or expired one is a plain 404.
 */
export function BookingLinkError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 410) {
    const message = (error.data as { message?: string } | null)?.message ?? "This link was replaced by a newer one.";
    return (
      <BookingPage title="This link was replaced">
        <title>This link was replaced</title>
        <meta name="robots" content="noindex" />
        <p role="status" className="text-lg">
          {message}
        </p>
        <a href="/" className={buttonVariants({ variant: "outline" })}>
          Back to the home page
        </a>
      </BookingPage>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <BookingPage title="Something went wrong">
      <p>We could not load this page. Please try again in a moment.</p>
    </BookingPage>
  );
}
