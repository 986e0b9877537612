import { BriefcaseIcon, FileTextIcon, HistoryIcon, UsersIcon } from "lucide-react";
import { AdReachCard } from "~/components/admin/dashboard/ad-reach-card";
import { CampaignTable } from "~/components/admin/dashboard/campaign-table";
import { FollowUpsCard } from "~/components/admin/dashboard/follow-ups-card";
import { FunnelCard } from "~/components/admin/dashboard/funnel-card";
import { UpcomingCallsCard } from "~/components/admin/dashboard/upcoming-calls-card";
import { LeadsChart } from "~/components/admin/leads-chart";
import { RoleBadge } from "~/components/admin/role-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { reportingReads } from "~/http/read-own-writes.server";
import { requireStaff } from "~/http/staff.server";
import { canAccess } from "~/lib/roles";
import { campaignAdReach } from "~/server/ads/campaign-reach.server";
import { upcomingCalls } from "~/server/bookings/agenda.server";
import { campaignTable, dashboardCounts, leadsPerDayBySource, SERIES_DAYS } from "~/server/dashboard/dashboard.server";
import { loadFunnel, parseFunnelQuery } from "~/server/dashboard/funnel.server";
import { dueFollowUps } from "~/server/leads/follow-ups.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  // Follow-ups belong to whoever works leads; editors never own any.
  const worksLeads = canAccess(staff.role, "/admin/leads");
  const nowMs = Date.now();
  const params = new URL(request.url).searchParams;
  // A report: read from the standby when there is one (DATABASE_READ_URL).
  return reportingReads(context, request, async (db) => {
    const timeZone = await getAgencyTimeZone(db);
    const [counts, series, campaigns, funnel, followUps, calls, adReach] = await Promise.all([
      dashboardCounts(db),
      leadsPerDayBySource(db, nowMs, SERIES_DAYS, timeZone),
      campaignTable(db, nowMs, SERIES_DAYS, timeZone),
      loadFunnel(db, params, nowMs),
      worksLeads ? dueFollowUps(db, staff.id, timeZone, { limit: 10 }) : null,
      // Calls go to those who work leads, like follow-ups.
      worksLeads ? upcomingCalls(db, staff.id, timeZone, { nowMs }) : null,
      // The same range as the funnel beside it.
      campaignAdReach(db, parseFunnelQuery(params, nowMs).range),
    ]);
    return { role: staff.role, me: staff.id, counts, series, campaigns, funnel, followUps, calls, timeZone, adReach };
  });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  const stats = [
    { label: "Total Leads", value: counts.leads, icon: UsersIcon },
    { label: "Clients", value: counts.clients, icon: BriefcaseIcon },
    { label: "Pages", value: counts.pages, icon: FileTextIcon },
    { label: "Activity (last 7 days)", value: counts.recentActivity, icon: HistoryIcon },
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-bold text-2xl">Dashboard</h1>
        <RoleBadge role={loaderData.role} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {stats.map((stat) => (
          <Card key={stat.label}>
            <CardHeader className="flex flex-row items-center justify-between">
              <CardTitle className="font-medium text-muted-foreground text-sm">{stat.label}</CardTitle>
              <stat.icon className="size-4 text-muted-foreground" aria-hidden />
            </CardHeader>
            <CardContent>
              <p className="font-bold text-3xl" data-testid={`stat-${stat.label}`}>
                {stat.value.toLocaleString("en-US")}
              </p>
            </CardContent>
          </Card>
        ))}
      </div>
      {loaderData.calls ? (
        <UpcomingCallsCard {...loaderData.calls} staffId={loaderData.me} timeZone={loaderData.timeZone} />
      ) : null}
      {loaderData.followUps ? <FollowUpsCard {...loaderData.followUps} /> : null}
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>New leads per day</h2>
          </CardTitle>
          <CardDescription>Last 30 days by source, spam excluded. Days in {loaderData.timeZone}.</CardDescription>
        </CardHeader>
        <CardContent>
          <LeadsChart series={loaderData.series} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Campaigns</h2>
          </CardTitle>
          <CardDescription>
            Leads of the last 30 days by UTM campaign, spam excluded. Qualified counts every lead that reached
            qualified, converted ones included.
          </CardDescription>
        </CardHeader>
        {/* A region that scrolls must take keyboard focus: the table in it has nothing else that can. */}
        <CardContent
          className="overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          tabIndex={0}
          role="region"
          aria-label="Campaigns table"
        >
          <CampaignTable rows={loaderData.campaigns} />
        </CardContent>
      </Card>
      <FunnelCard funnel={loaderData.funnel} />
      {loaderData.adReach.length > 0 ? (
        <AdReachCard rows={loaderData.adReach} rangeLabel={loaderData.funnel.range.label} />
      ) : null}
    </div>
  );
}
