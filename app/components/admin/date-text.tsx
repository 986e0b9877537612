/** A date or date-time in UTC, so the server and the browser render the same text. */
export function DateText({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const date = new Date(iso);
  const text = withTime
    ? `${date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`
    : date.toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" });
  return <time dateTime={iso}>{text}</time>;
}
