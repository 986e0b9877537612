import { getServices } from "~/http/context.server";
import { auditedExportIds, csvResponse } from "~/http/csv-response.server";
import { reportingExportDb } from "~/http/read-own-writes.server";
import { requireStaff } from "~/http/staff.server";
import { clientFiltersSchema } from "~/lib/schemas/clients";
import { auditActor } from "~/server/auth/session.server";
import { clientsCsv } from "~/server/clients/clients.server";
import type { Route } from "./+types/clients-export";

/** The CSV of the selected clients (repeated `id`) or of the list's current filter. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const { db, logger } = getServices(context);
  const params = new URL(request.url).searchParams;
  const filters = clientFiltersSchema.parse(Object.fromEntries(params));
  const ids = await auditedExportIds(db, params, { actor: auditActor(staff), entityType: "client", filters });
  const day = new Date().toISOString().slice(0, 10);
  // The export is noted on the primary; its rows come from the standby when there is one.
  const reads = await reportingExportDb(context, request);
  return csvResponse(clientsCsv(reads, filters, staff.id, ids), `clients-${day}.csv`, logger, "client");
}
