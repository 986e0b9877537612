import { DownloadIcon, ShieldCheckIcon } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { LeadFilterBar } from "~/components/admin/leads/lead-filter-bar";
import { LeadQueues } from "~/components/admin/leads/lead-queues";
import { LeadsList } from "~/components/admin/leads/leads-list";
import { LeadColumnsMenu } from "~/components/admin/leads/leads-table";
import { SavedViews } from "~/components/admin/leads/saved-views";
import { useRememberListSearch } from "~/components/admin/list-return";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { getServices } from "~/http/context.server";
import { runIntent } from "~/http/intents.server";
import { loadListOrEmpty } from "~/http/list-loader.server";
import { requireStaff } from "~/http/staff.server";
import { canAccess, canUseIntent } from "~/lib/roles";
import { leadFilterParams, parseLeadFilters } from "~/lib/schemas/lead-admin";
import type { Route } from "./+types/leads";
import { emptyLeadsScreen, leadListIntents, loadLeadsScreen } from "./leads.server";

export function meta() {
  return [{ title: "Leads | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const filters = parseLeadFilters(new URL(request.url).searchParams);
  const now = Date.now();
  const screen = await loadListOrEmpty(
    context,
    "Failed to fetch leads",
    () => loadLeadsScreen(getServices(context).db, staff, filters, now),
    emptyLeadsScreen(now),
  );
  return {
    ...screen,
    filters,
    me: staff.id,
    now,
    // The GDPR tools' link and the delete buttons follow the same role table that guards them.
    canUseGdpr: canAccess(staff.role, "/admin/leads/gdpr"),
    canDelete: canUseIntent(staff.role, "/admin/leads", "bulk-delete"),
  };
}

export const action = (args: Route.ActionArgs) => runIntent(args, leadListIntents);

export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, sources, spamCount, canUseGdpr, owners, views, columns, me } = loaderData;
  useToastMessage(loaderData.toast);
  useToastMessage(actionData?.toast);
  useRememberListSearch();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/leads";
  const exportParams = leadFilterParams({ ...filters, page: 1 }).toString();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-bold text-2xl">Leads</h1>
          <p className="sr-only">Everyone who reached out through the site.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canUseGdpr ? (
            <Button asChild variant="outline" size="sm">
              <Link to="/admin/leads/gdpr">
                <ShieldCheckIcon /> GDPR tools
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="outline" size="sm">
            <a href={`/admin/leads/export${exportParams ? `?${exportParams}` : ""}`} download>
              <DownloadIcon /> Export CSV
            </a>
          </Button>
          <span className="hidden md:inline-flex">
            <LeadColumnsMenu columns={columns} />
          </span>
        </div>
      </div>

      <LeadQueues spamView={filters.view === "spam"} spamCount={spamCount} />
      <SavedViews views={views} />
      <LeadFilterBar filters={filters} sources={sources} owners={owners} me={me} />
      <LeadsList screen={loaderData} loading={loading} />
    </div>
  );
}
