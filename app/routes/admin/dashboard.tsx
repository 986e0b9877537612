import { BriefcaseIcon, FileTextIcon, HistoryIcon, UsersIcon } from "lucide-react";
import { Link } from "react-router";
import { FunnelCard } from "~/components/admin/dashboard/funnel-card";
import { DateText } from "~/components/admin/date-text";
import { LeadsChart } from "~/components/admin/leads-chart";
import { RoleBadge } from "~/components/admin/role-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { getServices } from "~/http/context.server";
import { requireStaff } from "~/http/staff.server";
import { canAccess } from "~/lib/roles";
import {
  type CampaignRow,
  campaignTable,
  dashboardCounts,
  leadsPerDayBySource,
  SERIES_DAYS,
} from "~/server/dashboard/dashboard.server";
import { loadFunnel } from "~/server/dashboard/funnel.server";
import { type DueFollowUp, dueFollowUps } from "~/server/leads/follow-ups.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const { db } = getServices(context);
  // Follow-ups belong to whoever works leads; editors never own any.
  const worksLeads = canAccess(staff.role, "/admin/leads");
  const timeZone = await getAgencyTimeZone(db);
  const nowMs = Date.now();
  const [counts, series, campaigns, funnel, followUps] = await Promise.all([
    dashboardCounts(db),
    leadsPerDayBySource(db, nowMs, SERIES_DAYS, timeZone),
    campaignTable(db, nowMs, SERIES_DAYS, timeZone),
    loadFunnel(db, new URL(request.url).searchParams),
    worksLeads ? dueFollowUps(db, staff.id, timeZone, { limit: 10 }) : null,
  ]);
  return { role: staff.role, counts, series, campaigns, funnel, followUps, timeZone };
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
        <CardContent className="overflow-x-auto">
          <CampaignTable rows={loaderData.campaigns} />
        </CardContent>
      </Card>
      <FunnelCard funnel={loaderData.funnel} />
    </div>
  );
}

function FollowUpsCard({ due, more }: { due: DueFollowUp[]; more: boolean }) {
  return (
    <Card data-testid="due-follow-ups">
      <CardHeader>
        <CardTitle asChild>
          <h2>Your follow-ups</h2>
        </CardTitle>
        <CardDescription>Due today or overdue, on leads you own.</CardDescription>
      </CardHeader>
      <CardContent>
        {due.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nothing due today.</p>
        ) : (
          <ul className="divide-y">
            {due.map((item) => (
              <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <span>
                  <Link to={`/admin/leads/${item.id}`} className="font-medium hover:underline">
                    {item.name}
                  </Link>
                  {item.company ? <span className="text-muted-foreground"> · {item.company}</span> : null}
                  {item.note ? <span className="block text-muted-foreground text-sm">{item.note}</span> : null}
                </span>
                <span
                  className={item.overdue ? "font-medium text-destructive text-sm" : "text-muted-foreground text-sm"}
                >
                  {item.overdue ? "Overdue: " : "Due "}
                  <DateText iso={item.nextFollowUpAt} withTime />
                </span>
              </li>
            ))}
          </ul>
        )}
        {due.length > 0 ? (
          <Link to="/admin/leads?owner=me&sort=follow_up" className="mt-3 inline-block text-primary text-sm underline">
            {more ? "See all of them" : "Open them as a list"}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}

function CampaignTable({ rows }: { rows: CampaignRow[] }) {
  if (rows.length === 0) {
    return <p className="text-muted-foreground text-sm">No leads in the last 30 days yet.</p>;
  }
  const percent = (part: number, whole: number) => (whole === 0 ? "0%" : `${Math.round((part / whole) * 100)}%`);
  return (
    <table className="w-full min-w-[480px] text-sm" data-testid="campaign-table">
      <caption className="sr-only">Leads, qualified and converted by UTM campaign, last 30 days</caption>
      <thead className="text-left text-muted-foreground">
        <tr className="border-b">
          <th scope="col" className="py-2 pr-3 font-medium">
            Campaign
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-medium">
            Leads
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-medium">
            Qualified
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Converted
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.campaign ?? ""} className="border-b last:border-0">
            <th scope="row" className="py-2 pr-3 text-left font-medium">
              {row.campaign === null ? <span className="text-muted-foreground italic">No campaign</span> : row.campaign}
            </th>
            <td className="py-2 pr-3 text-right tabular-nums">{row.leads}</td>
            <td className="py-2 pr-3 text-right tabular-nums">
              {row.qualified} <span className="text-muted-foreground">({percent(row.qualified, row.leads)})</span>
            </td>
            <td className="py-2 text-right tabular-nums">
              {row.converted} <span className="text-muted-foreground">({percent(row.converted, row.leads)})</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
