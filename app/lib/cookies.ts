/** The value of one cookie from a Cookie header, or undefined. */
export function readCookie(cookieHeader: string | null | undefined, name: string) {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** An enquiry's own booking link, kept for /book after a thank-you page that is the same for everybody. */
export const BOOKING_LEAD_COOKIE = "booking_lead";
