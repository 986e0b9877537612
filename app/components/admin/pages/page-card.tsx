import { EyeIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { formatDate, PublishStatusBadge, PublishStatusSelect } from "~/components/admin/publish-status";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import type { ActionResult } from "~/http/action-result.server";
import type { PublishStatus } from "~/lib/schemas/content";
import type { Page } from "~/server/content/pages.server";

export type PageRow = Omit<Page, "content">;

/** One page in the list: its address and dates, and its View, Edit, status and Delete controls. */
export function PageCard({ page }: { page: PageRow }) {
  const fetcher = useFetcher<ActionResult>();
  useToastMessage(fetcher.data?.toast);
  const status = (fetcher.formData?.get("status") as PublishStatus | null) ?? page.status;
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
