import { DownloadIcon } from "lucide-react";
import { AuditFilterBar } from "~/components/admin/audit/audit-filter-bar";
import { AuditTable } from "~/components/admin/audit/audit-table";
import { Button } from "~/components/ui/button";
import { reportingReads } from "~/http/read-own-writes.server";
import { requireStaff } from "~/http/staff.server";
import { auditFilterParams, parseAuditFilters } from "~/lib/schemas/audit";
import { auditFilterChoices, listAuditPage } from "~/server/audit/audit-log.server";
import { nameAuditEntries } from "~/server/audit/audit-names.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import type { Route } from "./+types/audit";

export function meta() {
  return [{ title: "Audit log | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const filters = parseAuditFilters(new URL(request.url).searchParams);
  // A report: read from the standby when there is one (DATABASE_READ_URL).
  const { page, choices, entries } = await reportingReads(context, request, async (db) => {
    const timeZone = await getAgencyTimeZone(db);
    const [page, choices] = await Promise.all([listAuditPage(db, filters, timeZone), auditFilterChoices(db)]);
    return { page, choices, entries: await nameAuditEntries(db, page.entries, timeZone) };
  });
  return {
    filters,
    choices,
    entries,
    newer: page.newer,
    older: page.older,
  };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filters, choices, entries, newer, older } = loaderData;
  const filterParams = auditFilterParams(filters).toString();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-bold text-2xl">Audit log</h1>
          <p className="text-muted-foreground">Every change staff made, newest first.</p>
        </div>
        <Button asChild variant="outline" size="sm">
          <a href={`/admin/audit/export${filterParams ? `?${filterParams}` : ""}`} download>
            <DownloadIcon /> Export CSV
          </a>
        </Button>
      </div>
      <AuditFilterBar filters={filters} choices={choices} />
      <AuditTable entries={entries} />
      <AuditPager filterParams={filterParams} newer={newer} older={older} />
    </div>
  );
}

function AuditPager({
  filterParams,
  newer,
  older,
}: {
  filterParams: string;
  newer: string | null;
  older: string | null;
}) {
  if (!newer && !older) return null;
  const at = (key: "before" | "after", cursor: string) => {
    const params = new URLSearchParams(filterParams);
    params.set(key, cursor);
    return `/admin/audit?${params}`;
  };
  return (
    <nav aria-label="Audit log pages" className="flex flex-wrap justify-between gap-2">
      {newer ? (
        <Button asChild variant="outline" size="sm">
          <a href={at("after", newer)}>Newer entries</a>
        </Button>
      ) : (
        <span />
      )}
      {older ? (
        <Button asChild variant="outline" size="sm">
          <a href={at("before", older)}>Older entries</a>
        </Button>
      ) : null}
    </nav>
  );
}
