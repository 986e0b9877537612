import { BookingDetails, BookingPage } from "~/components/site/booking/booking-page";
import { BookingLinkError } from "~/components/site/booking/link-error";
import { buttonVariants } from "~/components/ui/button-variants";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/booking-cancel";
import { personalPageHeaders } from "./book.server";
import { handleCancel, loadCancel } from "./booking.server";

export const meta: Route.MetaFunction = () => privatePageMeta("Cancel your call");

export const headers = personalPageHeaders;

export const loader = ({ context, request }: Route.LoaderArgs) => loadCancel(context, request);

export const action = ({ context, request }: Route.ActionArgs) => handleCancel(context, request);

export default function CancelBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { token, booking } = loaderData;
  if (actionData) {
    return (
      <BookingPage title={actionData.ok ? "Your call is cancelled" : "The call could not be cancelled"}>
        <p role="status">{actionData.toast?.title}</p>
        <div className="flex flex-wrap gap-3">
          <a href="/book" className={buttonVariants()}>
            Book another time
          </a>
          <a href="/" className={buttonVariants({ variant: "outline" })}>
            Back to the home page
          </a>
        </div>
      </BookingPage>
    );
  }
  return (
    <BookingPage title="Cancel your call?">
      <BookingDetails
        rows={[
          ["When", `${booking.when} (${booking.timeZone.replaceAll("_", " ")})`],
          ["How", booking.place],
        ]}
      />
      {booking.live ? (
        <form method="post" className="flex flex-wrap gap-3">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={buttonVariants({ variant: "destructive" })}>
            Cancel the call
          </button>
          {booking.reschedule ? (
            <a href={booking.reschedule} className={buttonVariants({ variant: "outline" })}>
              Pick another time instead
            </a>
          ) : null}
        </form>
      ) : (
        <p role="status">This call is no longer booked.</p>
      )}
    </BookingPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BookingLinkError error={error} />;
}
