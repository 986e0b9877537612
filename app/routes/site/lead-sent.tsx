import { data } from "react-router";
import { LeadSent } from "~/components/site/forms/lead-sent";
import { leadMessages } from "~/lib/lead-checks";
import { isThankYouFlow } from "~/lib/lead-options";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/lead-sent";

export const meta: Route.MetaFunction = ({ loaderData }) => privatePageMeta(loaderData?.title ?? "Thank you!");

/** GET /lead/sent/:flow: where a visitor form sent without JavaScript lands after its success. */
export function loader({ params }: Route.LoaderArgs) {
  if (!isThankYouFlow(params.flow)) throw data(null, { status: 404 });
  const [title, description] = leadMessages[params.flow].success;
  // An enquiry's sender comes here from its times, having found none that suits: nothing to book.
  return { title, description, bookingUrl: null };
}

export default function LeadSentPage({ loaderData }: Route.ComponentProps) {
  return <LeadSent {...loaderData} />;
}
