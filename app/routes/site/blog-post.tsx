import { data, Link } from "react-router";
import { FeaturedImage, PostHtml } from "~/components/site/blog";
import { ArrowLeftIcon } from "~/components/site/icons/arrow-left-icon";
import { NotFoundScreen } from "~/components/site/not-found-screen";
import { SiteBadge } from "~/components/site/site-badge";
import { brand } from "~/content/brand";
import { getServices } from "~/http/context.server";
import { renderMarkdown } from "~/lib/markdown";
import { baseUrlFrom, jsonLd, pageMeta } from "~/lib/seo";
import { findPublishedPost } from "~/server/content/blog.server";
import type { Route } from "./+types/blog-post";
import { formatPostDate } from "./blog";

/** An unknown post is the site's 404, inside the site's header and footer. */
export function ErrorBoundary() {
  return <NotFoundScreen />;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await findPublishedPost(getServices(context).db, params.slug);
  if (!post) throw data(null, { status: 404 });
  const { content, ...rest } = post;
  return { post: rest, html: renderMarkdown(content) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { post } = loaderData;
  const baseUrl = baseUrlFrom(matches);
  const path = `/blog/${post.slug}`;
  return [
    ...pageMeta(
      baseUrl,
      {
        title: `${post.metaTitle || post.title} | ${brand.name}`,
        description: post.metaDescription || post.excerpt || post.title,
        keywords: post.metaKeywords ? post.metaKeywords.split(",").map((word) => word.trim()) : post.tags,
        path,
        image: post.featuredImageUrl ?? undefined,
        type: "article",
      },
      { social: true },
    ),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: post.title,
      description: post.metaDescription || post.excerpt || undefined,
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      author: post.authorName
        ? { "@type": "Person", name: post.authorName }
        : { "@type": "Organization", name: brand.name },
      publisher: { "@type": "Organization", name: brand.name },
      image: post.featuredImageUrl ? new URL(post.featuredImageUrl, `${baseUrl}/`).toString() : undefined,
      mainEntityOfPage: `${baseUrl}${path}`,
    }),
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, html } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <Link to="/blog" className="inline-flex items-center gap-1 text-primary text-sm hover:underline">
        <ArrowLeftIcon className="size-4" aria-hidden /> Back to the blog
      </Link>
      <article className="mt-6">
        <header>
          {post.category ? <SiteBadge variant="secondary">{post.category}</SiteBadge> : null}
          <h1 className="mt-3 font-bold text-4xl tracking-tight">{post.title}</h1>
          <p className="mt-3 text-muted-foreground">
            {post.authorName ? `${post.authorName} · ` : ""}
            <time dateTime={post.publishedAt ?? undefined}>{formatPostDate(post.publishedAt)}</time> ·{" "}
            {post.readingMinutes} min read
          </p>
        </header>
        {post.featuredImageUrl ? (
          <FeaturedImage src={post.featuredImageUrl} className="mt-8 aspect-video w-full rounded-xl object-cover" />
        ) : null}
        <PostHtml html={html} />
      </article>
    </main>
  );
}
