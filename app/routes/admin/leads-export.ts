import { getServices } from "~/http/context.server";
import { auditedExportIds, csvResponse } from "~/http/csv-response.server";
import { requireStaff } from "~/http/staff.server";
import { parseLeadFilters } from "~/lib/schemas/lead-admin";
import { auditActor } from "~/server/auth/session.server";
import { leadsCsv } from "~/server/leads/lead-export.server";
import { filterContext } from "~/server/leads/lead-list.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import type { Route } from "./+types/leads-export";

/** The CSV of the list's current filter, streamed batch by batch (under the admin guard, like the list). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const { db, logger } = getServices(context);
  const params = new URL(request.url).searchParams;
  const filters = parseLeadFilters(params);
  const ids = await auditedExportIds(db, params, { actor: auditActor(staff), entityType: "lead", filters });
  const chunks = leadsCsv(db, filters, filterContext(staff.id, await getAgencyTimeZone(db)), ids);
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(chunks, `leads-${filters.view === "spam" ? "spam-" : ""}${day}.csv`, logger, "lead");
}
