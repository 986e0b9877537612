import { handleLeadSubmission } from "~/http/lead-submission.server";
import type { Route } from "./+types/leads";

/**
 * POST /api/leads: the visitor forms sent by the lead-form island. The same checks and answer as a
 * plain post to /lead, as JSON: the toast's words, the messages under refused fields, what follows.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await handleLeadSubmission(context, request);
  return Response.json(answer.data, answer.init ?? undefined);
}

export function loader() {
  return new Response("Use POST.", { status: 405, headers: { Allow: "POST" } });
}
