import { data, type RouterContextProvider, redirect } from "react-router";
import { actionResult } from "~/http/action-result.server";
import { getRequestInfo, getServices } from "~/http/context.server";
import { parseForm, requireFormData } from "~/http/form-data.server";
import { LINK_REPLACED } from "~/lib/booking-messages";
import { cancelRequestSchema, rescheduleRequestSchema } from "~/lib/schemas/booking";
import { formatDateTimeIn } from "~/lib/time-zone";
import { toastMessage } from "~/lib/toast";
import { AppError } from "~/server/app-error.server";
import { countBookingAttempt } from "~/server/bookings/booking-limits.server";
import { type LinkPurpose, readLink } from "~/server/bookings/booking-links.server";
import { bookingFacts, linksOf } from "~/server/bookings/booking-notices.server";
import { bookingStaffName } from "~/server/bookings/booking-pages.server";
import { cancelBooking, getBooking, rescheduleBooking } from "~/server/bookings/bookings.server";
import { bookingCalendar, meetingPlace } from "~/server/bookings/invitation.server";
import { visitorInvitationCanGo } from "~/server/bookings/invitation-delivery.server";
import { isLive } from "~/server/bookings/live-statuses.server";
import { listOpenSlots } from "~/server/bookings/open-slots.server";
import { bookingContext, nearestChoices, PERSONAL_PAGE_HEADERS, pickerOf, visitorTimeZone } from "./book.server";

const GONE = "This link has expired or was replaced by a newer one. Use the link in your latest e-mail about the call.";

/** The booking a visitor's link names, for that link's purpose; a 404 page for anything else. */
async function bookingOfLink(context: Readonly<RouterContextProvider>, token: string | null, purpose: LinkPurpose) {
  const { db, formSecret } = getServices(context);
  const link = readLink(formSecret, token, purpose, Date.now());
  const booking = link ? await getBooking(db, link.id) : undefined;
  // The booking's own page keeps working after a change, and a cancel link still shows that the call
  // is cancelled; moving and cancelling need the latest link.
  const stale = booking !== undefined && link !== null && booking.sequence !== link.sequence;
  const staleAllowed = purpose === "view" || (purpose === "cancel" && booking?.status === "cancelled");
  if (!link || !booking) throw data({ message: GONE }, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  // A genuine link a later change replaced says so, rather than looking like a wrong address.
  if (stale && !staleAllowed) {
    throw data({ message: LINK_REPLACED }, { status: 410, headers: PERSONAL_PAGE_HEADERS });
  }
  return { booking, staffName: await bookingStaffName(db, booking.staff_id), token: token as string, replaced: stale };
}

/** What a booking's page shows: the time in the visitor's zone, the place, the way to move or cancel it. */
function bookingView(
  context: Readonly<RouterContextProvider>,
  booking: NonNullable<Awaited<ReturnType<typeof getBooking>>>,
  staffName: string | null,
  replaced = false,
) {
  const live = isLive(booking.status);
  // An old e-mail's page shows the call as it is now, but never the links that would move or cancel it.
  const movable = live && !replaced && Date.parse(booking.starts_at) > Date.now();
  const links = linksOf(bookingContext(context), {
    id: booking.id,
    sequence: booking.sequence,
    endsAt: booking.ends_at,
  });
  const path = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };
  return {
    status: booking.status,
    live,
    when: formatDateTimeIn(booking.visitor_time_zone, booking.starts_at),
    timeZone: booking.visitor_time_zone,
    minutes: Math.round((Date.parse(booking.ends_at) - Date.parse(booking.starts_at)) / 60_000),
    place: meetingPlace({ id: booking.id, meetingKind: booking.meeting_kind, meetingDetail: booking.meeting_detail }),
    staffName,
    name: booking.visitor_name,
    email: booking.visitor_email,
    calendar: path(links.view).replace("/book/booking?", "/book/booking.ics?"),
    reschedule: movable ? path(links.reschedule) : null,
    cancel: movable ? path(links.cancel) : null,
    replaced,
  };
}

export async function loadBookingView(context: Readonly<RouterContextProvider>, request: Request) {
  const { booking, staffName, replaced } = await bookingOfLink(
    context,
    new URL(request.url).searchParams.get("token"),
    "view",
  );
  const { db, mailWorker } = getServices(context);
  const mailed = await visitorInvitationCanGo(db, booking, mailWorker.queuedNote);
  return data(
    { booking: { ...bookingView(context, booking, staffName, replaced), mailed } },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

/** The booking's invitation as a file to open in a calendar. */
export async function bookingCalendarFile(context: Readonly<RouterContextProvider>, request: Request) {
  const { booking, replaced } = await bookingOfLink(context, new URL(request.url).searchParams.get("token"), "view");
  // The file carries the links that move and cancel the call: only the latest link gives it.
  if (replaced) throw data({ message: LINK_REPLACED }, { status: 410, headers: PERSONAL_PAGE_HEADERS });
  const { config, db } = getServices(context);
  const live = isLive(booking.status) || booking.status === "completed";
  const links = linksOf(bookingContext(context), {
    id: booking.id,
    sequence: booking.sequence,
    endsAt: booking.ends_at,
  });
  const body = bookingCalendar(await bookingFacts(db, booking), {
    method: live ? "REQUEST" : "CANCEL",
    host: new URL(config.baseUrl).host,
    stampMs: Date.parse(booking.updated_at),
    links,
  });
  return new Response(body, {
    headers: {
      ...PERSONAL_PAGE_HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="strategy-call.ics"',
    },
  });
}

export async function loadReschedule(context: Readonly<RouterContextProvider>, request: Request) {
  const url = new URL(request.url);
  const { booking, staffName, token } = await bookingOfLink(context, url.searchParams.get("token"), "reschedule");
  const timeZone = await visitorTimeZone(context, request, url.searchParams.get("tz") ?? booking.visitor_time_zone);
  const { starts } = await listOpenSlots(
    getServices(context).db,
    { ownerId: booking.staff_id, formId: null },
    { nowMs: Date.now() },
  );
  return data(
    {
      token,
      booking: bookingView(context, booking, staffName),
      picker: pickerOf(starts, timeZone, url.searchParams.get("day")),
    },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

/** What a refused reschedule answers besides its message: the free times nearest a time just taken. */
type RescheduleRetry = { nearest: { value: string; label: string }[] | null };

/** A booking link's answer: its message as the toast, with what the page needs next. */
function bookingAnswer<Payload>(
  intent: string,
  ok: boolean,
  message: string,
  payload: Payload,
  init: ResponseInit = {},
) {
  return data(actionResult<Payload>(intent, ok, { toast: toastMessage(ok ? "success" : "error", message), payload }), {
    ...init,
    headers: PERSONAL_PAGE_HEADERS,
  });
}

export async function handleReschedule(context: Readonly<RouterContextProvider>, request: Request) {
  const parsed = parseForm(await requireFormData(request), rescheduleRequestSchema);
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? "Please check the form.";
    return bookingAnswer<RescheduleRetry>("reschedule", false, message, { nearest: null }, { status: 400 });
  }
  const { booking } = await bookingOfLink(context, parsed.data.token, "reschedule");
  try {
    const { db, formSecret } = getServices(context);
    await countBookingAttempt(db, {
      clientIp: getRequestInfo(context).clientIp,
      leadId: booking.lead_id,
      email: booking.visitor_email,
      secret: formSecret,
    });
    const outcome = await rescheduleBooking(
      getServices(context).db,
      { bookingId: booking.id, startMs: Date.parse(parsed.data.start) },
      bookingContext(context),
    );
    if (outcome.ok) {
      void getServices(context).mailWorker.kick();
      throw redirect(
        `/book/booking?token=${encodeURIComponent(new URL(outcome.links.view).searchParams.get("token") ?? "")}`,
        { headers: PERSONAL_PAGE_HEADERS },
      );
    }
    return bookingAnswer<RescheduleRetry>(
      "reschedule",
      false,
      "Sorry, that time was just taken. These are the nearest free times:",
      { nearest: nearestChoices(outcome.nearest, parsed.data.timeZone) },
      { status: 409 },
    );
  } catch (error) {
    if (error instanceof AppError)
      return bookingAnswer<RescheduleRetry>(
        "reschedule",
        false,
        error.message,
        { nearest: null },
        {
          status: error.status,
        },
      );
    throw error;
  }
}

export async function loadCancel(context: Readonly<RouterContextProvider>, request: Request) {
  const { booking, staffName, token } = await bookingOfLink(
    context,
    new URL(request.url).searchParams.get("token"),
    "cancel",
  );
  return data({ token, booking: bookingView(context, booking, staffName) }, { headers: PERSONAL_PAGE_HEADERS });
}

export async function handleCancel(context: Readonly<RouterContextProvider>, request: Request) {
  const parsed = parseForm(await requireFormData(request), cancelRequestSchema);
  if (!parsed.ok) throw data({ message: GONE }, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  const { booking } = await bookingOfLink(context, parsed.data.token, "cancel");
  try {
    await cancelBooking(
      getServices(context).db,
      { bookingId: booking.id, expectedSequence: booking.sequence },
      bookingContext(context),
    );
  } catch (error) {
    if (error instanceof AppError) return bookingAnswer("cancel", false, error.message, null, { status: error.status });
    throw error;
  }
  void getServices(context).mailWorker.kick();
  return bookingAnswer(
    "cancel",
    true,
    `Your call on ${formatDateTimeIn(booking.visitor_time_zone, booking.starts_at)} is cancelled. We have let the team know.`,
    null,
  );
}
