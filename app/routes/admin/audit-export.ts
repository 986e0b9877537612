import { getServices } from "~/http/context.server";
import { csvResponse } from "~/http/csv-response.server";
import { reportingExportDb } from "~/http/read-own-writes.server";
import { requireStaff } from "~/http/staff.server";
import { parseAuditFilters } from "~/lib/schemas/audit";
import { auditCsv } from "~/server/audit/audit-log.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import type { Route } from "./+types/audit-export";

/** The CSV of every audit entry the screen's filters match, streamed a batch at a time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { logger } = getServices(context);
  const db = await reportingExportDb(context, request);
  const filters = parseAuditFilters(new URL(request.url).searchParams);
  const timeZone = await getAgencyTimeZone(db);
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(auditCsv(db, filters, timeZone), `audit-log-${day}.csv`, logger, "audit log");
}
