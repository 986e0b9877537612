import type { HeadersArgs } from "react-router";

/**
 * A page's headers: the layout's, plus the Retry-After its action set when a visitor was rate limited
 * or the database was away for a moment, so that the answer says when to try again.
 */
export function headersWithRetryAfter({
  actionHeaders,
  parentHeaders,
}: Pick<HeadersArgs, "actionHeaders" | "parentHeaders">) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
