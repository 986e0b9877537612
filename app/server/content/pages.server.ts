import type { Updateable } from "kysely";
import type { PageInput, PublishStatus } from "~/lib/schemas/content";
import type { Page } from "~/lib/types/content";
import type { Database, DB, Row } from "../db/schema.server";
import { matchesAnyColumn } from "../db/search.server";
import { now, pick } from "../db/values.server";
import { publishableContent } from "./publishable.server";

function toPage(row: Row<"pages">): Page {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    metaDescription: row.meta_description,
    content: row.content,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
  };
}

export type PageFilters = { search?: string; status?: PublishStatus };

/** The admin list, most recently updated first. */
export async function listPages(db: Database, filters: PageFilters = {}) {
  let query = db.selectFrom("pages").selectAll().orderBy("updated_at", "desc").orderBy("id");
  if (filters.status) query = query.where("status", "=", filters.status);
  const term = filters.search?.trim();
  if (term) {
    query = query.where((eb) => matchesAnyColumn(eb, ["title", "slug", "meta_description"], term));
  }
  return (await query.execute()).map(toPage);
}

export async function findPage(db: Database, id: string) {
  const row = await db.selectFrom("pages").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toPage(row) : null;
}

export async function findPublishedPage(db: Database, slug: string) {
  const row = await db
    .selectFrom("pages")
    .selectAll()
    .where("slug", "=", slug)
    .where("status", "=", "published")
    .executeTakeFirst();
  return row ? toPage(row) : null;
}

export async function listPublishedPages(db: Database) {
  const rows = await db
    .selectFrom("pages")
    .select(["title", "slug", "updated_at", "published_at"])
    .where("status", "=", "published")
    .orderBy("title")
    .execute();
  return rows.map((row) => ({ title: row.title, slug: row.slug, updatedAt: row.updated_at }));
}

/**
 * Choosing published stamps the publish date; a page that already has one keeps it, and other
 * statuses leave it as it was: unlike a post, a page is not dated for readers, so the first publication is kept.
 */
export function pagePublishedAt(before: Pick<Page, "status" | "publishedAt"> | null, status: PublishStatus) {
  if (status !== "published") return before?.publishedAt ?? null;
  if (before?.status === "published" && before.publishedAt) return before.publishedAt;
  return now();
}

function pageColumns(input: PageInput) {
  return {
    ...pick(input, ["title", "slug", "content", "status"]),
    meta_description: input.metaDescription,
  } satisfies Updateable<DB["pages"]>;
}

export const {
  create: createPage,
  update: updatePage,
  setStatus: setPageStatus,
  remove: deletePage,
} = publishableContent({
  table: "pages",
  entityType: "page",
  find: findPage,
  columns: pageColumns,
  publishedAt: pagePublishedAt,
});
