import { useAdminDates } from "./use-time-zone";

/** A date or date-time in the agency's time zone, so the server and the browser render the same text. */
export function DateText({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const dates = useAdminDates();
  return <time dateTime={iso}>{withTime ? dates.dateTime(iso) : dates.date(iso)}</time>;
}
