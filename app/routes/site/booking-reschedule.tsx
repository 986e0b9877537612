import { BookingDetails, BookingPage } from "~/components/site/booking/booking-page";
import { BookingLinkError } from "~/components/site/booking/link-error";
import { DayList, TimeChoices, ZonePicker } from "~/components/site/booking/slot-picker";
import { buttonVariants } from "~/components/ui/button-variants";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/booking-reschedule";
import { personalPageHeaders } from "./book.server";
import { handleReschedule, loadReschedule } from "./booking.server";

export const meta: Route.MetaFunction = () => privatePageMeta("Pick another time");

export const headers = personalPageHeaders;

export const loader = ({ context, request }: Route.LoaderArgs) => loadReschedule(context, request);

export const action = ({ context, request }: Route.ActionArgs) => handleReschedule(context, request);

export default function Reschedule({ loaderData, actionData }: Route.ComponentProps) {
  const { token, booking, picker } = loaderData;
  const hrefFor = (day: string) => `/book/reschedule?${new URLSearchParams({ token, tz: picker.timeZone, day })}#times`;
  const times = actionData?.payload?.nearest ?? picker.times;
  return (
    <BookingPage title="Pick another time" intro="Your call stays booked until you choose a new time.">
      <BookingDetails rows={[["Booked for", `${booking.when} (${booking.timeZone.replaceAll("_", " ")})`]]} />
      <ZonePicker
        timeZone={picker.timeZone}
        zones={picker.zones}
        action="/book/reschedule#times"
        keep={{ token, day: picker.day }}
      />
      {picker.days.length === 0 ? (
        <p role="status">No other times are open right now.</p>
      ) : (
        <>
          {actionData?.payload?.nearest ? null : <DayList days={picker.days} day={picker.day} hrefFor={hrefFor} />}
          <form method="post" id="times" className="grid gap-6">
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="timeZone" value={picker.timeZone} />
            {actionData ? (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
                {actionData.toast?.title}
              </p>
            ) : null}
            <TimeChoices
              legend={
                actionData?.payload?.nearest
                  ? "Nearest free times"
                  : `Times on ${picker.days.find((each) => each.day === picker.day)?.label ?? ""}`
              }
              times={times}
            />
            <button type="submit" className={buttonVariants({ size: "lg" })}>
              Move my call
            </button>
          </form>
        </>
      )}
    </BookingPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BookingLinkError error={error} />;
}
