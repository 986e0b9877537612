import { EyeIcon, ImageIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { formatDate, PublishStatusBadge, PublishStatusSelect } from "~/components/admin/publish-status";
import { useToastMessage } from "~/components/show-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import type { ActionResult } from "~/http/action-result.server";
import type { PublishStatus } from "~/lib/schemas/content";
import type { BlogPost } from "~/server/content/blog.server";

/** One post in the list: its image, address and date, and its View, Edit, status and Delete controls. */
export function PostCard({ post, onEdit }: { post: BlogPost; onEdit: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  useToastMessage(fetcher.data?.toast);
  const status = (fetcher.formData?.get("status") as PublishStatus | null) ?? post.status;
  const viewUrl = post.status === "published" ? `/blog/${post.slug}` : `/admin/blog/${post.id}/preview`;
  return (
    <Card data-testid={`post-${post.slug}`}>
      <CardContent className="flex flex-col gap-4 md:flex-row md:items-start">
        <div className="grid aspect-video w-full shrink-0 place-items-center overflow-hidden rounded-md border bg-muted md:w-40">
          {post.featuredImageUrl ? (
            <img src={post.featuredImageUrl} alt="" loading="lazy" className="size-full object-cover" />
          ) : (
            <ImageIcon className="size-6 text-muted-foreground" aria-hidden />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold text-lg">{post.title}</h2>
            <PublishStatusBadge status={post.status} />
            {post.category ? <Badge variant="outline">{post.category}</Badge> : null}
          </div>
          <p className="font-mono text-muted-foreground text-sm">/blog/{post.slug}</p>
          {post.excerpt ? <p className="line-clamp-2 text-sm">{post.excerpt}</p> : null}
          <p className="text-muted-foreground text-xs">
            {post.publishedAt ? `Published ${formatDate(post.publishedAt)}` : `Created ${formatDate(post.createdAt)}`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 md:justify-end">
          <Button asChild size="sm" variant="outline">
            <a href={viewUrl} target="_blank" rel="noopener" aria-label={`View ${post.title}`}>
              <EyeIcon /> View
            </a>
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${post.title}`}>
            <PencilIcon /> Edit
          </Button>
          <PublishStatusSelect
            status={status}
            label={`Status of ${post.title}`}
            disabled={fetcher.state !== "idle"}
            onChange={(next) => fetcher.submit({ intent: "set-status", id: post.id, status: next }, { method: "post" })}
          />
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="destructive" aria-label={`Delete ${post.title}`}>
                <Trash2Icon />
              </Button>
            }
            title="Delete this blog post?"
            description={`"${post.title}" will be removed from the blog for good.`}
            confirmLabel="Delete post"
            fields={{ intent: "delete", id: post.id }}
          />
        </div>
      </CardContent>
    </Card>
  );
}
