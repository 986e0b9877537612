import { parseLeadFilters } from "~/lib/schemas/lead-admin";
import { requireStaff } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { countMatchingLeads } from "~/server/leads/bulk.server";
import { filterContext } from "~/server/leads/lead-list.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import type { Route } from "./+types/leads-count";

/** The exact number of leads a filter matches, which a person confirms before acting on all of them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const { db } = getServices(context);
  const filters = parseLeadFilters(new URL(request.url).searchParams);
  const count = await countMatchingLeads(db, filters, filterContext(staff.id, await getAgencyTimeZone(db)));
  return Response.json({ count }, { headers: { "Cache-Control": "no-store" } });
}
