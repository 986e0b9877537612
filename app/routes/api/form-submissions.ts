import { getRequestInfo, getServices } from "~/server/context.server";
import { handlePublicSubmission } from "~/server/leads/public-endpoint.server";
import type { Route } from "./+types/form-submissions";

export function loader({ request, params, context }: Route.LoaderArgs) {
  return handlePublicSubmission(getServices(context), request, params.formId, getRequestInfo(context).clientIp);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handlePublicSubmission(getServices(context), request, params.formId, getRequestInfo(context).clientIp);
}
