import { useRouteLoaderData } from "react-router";
import { DEFAULT_TIME_ZONE, formatDateIn, formatDateTimeIn } from "~/lib/time-zone";

type AdminLayoutData = { timeZone?: string };

/** The agency's time zone, from the admin layout's data; UTC outside it. */
export function useTimeZone() {
  return useRouteLoaderData<AdminLayoutData>("routes/admin/layout")?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** Date formatters in the agency's time zone, so the server and every browser print the same text. */
export function useAdminDates() {
  const timeZone = useTimeZone();
  return {
    timeZone,
    dateTime: (iso: string) => formatDateTimeIn(timeZone, iso),
    date: (iso: string) => formatDateIn(timeZone, iso),
  };
}
