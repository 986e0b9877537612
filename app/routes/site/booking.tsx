import { BookingDetails, BookingPage } from "~/components/site/booking/booking-page";
import { CircleCheck } from "~/components/site/icons/circle-check";
import { buttonVariants } from "~/components/ui/button-variants";
import { LINK_REPLACED } from "~/lib/booking-messages";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/booking";
import { personalPageHeaders } from "./book.server";
import { loadBookingView } from "./booking.server";

export const meta: Route.MetaFunction = () => privatePageMeta("Your strategy call");

export const headers = personalPageHeaders;

/** GET /book/booking?token=…: the booking's own page, from the confirmation and its e-mails. */
export const loader = ({ context, request }: Route.LoaderArgs) => loadBookingView(context, request);

const statusTitles: Record<string, string> = {
  booked: "Your call is booked",
  rescheduled: "Your call has moved",
  cancelled: "This call was cancelled",
  completed: "This call has taken place",
  no_show: "This call has taken place",
};

export default function Booking({ loaderData }: Route.ComponentProps) {
  const { booking } = loaderData;
  return (
    <BookingPage title={statusTitles[booking.status] ?? "Your call"}>
      {booking.replaced ? (
        <p role="status" className="rounded-md border bg-muted/50 p-4">
          {LINK_REPLACED}
        </p>
      ) : null}
      {booking.live && !booking.replaced ? (
        <p className="flex items-center gap-3 text-lg" role="status">
          <CircleCheck className="size-6 shrink-0 text-primary" aria-hidden />
          {booking.mailed
            ? `We have e-mailed the invitation to ${booking.email}.`
            : "We could not e-mail the invitation, so keep this page's address: it is your record of the call."}
        </p>
      ) : null}
      <BookingDetails
        rows={[
          ["When", `${booking.when} (${booking.timeZone.replaceAll("_", " ")})`],
          ["Length", `${booking.minutes} minutes`],
          ["How", booking.place],
          ...(booking.staffName ? ([["With", booking.staffName]] as [string, string][]) : []),
          ["Name", booking.name],
        ]}
      />
      <div className="flex flex-wrap gap-3">
        {booking.live && !booking.replaced ? (
          <a href={booking.calendar} className={buttonVariants()}>
            Add to calendar (.ics)
          </a>
        ) : null}
        {booking.reschedule ? (
          <a href={booking.reschedule} className={buttonVariants({ variant: "outline" })}>
            Pick another time
          </a>
        ) : null}
        {booking.cancel ? (
          <a href={booking.cancel} className={buttonVariants({ variant: "outline" })}>
            Cancel the call
          </a>
        ) : null}
        <a href="/" className={buttonVariants({ variant: "ghost" })}>
          Back to the home page
        </a>
      </div>
    </BookingPage>
  );
}
