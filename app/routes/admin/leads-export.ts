import { parseLeadFilters } from "~/lib/schemas/lead-admin";
import { recordAudit } from "~/server/audit/audit.server";
import { auditActor, requireStaff } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { filterContext, leadsCsv } from "~/server/leads/lead-list.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import type { Route } from "./+types/leads-export";

/** The CSV of the list's current filter, streamed batch by batch (under the admin guard, like the list). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const { db, logger } = getServices(context);
  const params = new URL(request.url).searchParams;
  const filters = parseLeadFilters(params);
  // Selected rows come as repeated `id`; a selection is at most a few pages of the list.
  const ids = params
    .getAll("id")
    .filter((id) => id.length > 0 && id.length <= 64)
    .slice(0, 500);
  const { q, page: _page, ...rest } = filters;
  // The search term may be someone's name or address: the audit log notes only that there was one.
  await recordAudit(db, {
    actor: auditActor(staff),
    action: "lead.export_csv",
    entityType: "lead",
    summary: ids.length ? { ids } : { filters: { ...rest, searched: Boolean(q) } },
  });
  const chunks = leadsCsv(db, filters, filterContext(staff.id, await getAgencyTimeZone(db)), ids.length ? ids : null);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark, so that spreadsheet programs read the names as UTF-8.
      controller.enqueue(encoder.encode("\uFEFF"));
    },
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        logger.error({ err: error }, "lead export failed");
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${filters.view === "spam" ? "spam-" : ""}${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
