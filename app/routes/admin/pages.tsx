import { EyeIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { Link, useFetcher, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { ListFilters } from "~/components/admin/list-filters";
import { formatDate, PublishStatusBadge, PublishStatusSelect } from "~/components/admin/publish-status";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { idSchema, readListFilters, statusChangeSchema, statusFilterOptions } from "~/lib/schemas/content";
import { auditActor, requireStaff } from "~/server/auth/session.server";
import { contentAction, contentFailure } from "~/server/content/action-results.server";
import { deletePage, listPages, setPageStatus } from "~/server/content/pages.server";
import { getServices } from "~/server/context.server";
import { requireFormData } from "~/server/http/form-data.server";
import type { Route } from "./+types/pages";

export function meta() {
  return [{ title: "Page Management | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const filters = readListFilters(new URL(request.url));
  const pages = await listPages(getServices(context).db, filters);
  return { filters, pages: pages.map(({ content: _content, ...page }) => page) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = auditActor(requireStaff(context));
  const { db } = getServices(context);
  const formData = await requireFormData(request);
  const intent = String(formData.get("intent"));
  if (intent === "set-status") {
    return contentAction(formData, intent, {
      schema: statusChangeSchema,
      run: ({ id, status }) => setPageStatus(db, id, status, actor),
      failure: "Failed to update page status",
      success: "Page status updated successfully",
    });
  }
  if (intent === "delete") {
    return contentAction(formData, intent, {
      schema: idSchema,
      run: ({ id }) => deletePage(db, id, actor),
      failure: "Failed to delete page",
      success: "Page deleted successfully",
    });
  }
  return contentFailure(intent, "Failed to update page", "Unknown action.");
}

type PageRow = Route.ComponentProps["loaderData"]["pages"][number];

export default function Pages({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const navigation = useNavigation();
  // Only while a filter change loads, not while the list revalidates after a change.
  const loading =
    navigation.state === "loading" &&
    navigation.formMethod !== "POST" &&
    navigation.location.pathname === "/admin/pages";
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
      {loading ? (
        <p className="py-12 text-center text-muted-foreground" role="status">
          Loading...
        </p>
      ) : pages.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">No pages found matching your criteria</p>
      ) : (
        <ul className="grid gap-4">
          {pages.map((page) => (
            <li key={page.id}>
              <PageCard page={page} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PageCard({ page }: { page: PageRow }) {
  const fetcher = useFetcher<typeof action>();
  useToastMessage(fetcher.data?.toast);
  const status = (fetcher.formData?.get("status") as PageRow["status"] | null) ?? page.status;
  const viewUrl = page.status === "published" ? `/${page.slug}` : `/admin/pages/${page.id}/preview`;
  return (
    <Card data-testid={`page-${page.slug}`}>
      <CardContent className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold text-lg">{page.title}</h2>
            <PublishStatusBadge status={page.status} />
          </div>
          <p className="font-mono text-muted-foreground text-sm">/{page.slug}</p>
          {page.metaDescription ? <p className="text-sm">{page.metaDescription}</p> : null}
          <p className="flex flex-wrap gap-x-4 text-muted-foreground text-xs">
            <span>Created {formatDate(page.createdAt)}</span>
            <span>Updated {formatDate(page.updatedAt)}</span>
            {page.publishedAt ? <span>Published {formatDate(page.publishedAt)}</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild size="sm" variant="outline">
            <a href={viewUrl} target="_blank" rel="noopener" aria-label={`View ${page.title}`}>
              <EyeIcon /> View
            </a>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={`/admin/pages/${page.id}/edit`} aria-label={`Edit ${page.title}`}>
              <PencilIcon /> Edit
            </Link>
          </Button>
          <PublishStatusSelect
            status={status}
            label={`Status of ${page.title}`}
            disabled={fetcher.state !== "idle"}
            onChange={(next) => fetcher.submit({ intent: "set-status", id: page.id, status: next }, { method: "post" })}
          />
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="destructive" aria-label={`Delete ${page.title}`}>
                <Trash2Icon />
              </Button>
            }
            title="Delete this page?"
            description={`"${page.title}" and its address /${page.slug} will be removed from the site.`}
            confirmLabel="Delete page"
            fields={{ intent: "delete", id: page.id }}
          />
        </div>
      </CardContent>
    </Card>
  );
}
