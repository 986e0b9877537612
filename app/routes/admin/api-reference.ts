import { apiReferencePage } from "~/http/api/api-reference.server";
import { requireStaff } from "~/http/staff.server";
import type { Route } from "./+types/api-reference";

/** The API's reference for staff: the OpenAPI document rendered by Swagger UI. */
export function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  return new Response(apiReferencePage(), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
