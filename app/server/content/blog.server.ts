import { readingMinutes } from "~/lib/markdown";
import type { Database, Row } from "../db/schema.server";
import { fromJson } from "../db/values.server";

export type BlogPost = ReturnType<typeof toBlogPost>;

export function toBlogPost(row: Row<"blog_posts">) {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    featuredImageUrl: row.featured_image_url,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    metaKeywords: row.meta_keywords,
    category: row.category,
    tags: fromJson<string[]>(row.tags, []),
    authorName: row.author_name,
    status: row.status,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    readingMinutes: readingMinutes(row.content),
  };
}

export async function listPublishedPosts(db: Database) {
  const rows = await db
    .selectFrom("blog_posts")
    .selectAll()
    .where("status", "=", "published")
    .orderBy("published_at", "desc")
    .execute();
  return rows.map(toBlogPost);
}

export async function findPublishedPost(db: Database, slug: string) {
  const row = await db
    .selectFrom("blog_posts")
    .selectAll()
    .where("slug", "=", slug)
    .where("status", "=", "published")
    .executeTakeFirst();
  return row ? toBlogPost(row) : null;
}
