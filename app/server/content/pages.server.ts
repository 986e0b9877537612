import type { PageInput, PublishStatus } from "~/lib/schemas/content";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { changedFields } from "../audit/changes.server";
import { isUniqueViolation } from "../db/database.server";
import type { Database, Row } from "../db/schema.server";
import { matchesAnyColumn } from "../db/search.server";
import { newId, now } from "../db/values.server";

const auditPage = auditOf("page");

export type Page = ReturnType<typeof toPage>;

function toPage(row: Row<"pages">) {
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

async function requirePage(db: Database, id: string) {
  const page = await findPage(db, id);
  if (!page) throw new AppError("NOT_FOUND", "This page no longer exists.");
  return page;
}

async function assertSlugFree(db: Database, slug: string, exceptId?: string) {
  let query = db.selectFrom("pages").select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) {
    throw new AppError("CONFLICT", `Another page already uses the slug "${slug}".`, { field: "slug" });
  }
}

function slugTaken(error: unknown, slug: string): never {
  if (isUniqueViolation(error))
    throw new AppError("CONFLICT", `Another page already uses the slug "${slug}".`, { field: "slug" });
  throw error;
}

export async function createPage(db: Database, input: PageInput, actor: AuditActor | null) {
  const id = newId();
  const at = now();
  await db
    .transaction()
    .execute(async (trx) => {
      await assertSlugFree(trx, input.slug);
      await trx
        .insertInto("pages")
        .values({
          id,
          title: input.title,
          slug: input.slug,
          meta_description: input.metaDescription,
          content: input.content,
          status: input.status,
          created_at: at,
          updated_at: at,
          published_at: pagePublishedAt(null, input.status),
          created_by: actor?.id ?? null,
          updated_by: actor?.id ?? null,
        })
        .execute();
    })
    .catch((error) => slugTaken(error, input.slug));
  await auditPage(db, actor, "page.create", id, { title: input.title, slug: input.slug, status: input.status });
  return id;
}

export async function updatePage(db: Database, id: string, input: PageInput, actor: AuditActor | null) {
  const changes = await db
    .transaction()
    .execute(async (trx) => {
      const before = await requirePage(trx, id);
      await assertSlugFree(trx, input.slug, id);
      const after = { ...input, publishedAt: pagePublishedAt(before, input.status) };
      await trx
        .updateTable("pages")
        .set({
          title: after.title,
          slug: after.slug,
          meta_description: after.metaDescription,
          content: after.content,
          status: after.status,
          published_at: after.publishedAt,
          updated_at: now(),
          updated_by: actor?.id ?? null,
        })
        .where("id", "=", id)
        .execute();
      return { title: after.title, slug: after.slug, changes: changedFields(before, after) };
    })
    .catch((error) => slugTaken(error, input.slug));
  await auditPage(db, actor, "page.update", id, changes);
}

export async function setPageStatus(db: Database, id: string, status: PublishStatus, actor: AuditActor | null) {
  const summary = await db.transaction().execute(async (trx) => {
    const before = await requirePage(trx, id);
    const publishedAt = pagePublishedAt(before, status);
    await trx
      .updateTable("pages")
      .set({ status, published_at: publishedAt, updated_at: now(), updated_by: actor?.id ?? null })
      .where("id", "=", id)
      .execute();
    return { title: before.title, slug: before.slug, changes: changedFields(before, { status, publishedAt }) };
  });
  await auditPage(db, actor, "page.set_status", id, summary);
}

export async function deletePage(db: Database, id: string, actor: AuditActor | null) {
  const page = await requirePage(db, id);
  await db.deleteFrom("pages").where("id", "=", id).execute();
  await auditPage(db, actor, "page.delete", id, { title: page.title, slug: page.slug, status: page.status });
}
