import type { RouterContextProvider } from "react-router";
import { BOOKING_LEAD_COOKIE } from "~/lib/cookies";
import { signLink } from "~/server/bookings/booking-links.server";
import { getServices } from "./context.server";

const DAY_MS = 24 * 60 * 60_000;
/** How long the link from an enquiry's thank-you page lets its sender book without typing again. */
const ENQUIRY_LINK_MS = 14 * DAY_MS;

export function leadLinkToken(context: Readonly<RouterContextProvider>, leadId: string, nowMs = Date.now()) {
  return signLink(getServices(context).formSecret, {
    id: leadId,
    purpose: "book",
    sequence: 0,
    expiresMs: nowMs + ENQUIRY_LINK_MS,
  });
}

/** The address that lets an enquiry's sender pick a time for it, their details already known. */
export function bookingLinkForLead(context: Readonly<RouterContextProvider>, leadId: string) {
  return `/book?lead=${encodeURIComponent(leadLinkToken(context, leadId))}`;
}

/**
 * The same link's token as a cookie for /book alone: the thank-you page an enquiry without JavaScript
 * is redirected to is one page for everybody (kept by the page cache), so the sender's own link
 * travels beside it, and /book, which reads it, is never kept by the cache.
 */
export function bookingLeadCookie(context: Readonly<RouterContextProvider>, bookingUrl: string) {
  const token = new URL(bookingUrl, "http://link").searchParams.get("lead") ?? "";
  const secure = getServices(context).config.secureCookies ? "; Secure" : "";
  return `${BOOKING_LEAD_COOKIE}=${encodeURIComponent(token)}; Path=/book; Max-Age=${ENQUIRY_LINK_MS / 1000}; HttpOnly; SameSite=Lax${secure}`;
}
