import { ArrowLeftIcon } from "lucide-react";
import { data, Link } from "react-router";
import { PublishStatusBadge } from "~/components/admin/publish-status";
import { FeaturedImage, PostHtml } from "~/components/site/blog";
import { getServices } from "~/http/context.server";
import { requireStaff } from "~/http/staff.server";
import { renderMarkdown } from "~/lib/markdown";
import { findPost } from "~/server/content/blog.server";
import { findPage } from "~/server/content/pages.server";
import type { Route } from "./+types/content-preview";

/** Staff-only preview of a page or post in any status, rendered exactly as the public site would. */
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Preview: ${loaderData?.title ?? "content"} | Admin` }];
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = getServices(context);
  const isPost = new URL(request.url).pathname.startsWith("/admin/blog/");
  const item = isPost ? await findPost(db, params.id) : await findPage(db, params.id);
  if (!item) throw data(null, { status: 404 });
  return {
    kind: isPost ? ("post" as const) : ("page" as const),
    title: item.title,
    status: item.status,
    publicUrl: isPost ? `/blog/${item.slug}` : `/${item.slug}`,
    featuredImageUrl: "featuredImageUrl" in item ? item.featuredImageUrl : null,
    html: renderMarkdown(item.content),
  };
}

export default function ContentPreview({ loaderData }: Route.ComponentProps) {
  const { kind, title, status, publicUrl, featuredImageUrl, html } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-dashed bg-background p-3 text-sm">
        <Link
          to={kind === "post" ? "/admin/blog" : "/admin/pages"}
          className="inline-flex items-center gap-1 text-primary hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden /> Back to {kind === "post" ? "blog posts" : "pages"}
        </Link>
        <span className="flex items-center gap-2">
          Preview <PublishStatusBadge status={status} />
          {status === "published" ? (
            <a href={publicUrl} className="text-primary hover:underline">
              Open {publicUrl}
            </a>
          ) : (
            <span className="text-muted-foreground">Visitors cannot see this until it is published.</span>
          )}
        </span>
      </div>
      <article className="mx-auto max-w-3xl rounded-xl bg-background p-6 sm:p-10">
        <h1 className="font-bold text-4xl tracking-tight">{title}</h1>
        {featuredImageUrl ? (
          <FeaturedImage src={featuredImageUrl} className="mt-8 aspect-video w-full rounded-xl object-cover" />
        ) : null}
        <PostHtml html={html} />
      </article>
    </div>
  );
}
