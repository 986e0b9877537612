import { data, type RouterContextProvider, redirect } from "react-router";
import { actionResult } from "~/http/action-result.server";
import { getRequestInfo, getServices } from "~/http/context.server";
import { leadLinkToken } from "~/http/enquiry-link.server";
import { parseForm, requireFormData, typedValues } from "~/http/form-data.server";
import { saveVisitorLead } from "~/http/visitor-lead.server";
import { BOOK_PAGE_ENQUIRY } from "~/lib/booking-messages";
import { BOOKING_LEAD_COOKIE, readCookie } from "~/lib/cookies";
import { bookingRequestSchema, COUNTRY_TIME_ZONES, timeZoneChoices } from "~/lib/schemas/booking";
import { canonicalTimeZone, zoneLabel } from "~/lib/time-zone";
import { toastMessage } from "~/lib/toast";
import type { FieldErrors } from "~/lib/types/action-result";
import { AppError } from "~/server/app-error.server";
import { countBookingAttempt } from "~/server/bookings/booking-limits.server";
import { readLink } from "~/server/bookings/booking-links.server";
import type { BookingContext } from "~/server/bookings/booking-notices.server";
import { bookingEnquiry } from "~/server/bookings/booking-pages.server";
import { bookCall } from "~/server/bookings/bookings.server";
import { listOpenSlots } from "~/server/bookings/open-slots.server";
import { startsByDay } from "~/server/bookings/slots.server";
import { visitorCountry } from "~/server/currency/currency.server";
import { contactFormId, saveLead } from "~/server/leads/capture.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";

/**
 * Booking pages are one visitor's own: never kept by the page cache or a shared proxy (and their
 * address, which carries the visitor's link, is never sent on as a Referer: see express-app).
 */
export const PERSONAL_PAGE_HEADERS = { "Cache-Control": "private, no-store" };

/** The `headers` export of every booking page. */
export function personalPageHeaders() {
  return PERSONAL_PAGE_HEADERS;
}

export function bookingContext(context: Readonly<RouterContextProvider>, nowMs = Date.now()): BookingContext {
  const { config, formSecret, mailWorker } = getServices(context);
  return { baseUrl: config.baseUrl, secret: formSecret, nowMs, queuedNote: mailWorker.queuedNote };
}

/** The zone the visitor asked for, else their country's usual one, else the agency's. */
export async function visitorTimeZone(
  context: Readonly<RouterContextProvider>,
  request: Request,
  asked: string | null,
) {
  const chosen = canonicalTimeZone(asked);
  if (chosen) return chosen;
  const { config, db } = getServices(context);
  const country = visitorCountry(request, config, getRequestInfo(context).clientIp);
  return (country && COUNTRY_TIME_ZONES[country]) || (await getAgencyTimeZone(db));
}

export type TimeChoice = { value: string; label: string };
export type DayChoice = { day: string; label: string; count: number };

/** What the slot picker shows: the visitor's zone, the days with free times, the chosen day's times. */
export type Picker = { timeZone: string; zones: string[]; days: DayChoice[]; day: string | null; times: TimeChoice[] };

const clockIn = (timeZone: string, ms: number) =>
  new Date(ms).toLocaleTimeString("en-US", { timeZone, hour: "numeric", minute: "2-digit" });

/** The wall-clock time; when the clock goes back and shows it twice, with the offset that tells them apart. */
export function timeLabel(timeZone: string, ms: number) {
  const clock = clockIn(timeZone, ms);
  const repeated = [-60, -30, 30, 60].some((minutes) => clockIn(timeZone, ms + minutes * 60_000) === clock);
  return repeated ? `${clock} (${zoneLabel(timeZone, ms)})` : clock;
}

export const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
  });

export function pickerOf(starts: number[], timeZone: string, requestedDay: string | null): Picker {
  const byDay = startsByDay(starts, timeZone);
  const days = [...byDay.entries()].map(([day, list]) => ({ day, label: dayLabel(day), count: list.length }));
  const day = requestedDay && byDay.has(requestedDay) ? requestedDay : (days[0]?.day ?? null);
  const times = (day ? (byDay.get(day) ?? []) : []).map((ms) => ({
    value: new Date(ms).toISOString(),
    label: timeLabel(timeZone, ms),
  }));
  return { timeZone, zones: timeZoneChoices(), days, day, times };
}

/** The times nearest to one that was just taken, labelled with their day, for the visitor to choose again. */
export function nearestChoices(starts: number[], timeZone: string): TimeChoice[] {
  return starts.map((ms) => ({
    value: new Date(ms).toISOString(),
    label: `${new Date(ms).toLocaleDateString("en-US", { timeZone, weekday: "short", month: "short", day: "numeric" })}, ${timeLabel(timeZone, ms)}`,
  }));
}

/** The enquiry a booking link names, when the link is genuine and fresh. */
export async function leadOfLink(context: Readonly<RouterContextProvider>, token: string | null) {
  const { db, formSecret } = getServices(context);
  const link = readLink(formSecret, token, "book", Date.now());
  const enquiry = link && token ? await bookingEnquiry(db, link.id) : null;
  return enquiry ? { ...enquiry, token: token as string } : null;
}

export async function loadBookPage(context: Readonly<RouterContextProvider>, request: Request) {
  const url = new URL(request.url);
  const lead = await leadOfLink(
    context,
    url.searchParams.get("lead") ?? readCookie(request.headers.get("cookie"), BOOKING_LEAD_COOKIE) ?? null,
  );
  const timeZone = await visitorTimeZone(context, request, url.searchParams.get("tz"));
  const { starts } = await listOpenSlots(
    getServices(context).db,
    lead ? { ownerId: lead.owner_id, formId: lead.form_id } : null,
    { nowMs: Date.now() },
  );
  return data(
    {
      picker: pickerOf(starts, timeZone, url.searchParams.get("day")),
      lead: lead ? { token: lead.token, name: lead.name, email: lead.email } : null,
    },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

/** A booking's own page, as a path of this site (the mailed link is absolute). */
const viewPath = (viewLink: string) =>
  `/book/booking?token=${encodeURIComponent(new URL(viewLink).searchParams.get("token") ?? "")}`;

/** What a booking that did not go through answers besides its message: what the page offers next. */
export type BookingRetry = {
  /** Set when the chosen time was taken meanwhile: the free times nearest to it. */
  nearest: TimeChoice[] | null;
  /** The enquiry saved on the way, so that choosing again does not save it twice. */
  leadToken: string | null;
  /** Set when the enquiry holds an upcoming call already: that call's page, where it is moved or cancelled. */
  existing: string | null;
};

type Refusal = Partial<BookingRetry> & { message: string; fieldErrors?: FieldErrors; values?: Record<string, string> };

/** The booking page again, with the message (as the answer's toast) above the times. */
const refused = ({ message, fieldErrors = {}, values = {}, ...retry }: Refusal, init: ResponseInit) =>
  data(
    actionResult<BookingRetry>("book", false, {
      toast: toastMessage(init.status === 202 ? "info" : "error", message),
      fieldErrors,
      values,
      payload: { nearest: null, leadToken: null, existing: null, ...retry },
    }),
    { ...init, headers: { ...PERSONAL_PAGE_HEADERS, ...(init.headers as Record<string, string> | undefined) } },
  );

/**
 * POST /book: the visitor's enquiry is saved first (unless their link names one), then the call is
 * booked; the answer is the booking's page (Post/Redirect/Get), or the nearest free times when
 * someone took the chosen one a moment earlier.
 */
export async function handleBooking(context: Readonly<RouterContextProvider>, request: Request) {
  const services = getServices(context);
  const formData = await requireFormData(request);
  const parsed = parseForm(formData, bookingRequestSchema);
  if (!parsed.ok) {
    return refused(
      { message: "Please check the form.", fieldErrors: parsed.fieldErrors, values: parsed.values },
      { status: 400 },
    );
  }
  const input = parsed.data;
  let lead = await leadOfLink(context, input.lead ?? null);
  if (!lead) {
    const missing: Record<string, string> = {};
    if (!input.name) missing.name = "Please enter your name.";
    if (!input.email) missing.email = "Please enter your e-mail address.";
    if (!input.name || !input.email) {
      return refused(
        { message: "Please check the form.", fieldErrors: missing, values: typedValues(formData) },
        { status: 400 },
      );
    }
    const { name, email } = input;
    const outcome = await saveVisitorLead(
      context,
      request,
      formData,
      {
        email: email.toLowerCase(),
        flow: "book-call",
        via: "site",
        failureMessage: ["Error", "Your booking could not be saved just now. Please try again in a moment."],
      },
      (visitorLead) =>
        saveLead(services.db, {
          ...visitorLead,
          fields: {
            name,
            email: email.toLowerCase(),
            phone: input.phone || null,
            company: null,
            source: "Book Call",
            message: BOOK_PAGE_ENQUIRY,
          },
          formId: contactFormId,
          submissionData: {
            flow: "book-call",
            name,
            email,
            phone: input.phone ?? null,
            start: input.start,
            timeZone: input.timeZone,
          },
        }),
    );
    if ("refusal" in outcome) {
      return refused({ message: outcome.refusal.message[1], values: typedValues(formData) }, outcome.refusal.init);
    }
    lead = await leadOfLink(context, leadLinkToken(context, outcome.saved.leadId));
  }
  if (!lead) throw new Error("the enquiry just saved cannot be read back");
  // Suspected spam keeps its lead for a person to judge, and takes nobody's time.
  if (lead.is_spam) {
    return refused({ message: "Thank you. We will e-mail you to confirm a time.", leadToken: null }, { status: 202 });
  }
  const bookingContextNow = bookingContext(context);
  try {
    await countBookingAttempt(services.db, {
      clientIp: getRequestInfo(context).clientIp,
      leadId: lead.id,
      email: lead.email,
      secret: services.formSecret,
    });
    const outcome = await bookCall(
      services.db,
      {
        leadId: lead.id,
        startMs: Date.parse(input.start),
        visitorTimeZone: input.timeZone,
        ...(lead.visitor ? { visitor: lead.visitor } : {}),
      },
      bookingContextNow,
    );
    if (outcome.ok) {
      void services.mailWorker.kick();
      throw redirect(viewPath(outcome.links.view), { headers: PERSONAL_PAGE_HEADERS });
    }
    if (outcome.existing) {
      // An enquiry that landed on a known person proves only that someone typed that e-mail: the
      // call's own page (where it is moved or cancelled) stays with its invitation e-mail.
      return refused(
        {
          message: lead.visitor
            ? "A call is already booked for this e-mail address. Its invitation e-mail has the link to see, move or cancel it."
            : "You already have a call booked for this enquiry. You can see it, move it or cancel it on its page.",
          existing: lead.visitor ? null : viewPath(outcome.existing.view),
          leadToken: lead.token,
        },
        { status: 409 },
      );
    }
    return refused(
      {
        message: "Sorry, that time was just taken. These are the nearest free times:",
        nearest: nearestChoices(outcome.nearest, input.timeZone),
        leadToken: lead.token,
        values: typedValues(formData),
      },
      { status: 409 },
    );
  } catch (error) {
    if (error instanceof AppError) {
      return refused(
        {
          message: error.message,
          fieldErrors: error.field ? { [error.field]: error.message } : {},
          leadToken: lead.token,
        },
        {
          status: error.status,
          headers: error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined,
        },
      );
    }
    throw error;
  }
}
