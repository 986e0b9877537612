import { formatDate, PublishActions, PublishStatusBadge } from "~/components/admin/publish-status";
import { Card, CardContent } from "~/components/ui/card";
import type { Page } from "~/lib/types/content";

export type PageRow = Omit<Page, "content">;

/** One page in the list: its address and dates, and its View, Edit, status and Delete controls. */
export function PageCard({ page }: { page: PageRow }) {
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
        <PublishActions
          item={page}
          viewUrl={viewUrl}
          edit={{ to: `/admin/pages/${page.id}/edit` }}
          remove={{
            title: "Delete this page?",
            description: `"${page.title}" and its address /${page.slug} will be removed from the site.`,
            confirmLabel: "Delete page",
          }}
          className="flex flex-wrap items-center gap-2"
        />
      </CardContent>
    </Card>
  );
}
