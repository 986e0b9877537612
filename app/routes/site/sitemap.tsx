import { LinkList } from "~/components/site/link-list";
import { Section } from "~/components/site/section";
import { PageHero } from "~/components/site/sections/page-hero";
import { brand } from "~/content/brand";
import { sitemapSections } from "~/content/sitemap";
import { getServices } from "~/http/context.server";
import { sitePageMeta } from "~/lib/seo";
import { listPublishedPosts } from "~/server/content/blog.server";
import { listPublishedPages } from "~/server/content/pages.server";
import type { Route } from "./+types/sitemap";

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    title: `Sitemap | ${brand.name}`,
    description: `Every page of the ${brand.name} website in one place.`,
    keywords: ["sitemap", brand.name.toLowerCase()],
    path: "/sitemap",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const [posts, pages] = await Promise.all([listPublishedPosts(db), listPublishedPages(db)]);
  return {
    posts: posts.map((post) => ({ title: post.title, slug: post.slug })),
    pages: pages.map((page) => ({ title: page.title, slug: page.slug })),
  };
}

export default function Sitemap({ loaderData }: Route.ComponentProps) {
  const sections = [
    ...sitemapSections,
    ...(loaderData.pages.length
      ? [{ title: "Pages", links: loaderData.pages.map((page) => ({ label: page.title, to: `/${page.slug}` })) }]
      : []),
    { title: "Blog posts", links: loaderData.posts.map((post) => ({ label: post.title, to: `/blog/${post.slug}` })) },
  ];
  return (
    <main>
      <PageHero title="Sitemap" />
      <Section>
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-3">
          {sections.map((section) => (
            <nav key={section.title} aria-label={section.title}>
              <h2 className="font-semibold text-lg">{section.title}</h2>
              <LinkList className="mt-3 space-y-2" links={section.links} linkClassName="text-primary hover:underline" />
            </nav>
          ))}
        </div>
      </Section>
    </main>
  );
}
