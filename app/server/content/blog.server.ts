import type { Updateable } from "kysely";
import { readingMinutes } from "~/lib/markdown";
import type { BlogPostInput, PublishStatus } from "~/lib/schemas/content";
import type { BlogPost } from "~/lib/types/content";
import type { Database, DB, Row } from "../db/schema.server";
import { matchesAnyColumn } from "../db/search.server";
import { fromJson, now, toJson } from "../db/values.server";
import { publishableContent } from "./publishable.server";

export function toBlogPost(row: Row<"blog_posts">): BlogPost {
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

export type BlogFilters = { search?: string; status?: PublishStatus; category?: string };

/** The admin list: every status, newest first. */
export async function listPosts(db: Database, filters: BlogFilters = {}) {
  let query = db.selectFrom("blog_posts").selectAll().orderBy("created_at", "desc").orderBy("id");
  if (filters.status) query = query.where("status", "=", filters.status);
  if (filters.category) query = query.where("category", "=", filters.category);
  const term = filters.search?.trim();
  if (term) {
    query = query.where((eb) => matchesAnyColumn(eb, ["title", "slug", "excerpt"], term));
  }
  return (await query.execute()).map(toBlogPost);
}

/** The distinct categories in use, for the category filter. */
export async function listPostCategories(db: Database) {
  const rows = await db
    .selectFrom("blog_posts")
    .select("category")
    .distinct()
    .where("category", "is not", null)
    .where("category", "!=", "")
    .orderBy("category")
    .execute();
  return rows.map((row) => row.category as string);
}

export async function findPost(db: Database, id: string) {
  const row = await db.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toBlogPost(row) : null;
}

/**
 * Publishing stamps the date, re-saving a published post keeps it, anything else clears it. A fix to
 * a typo must not move a post to the top of the blog or change its date in feeds and search results.
 */
export function postPublishedAt(before: Pick<BlogPost, "status" | "publishedAt"> | null, status: PublishStatus) {
  if (status !== "published") return null;
  if (before?.status === "published" && before.publishedAt) return before.publishedAt;
  return now();
}

function postColumns(input: BlogPostInput) {
  return {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    content: input.content,
    featured_image_url: input.featuredImageUrl,
    meta_title: input.metaTitle,
    meta_description: input.metaDescription,
    meta_keywords: input.metaKeywords,
    category: input.category,
    tags: toJson(input.tags),
    status: input.status,
  } satisfies Updateable<DB["blog_posts"]>;
}

export const {
  create: createPost,
  update: updatePost,
  setStatus: setPostStatus,
  remove: deletePost,
} = publishableContent({
  table: "blog_posts",
  entityType: "blog_post",
  find: findPost,
  columns: postColumns,
  publishedAt: postPublishedAt,
});
