import { reportingReads } from "~/http/read-own-writes.server";
import { requireStaff } from "~/http/staff.server";
import { funnelCsv, loadFunnel } from "~/server/dashboard/funnel.server";
import type { Route } from "./+types/funnel-export";

/** The dashboard's funnel as CSV, for the same range it shows; a range that does not parse is refused. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const params = new URL(request.url).searchParams;
  const funnel = await reportingReads(context, request, (db) => loadFunnel(db, params));
  if (funnel.error) return new Response(funnel.error, { status: 400, headers: { "Content-Type": "text/plain" } });
  return new Response(`\uFEFF${funnelCsv(funnel)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="funnel-${funnel.range.from}-to-${funnel.range.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
