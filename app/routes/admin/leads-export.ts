import { getServices } from "~/http/context.server";
import { auditedExportIds, csvResponse } from "~/http/csv-response.server";
import { reportingExportDb } from "~/http/read-own-writes.server";
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
  // The export is noted on the primary; its rows come from the standby when there is one.
  const reads = await reportingExportDb(context, request);
  const chunks = leadsCsv(reads, filters, filterContext(staff.id, await getAgencyTimeZone(reads)), ids);
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(chunks, `leads-${filters.view === "spam" ? "spam-" : ""}${day}.csv`, logger, "lead");
}
