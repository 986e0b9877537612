import { data } from "react-router";
import { PostHtml } from "~/components/site/blog";
import { NotFoundScreen } from "~/components/site/not-found-screen";
import { brand } from "~/content/brand";
import { getServices } from "~/http/context.server";
import { renderMarkdown } from "~/lib/markdown";
import { sitePageMeta } from "~/lib/seo";
import { SLUG_PATTERN } from "~/lib/slug";
import { findPublishedPage } from "~/server/content/pages.server";
import type { Route } from "./+types/not-found";

/**
 * Every address no built-in route answers: a published page when `/{slug}` names one (staff write
 * them in Page Management), otherwise the 404 screen with a 404 status.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params["*"] ?? "";
  const page = SLUG_PATTERN.test(slug) ? await findPublishedPage(getServices(context).db, slug) : null;
  if (!page) throw data(null, { status: 404 });
  return {
    page: {
      title: page.title,
      slug: page.slug,
      metaDescription: page.metaDescription,
      publishedAt: page.publishedAt,
      updatedAt: page.updatedAt,
    },
    html: renderMarkdown(page.content),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { page } = loaderData;
  return sitePageMeta(
    matches,
    {
      title: `${page.title} | ${brand.name}`,
      description: page.metaDescription || page.title,
      keywords: [],
      path: `/${page.slug}`,
    },
    { social: true },
  );
};

export function ErrorBoundary() {
  return <NotFoundScreen />;
}

export default function PublishedPage({ loaderData }: Route.ComponentProps) {
  const { page, html } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <article>
        <h1 className="font-bold text-4xl tracking-tight">{page.title}</h1>
        <PostHtml html={html} />
      </article>
    </main>
  );
}
