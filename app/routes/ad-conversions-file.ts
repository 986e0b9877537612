import { getServices } from "~/http/context.server";
import { secretFileResponse } from "~/http/secret-file.server";
import { googleConversionFile } from "~/server/ads/conversion-file.server";
import type { Route } from "./+types/ad-conversions-file";

const conversions = {
  extension: ".csv",
  contentType: "text/csv",
  filename: "conversions.csv",
  missing: "No such conversion file. It may have been revoked.",
};

/** GET /ads/google/<token>.csv: the last 90 days of stages for Google's scheduled import; 404 once revoked. */
export function loader({ params, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  return secretFileResponse(params.file, conversions, (token) => googleConversionFile(db, token));
}
