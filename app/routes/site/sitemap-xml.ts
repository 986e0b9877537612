import { builtInPagesUpdatedAt, sitemapSections } from "~/content/sitemap";
import { getServices } from "~/http/context.server";
import { listPublishedPosts } from "~/server/content/blog.server";
import { listPublishedPages } from "~/server/content/pages.server";
import type { Route } from "./+types/sitemap-xml";

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [posts, pages] = await Promise.all([listPublishedPosts(db), listPublishedPages(db)]);
  const entries = [
    ...sitemapSections
      .flatMap((section) => section.links)
      .map((link) => ({ path: link.to, lastmod: builtInPagesUpdatedAt })),
    ...pages.map((page) => ({ path: `/${page.slug}`, lastmod: page.updatedAt.slice(0, 10) })),
    ...posts.map((post) => ({
      path: `/blog/${post.slug}`,
      lastmod: (post.updatedAt ?? post.publishedAt ?? "").slice(0, 10),
    })),
  ];
  const urls = entries
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(`${config.baseUrl}${entry.path}`)}</loc><lastmod>${entry.lastmod}</lastmod></url>`,
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, no-cache" },
  });
}
