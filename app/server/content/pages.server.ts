import type { Updateable } from "kysely";
import type { PageInput, PublishStatus } from "~/lib/schemas/content";
import type { Page } from "~/lib/types/content";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { changedFields } from "../audit/changes.server";
import type { Database, DB, Row } from "../db/schema.server";
import { matchesAnyColumn } from "../db/search.server";
import { newId, now, pick } from "../db/values.server";
import { assertSlugFree, auditSummary, createdBy, requireRow, slugTransaction, updatedBy } from "./slugs.server";

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

const audit = auditOf("page");
const requirePage = (db: Database, id: string) => requireRow("pages", findPage(db, id));

export async function createPage(db: Database, input: PageInput, actor: AuditActor | null) {
  const id = newId();
  await slugTransaction(db, "pages", input.slug, async (trx) => {
    await assertSlugFree(trx, "pages", input.slug);
    const published_at = pagePublishedAt(null, input.status);
    await trx
      .insertInto("pages")
      .values({ id, ...pageColumns(input), published_at, ...createdBy(actor) })
      .execute();
    await audit(trx, actor, "page.create", id, auditSummary(input));
  });
  return id;
}

export async function updatePage(db: Database, id: string, input: PageInput, actor: AuditActor | null) {
  await slugTransaction(db, "pages", input.slug, async (trx) => {
    const before = await requirePage(trx, id);
    await assertSlugFree(trx, "pages", input.slug, id);
    const publishedAt = pagePublishedAt(before, input.status);
    await trx
      .updateTable("pages")
      .set({ ...pageColumns(input), published_at: publishedAt, ...updatedBy(actor) })
      .where("id", "=", id)
      .execute();
    const changes = changedFields<Record<string, unknown>>(before, { ...input, publishedAt });
    await audit(trx, actor, "page.update", id, { title: input.title, slug: input.slug, changes });
  });
}

export async function setPageStatus(db: Database, id: string, status: PublishStatus, actor: AuditActor | null) {
  await db.transaction().execute(async (trx) => {
    const before = await requirePage(trx, id);
    const publishedAt = pagePublishedAt(before, status);
    await trx
      .updateTable("pages")
      .set({ status, published_at: publishedAt, ...updatedBy(actor) })
      .where("id", "=", id)
      .execute();
    const changes = changedFields<Page>(before, { status, publishedAt });
    await audit(trx, actor, "page.set_status", id, { title: before.title, slug: before.slug, changes });
  });
}

export async function deletePage(db: Database, id: string, actor: AuditActor | null) {
  await db.transaction().execute(async (trx) => {
    const before = await requirePage(trx, id);
    await trx.deleteFrom("pages").where("id", "=", id).execute();
    await audit(trx, actor, "page.delete", id, auditSummary(before));
  });
}
