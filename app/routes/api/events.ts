import { getRequestInfo, getServices } from "~/http/context.server";
import { recordEvent } from "~/server/analytics/events.server";
import type { Route } from "./+types/events";

export function action({ request, context }: Route.ActionArgs) {
  return recordEvent(getServices(context), request, getRequestInfo(context).clientIp);
}

export function loader() {
  return new Response("Use POST.", { status: 405, headers: { Allow: "POST" } });
}
