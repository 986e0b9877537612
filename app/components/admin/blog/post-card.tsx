import { ImageIcon } from "lucide-react";
import { formatDate, PublishActions, PublishStatusBadge } from "~/components/admin/publish-status";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent } from "~/components/ui/card";
import type { BlogPost } from "~/lib/types/content";

/** One post in the list: its image, address and date, and its View, Edit, status and Delete controls. */
export function PostCard({ post, onEdit }: { post: BlogPost; onEdit: () => void }) {
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
        <PublishActions
          item={post}
          viewUrl={viewUrl}
          edit={{ onClick: onEdit }}
          remove={{
            title: "Delete this blog post?",
            description: `"${post.title}" will be removed from the blog for good.`,
            confirmLabel: "Delete post",
          }}
          className="flex flex-wrap items-center gap-2 md:justify-end"
        />
      </CardContent>
    </Card>
  );
}
