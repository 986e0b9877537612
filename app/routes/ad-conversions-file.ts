import { getServices } from "~/http/context.server";
import { googleConversionFile } from "~/server/ads/conversion-file.server";
import type { Route } from "./+types/ad-conversions-file";

/** GET /ads/google/<token>.csv: the last 90 days of stages for Google's scheduled import; 404 once revoked. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const token = params.file.endsWith(".csv") ? params.file.slice(0, -".csv".length) : "";
  const file = await googleConversionFile(db, token);
  if (file === null) {
    return new Response("No such conversion file. It may have been revoked.", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  return new Response(file, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'inline; filename="conversions.csv"',
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
      "referrer-policy": "no-referrer",
    },
  });
}
