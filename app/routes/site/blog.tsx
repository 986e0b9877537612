import { Link } from "react-router";
import { FeaturedImage } from "~/components/site/blog";
import { NewsletterForm } from "~/components/site/forms/newsletter-form";
import { Calendar } from "~/components/site/icons/calendar";
import { Clock } from "~/components/site/icons/clock";
import { UserIcon } from "~/components/site/icons/user-icon";
import { Section } from "~/components/site/section";
import { PageHero } from "~/components/site/sections/page-hero";
import { SiteBadge } from "~/components/site/site-badge";
import { buttonVariants } from "~/components/ui/button-variants";
import { brand } from "~/content/brand";
import { getServices } from "~/http/context.server";
import { sitePageMeta } from "~/lib/seo";
import { listPublishedPosts } from "~/server/content/blog.server";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    title: `Blog | Paid Ads, Tracking & Automation Insights | ${brand.name}`,
    description:
      "Practical guides on Google Ads, Meta Ads, conversion tracking and marketing automation from our strategists.",
    keywords: ["ppc blog", "google ads tips", "meta ads strategy", "conversion tracking guide", "marketing automation"],
    path: "/blog",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const posts = await listPublishedPosts(getServices(context).db);
  return { posts: posts.map(({ content: _content, ...post }) => post) };
}

export function formatPostDate(iso: string | null) {
  return iso ? new Date(iso).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" }) : "";
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <PageHero
        eyebrow="Blog"
        title="Insights for growing brands"
        intro="Strategies we use every day across 500+ campaigns."
      />
      <Section id="posts">
        {loaderData.posts.length === 0 ? (
          <p className="text-center text-muted-foreground">No posts yet. Check back soon.</p>
        ) : (
          // Each card keeps its own height: one without an image is not stretched to its neighbour's.
          <ul className="grid items-start gap-8 md:grid-cols-2">
            {loaderData.posts.map((post, index) => (
              <li key={post.id}>
                <article className="flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
                  {post.featuredImageUrl ? (
                    <FeaturedImage
                      src={post.featuredImageUrl}
                      // The first card's image is the largest thing a phone shows at first: fetch it at once.
                      loading={index === 0 ? "eager" : "lazy"}
                      fetchPriority={index === 0 ? "high" : "auto"}
                      className="aspect-video w-full object-cover"
                    />
                  ) : null}
                  <div className="flex flex-1 flex-col p-6">
                    {post.category ? (
                      <SiteBadge variant="secondary" className="w-fit">
                        {post.category}
                      </SiteBadge>
                    ) : null}
                    <h2 className="mt-3 font-bold text-xl">
                      <Link to={`/blog/${post.slug}`} className="hover:text-primary">
                        {post.title}
                      </Link>
                    </h2>
                    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-sm">
                      {post.authorName ? (
                        <span className="flex items-center gap-1">
                          <UserIcon className="size-4" aria-hidden /> {post.authorName}
                        </span>
                      ) : null}
                      <span className="flex items-center gap-1">
                        <Calendar className="size-4" aria-hidden />
                        <time dateTime={post.publishedAt ?? undefined}>{formatPostDate(post.publishedAt)}</time>
                      </span>
                      <span className="flex items-center gap-1">
                        <Clock className="size-4" aria-hidden /> {post.readingMinutes} min read
                      </span>
                    </p>
                    {post.excerpt ? <p className="mt-3 text-muted-foreground">{post.excerpt}</p> : null}
                    <Link
                      to={`/blog/${post.slug}`}
                      className={buttonVariants({ variant: "outline", className: "mt-5 w-fit" })}
                      aria-label={`Read More: ${post.title}`}
                    >
                      Read More
                    </Link>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section
        id="newsletter"
        title="Get new posts by e-mail"
        description="One practical e-mail a month. Unsubscribe any time."
        tone="muted"
      >
        <NewsletterForm />
      </Section>
    </main>
  );
}
