import { readingMinutes } from "~/lib/markdown";
import type { BlogPostInput, PublishStatus } from "~/lib/schemas/content";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { changedFields } from "../audit/changes.server";
import { isUniqueViolation } from "../db/database.server";
import type { Database, Row } from "../db/schema.server";
import { matchesAnyColumn } from "../db/search.server";
import { fromJson, newId, now, toJson } from "../db/values.server";

const auditBlogPost = auditOf("blog_post");

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

async function requirePost(db: Database, id: string) {
  const post = await findPost(db, id);
  if (!post) throw new AppError("NOT_FOUND", "This blog post no longer exists.");
  return post;
}

async function assertPostSlugFree(db: Database, slug: string, exceptId?: string) {
  let query = db.selectFrom("blog_posts").select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) {
    throw new AppError("CONFLICT", `Another blog post already uses the slug "${slug}".`, { field: "slug" });
  }
}

function postSlugTaken(error: unknown, slug: string): never {
  if (isUniqueViolation(error)) {
    throw new AppError("CONFLICT", `Another blog post already uses the slug "${slug}".`, { field: "slug" });
  }
  throw error;
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
  };
}

export async function createPost(db: Database, input: BlogPostInput, actor: AuditActor | null) {
  const id = newId();
  const at = now();
  await db
    .transaction()
    .execute(async (trx) => {
      await assertPostSlugFree(trx, input.slug);
      await trx
        .insertInto("blog_posts")
        .values({
          id,
          ...postColumns(input),
          author_name: null,
          published_at: postPublishedAt(null, input.status),
          created_at: at,
          updated_at: at,
          created_by: actor?.id ?? null,
          updated_by: actor?.id ?? null,
        })
        .execute();
    })
    .catch((error) => postSlugTaken(error, input.slug));
  await auditBlogPost(db, actor, "blog_post.create", id, {
    title: input.title,
    slug: input.slug,
    status: input.status,
  });
  return id;
}

export async function updatePost(db: Database, id: string, input: BlogPostInput, actor: AuditActor | null) {
  const summary = await db
    .transaction()
    .execute(async (trx) => {
      const before = await requirePost(trx, id);
      await assertPostSlugFree(trx, input.slug, id);
      const publishedAt = postPublishedAt(before, input.status);
      await trx
        .updateTable("blog_posts")
        .set({ ...postColumns(input), published_at: publishedAt, updated_at: now(), updated_by: actor?.id ?? null })
        .where("id", "=", id)
        .execute();
      return { title: input.title, slug: input.slug, changes: changedFields(before, { ...input, publishedAt }) };
    })
    .catch((error) => postSlugTaken(error, input.slug));
  await auditBlogPost(db, actor, "blog_post.update", id, summary);
}

export async function setPostStatus(db: Database, id: string, status: PublishStatus, actor: AuditActor | null) {
  const summary = await db.transaction().execute(async (trx) => {
    const before = await requirePost(trx, id);
    const publishedAt = postPublishedAt(before, status);
    await trx
      .updateTable("blog_posts")
      .set({ status, published_at: publishedAt, updated_at: now(), updated_by: actor?.id ?? null })
      .where("id", "=", id)
      .execute();
    return { title: before.title, slug: before.slug, changes: changedFields(before, { status, publishedAt }) };
  });
  await auditBlogPost(db, actor, "blog_post.set_status", id, summary);
}

export async function deletePost(db: Database, id: string, actor: AuditActor | null) {
  const post = await requirePost(db, id);
  await db.deleteFrom("blog_posts").where("id", "=", id).execute();
  await auditBlogPost(db, actor, "blog_post.delete", id, { title: post.title, slug: post.slug, status: post.status });
}
