import { PlusIcon } from "lucide-react";
import { Link } from "react-router";
import { ListFilters } from "~/components/admin/list-filters";
import { CardList, useListLoading } from "~/components/admin/list-state";
import { PageCard } from "~/components/admin/pages/page-card";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { getServices } from "~/http/context.server";
import { runIntent } from "~/http/intents.server";
import { loadListOrEmpty } from "~/http/list-loader.server";
import { readListFilters, statusFilterOptions } from "~/lib/schemas/content";
import { listPages } from "~/server/content/pages.server";
import type { Route } from "./+types/pages";
import { pageListIntents } from "./pages.server";

export function meta() {
  return [{ title: "Page Management | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = readListFilters(new URL(request.url));
  const { pages, toast } = await loadListOrEmpty(
    context,
    "Failed to fetch pages",
    async () => ({ pages: await listPages(getServices(context).db, filters) }),
    { pages: [] },
  );
  return { filters, toast, pages: pages.map(({ content: _content, ...page }) => page) };
}

export const action = (args: Route.ActionArgs) => runIntent(args, pageListIntents);

export default function Pages({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  useToastMessage(loaderData.toast);
  const loading = useListLoading({ afterChanges: false });
  const { pages, filters } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-bold text-2xl">Page Management</h1>
          <p className="text-muted-foreground">Pages of the public site, written in Markdown.</p>
        </div>
        <Button asChild>
          <Link to="/admin/pages/new">
            <PlusIcon /> New Page
          </Link>
        </Button>
      </div>
      <ListFilters
        searchPlaceholder="Search pages..."
        search={filters.search}
        selects={[{ name: "status", label: "Status", value: filters.status ?? "", options: statusFilterOptions }]}
      />
      <CardList items={pages} empty="No pages found matching your criteria" loading={loading}>
        {(page) => <PageCard page={page} />}
      </CardList>
    </div>
  );
}
