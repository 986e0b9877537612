import { z } from "zod";
import { canonicalTimeZone, isTimeZone, timeZoneNames } from "../time-zone";
import { requiredEmail, requiredName } from "./leads";

/** The time a visitor picked (an ISO instant from the offered list) and the zone they read it in. */
const pickedTime = {
  start: z
    .string({ error: "Choose a time for the call." })
    .min(1, "Choose a time for the call.")
    .max(40)
    // Offered times are this century's: anything else (a year 200000, NaN) is a mistake or a probe.
    .refine((value) => {
      const ms = Date.parse(value);
      return ms >= Date.UTC(2000, 0, 1) && ms < Date.UTC(2100, 0, 1);
    }, "Choose a time for the call."),
  timeZone: z
    .string()
    .refine(isTimeZone, "Choose your time zone.")
    .transform((value) => canonicalTimeZone(value) ?? value),
};

/** A picked time alone, for callers other than the site's pages (the API books and moves calls with it). */
export const pickedTimeSchema = z.object(pickedTime);

const emptyAsMissing = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** Booking from the site: the visitor's details, unless a signed link from their enquiry names them. */
export const bookingRequestSchema = z.object({
  ...pickedTime,
  lead: z.string().max(300).optional(),
  name: z.preprocess(emptyAsMissing, requiredName.optional()),
  email: z.preprocess(emptyAsMissing, requiredEmail.optional()),
  phone: z.string().trim().max(40, "Phone can be at most 40 characters.").optional(),
});

export const rescheduleRequestSchema = z.object({ ...pickedTime, token: z.string().min(1).max(300) });
export const cancelRequestSchema = z.object({ token: z.string().min(1).max(300) });

/** A visitor's likely zone from their country, when nothing better is known (no JavaScript runs on these pages). */
export const COUNTRY_TIME_ZONES: Record<string, string> = {
  IN: "Asia/Kolkata",
  US: "America/New_York",
  CA: "America/Toronto",
  GB: "Europe/London",
  IE: "Europe/Dublin",
  DE: "Europe/Berlin",
  FR: "Europe/Paris",
  NL: "Europe/Amsterdam",
  ES: "Europe/Madrid",
  IT: "Europe/Rome",
  AE: "Asia/Dubai",
  SA: "Asia/Riyadh",
  SG: "Asia/Singapore",
  AU: "Australia/Sydney",
  NZ: "Pacific/Auckland",
  JP: "Asia/Tokyo",
  BR: "America/Sao_Paulo",
  MX: "America/Mexico_City",
  ZA: "Africa/Johannesburg",
};

/** The zones a visitor may choose from, by name. */
export function timeZoneChoices() {
  return timeZoneNames();
}
