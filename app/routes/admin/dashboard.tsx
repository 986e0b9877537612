import { BriefcaseIcon, FileTextIcon, HistoryIcon, UsersIcon } from "lucide-react";
import { RoleBadge } from "~/components/admin/role-badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireStaff } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { dashboardCounts } from "~/server/dashboard/dashboard.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard | Admin" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  return { role: staff.role, counts: await dashboardCounts(getServices(context).db) };
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
    </div>
  );
}
