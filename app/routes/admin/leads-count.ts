import { getServices } from "~/http/context.server";
import { requireStaff } from "~/http/staff.server";
import { parseLeadFilters } from "~/lib/schemas/lead-admin";
import { countMatchingLeads } from "~/server/leads/bulk.server";
import { filterContext } from "~/server/leads/lead-list.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import type { Route } from "./+types/leads-count";

/**
 * The number of leads a filter matches, which a person confirms before acting on all of them: exact
 * up to the most one bulk change takes, "more than" past it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const { db } = getServices(context);
  const filters = parseLeadFilters(new URL(request.url).searchParams);
  const { count, isLowerBound } = await countMatchingLeads(
    db,
    filters,
    filterContext(staff.id, await getAgencyTimeZone(db)),
  );
  return Response.json({ count, isLowerBound }, { headers: { "Cache-Control": "no-store" } });
}
