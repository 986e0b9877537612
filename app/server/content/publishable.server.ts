import type { Updateable } from "kysely";
import type { PublishStatus } from "~/lib/schemas/content";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { changedFields } from "../audit/changes.server";
import type { Database, DB } from "../db/schema.server";
import { newId } from "../db/values.server";
import {
  assertSlugFree,
  auditSummary,
  createdBy,
  requireRow,
  type SluggedTable,
  slugTransaction,
  updatedBy,
} from "./slugs.server";

type Publishable = { title: string; slug: string; status: PublishStatus; publishedAt: string | null };
type PublishableInput = { title: string; slug: string; status: PublishStatus };
/** The columns every row of the pair must have on insert. */
type RequiredColumns = { title: string; slug: string; content: string; status: PublishStatus };

/**
 * Create, edit, publish and delete for a table of slugged, published content (pages, blog posts):
 * the same slug checks, stamps and audit entries for each, so the two cannot drift apart. What differs
 * is passed in: the columns an input fills and when the publish date moves.
 */
export function publishableContent<T extends SluggedTable, I extends PublishableInput, R extends Publishable>(content: {
  table: T;
  /** The audit log's entity type, which also begins each action's name (`page.create`). */
  entityType: string;
  find: (db: Database, id: string) => Promise<R | null>;
  columns: (input: I) => Updateable<DB[T]> & RequiredColumns;
  publishedAt: (before: Pick<R, "status" | "publishedAt"> | null, status: PublishStatus) => string | null;
}) {
  const { table, entityType, columns } = content;
  const rows: SluggedTable = table;
  const audit = auditOf(entityType);
  const require = (db: Database, id: string) => requireRow(table, content.find(db, id));

  async function create(db: Database, input: I, actor: AuditActor | null) {
    const id = newId();
    await slugTransaction(db, table, input.slug, async (trx) => {
      await assertSlugFree(trx, table, input.slug);
      const published_at = content.publishedAt(null, input.status);
      await trx
        .insertInto(rows)
        .values({ id, ...columns(input), published_at, ...createdBy(actor) })
        .execute();
      await audit(trx, actor, `${entityType}.create`, id, auditSummary(input));
    });
    return id;
  }

  async function update(db: Database, id: string, input: I, actor: AuditActor | null) {
    await slugTransaction(db, table, input.slug, async (trx) => {
      const before = await require(trx, id);
      await assertSlugFree(trx, table, input.slug, id);
      const publishedAt = content.publishedAt(before, input.status);
      await trx
        .updateTable(rows)
        .set({ ...columns(input), published_at: publishedAt, ...updatedBy(actor) })
        .where("id", "=", id)
        .execute();
      const changes = changedFields<Record<string, unknown>>(before, { ...input, publishedAt });
      await audit(trx, actor, `${entityType}.update`, id, { title: input.title, slug: input.slug, changes });
    });
  }

  async function setStatus(db: Database, id: string, status: PublishStatus, actor: AuditActor | null) {
    await db.transaction().execute(async (trx) => {
      const before = await require(trx, id);
      const publishedAt = content.publishedAt(before, status);
      await trx
        .updateTable(rows)
        .set({ status, published_at: publishedAt, ...updatedBy(actor) })
        .where("id", "=", id)
        .execute();
      const changes = changedFields<Publishable>(before, { status, publishedAt });
      await audit(trx, actor, `${entityType}.set_status`, id, { title: before.title, slug: before.slug, changes });
    });
  }

  async function remove(db: Database, id: string, actor: AuditActor | null) {
    await db.transaction().execute(async (trx) => {
      const before = await require(trx, id);
      await trx.deleteFrom(rows).where("id", "=", id).execute();
      await audit(trx, actor, `${entityType}.delete`, id, auditSummary(before));
    });
  }

  return { create, update, setStatus, remove };
}
