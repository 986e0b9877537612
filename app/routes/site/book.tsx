import { BookingDetails, BookingPage } from "~/components/site/booking/booking-page";
import { DayList, TimeChoices, ZonePicker } from "~/components/site/booking/slot-picker";
import { ContactDetailField, FormGuards, refusedFields, TextField } from "~/components/site/forms/fields";
import { buttonVariants } from "~/components/ui/button-variants";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/book";
import { handleBooking, loadBookPage, personalPageHeaders } from "./book.server";

/** The enquiry's own thank-you: its reply within 24 hours, for a sender who found no time. */
const NO_TIME_SUITS_HREF = "/lead/sent/contact";

export const meta: Route.MetaFunction = () => privatePageMeta("Book your free strategy call");

export const headers = personalPageHeaders;

/** GET /book: the days and times open for a call, in the visitor's zone. */
export const loader = ({ context, request }: Route.LoaderArgs) => loadBookPage(context, request);

/** POST /book: saves the enquiry (when new) and books the chosen time. */
export const action = ({ context, request }: Route.ActionArgs) => handleBooking(context, request);

export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const { picker, lead } = loaderData;
  const retry = actionData?.payload;
  const leadToken = retry?.leadToken ?? lead?.token ?? null;
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  const field = refusedFields({ idPrefix: "booking", values, errors });
  const hrefFor = (day: string) => {
    const query = new URLSearchParams({ tz: picker.timeZone, day });
    if (leadToken) query.set("lead", leadToken);
    return `/book?${query}#times`;
  };
  const times = retry?.nearest ?? picker.times;
  // The page after a post shows the same zone, day and enquiry as before it.
  const postQuery = new URLSearchParams({
    tz: picker.timeZone,
    ...(picker.day ? { day: picker.day } : {}),
    ...(leadToken ? { lead: leadToken } : {}),
  });
  const known = lead && leadToken === lead.token ? lead : null;
  return (
    <BookingPage
      title="Book your free strategy call"
      intro={
        known
          ? `Thank you, ${known.name}! Your strategy call request has been submitted. Now pick a day and a time that suit you; times are shown in your time zone.`
          : "Pick a day and a time that suit you; times are shown in your time zone."
      }
    >
      <ZonePicker
        timeZone={picker.timeZone}
        zones={picker.zones}
        action="/book#times"
        keep={{ lead: leadToken, day: picker.day }}
      />
      {picker.days.length === 0 ? (
        <p id="times" className="rounded-md border bg-muted/50 p-4" role="status">
          {known
            ? "No times are open right now. We will contact you within 24 hours to find one with you."
            : "No times are open right now. Leave us your details through the contact form and we will find one with you."}
        </p>
      ) : (
        <>
          {retry?.nearest ? null : <DayList days={picker.days} day={picker.day} hrefFor={hrefFor} />}
          <form method="post" action={`/book?${postQuery}`} id="times" className="grid gap-6" noValidate>
            <FormGuards />
            <input type="hidden" name="timeZone" value={picker.timeZone} />
            {leadToken ? <input type="hidden" name="lead" value={leadToken} /> : null}
            {actionData ? (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
                {actionData.toast?.title}
                {retry?.existing ? (
                  <>
                    {" "}
                    <a href={retry.existing} className="font-medium underline underline-offset-4">
                      See your booked call
                    </a>
                  </>
                ) : null}
              </p>
            ) : null}
            {times.length > 0 ? (
              <TimeChoices
                legend={
                  retry?.nearest
                    ? "Nearest free times"
                    : `Times on ${picker.days.find((each) => each.day === picker.day)?.label ?? ""}`
                }
                times={times}
                error={errors.start}
                selected={values.start}
              />
            ) : null}
            {known ? (
              <BookingDetails
                rows={[
                  ["Name", known.name],
                  ["E-mail", known.email],
                ]}
              />
            ) : leadToken ? null : (
              <div className="grid gap-4 sm:grid-cols-2">
                <ContactDetailField {...field("name")} />
                <ContactDetailField {...field("email")} />
                <TextField
                  label="Phone"
                  type="tel"
                  autoComplete="tel"
                  maxLength={40}
                  className="sm:col-span-2"
                  {...field("phone")}
                />
              </div>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <button type="submit" className={buttonVariants({ size: "lg" })}>
                Confirm booking
              </button>
              {leadToken ? (
                // The enquiry is saved already: without a time it is answered as any other enquiry.
                <a href={NO_TIME_SUITS_HREF} className={buttonVariants({ variant: "outline", size: "lg" })}>
                  None of these times suit me
                </a>
              ) : null}
            </div>
          </form>
        </>
      )}
    </BookingPage>
  );
}
