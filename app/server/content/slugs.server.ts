import type { Updateable } from "kysely";
import type { PublishStatus } from "~/lib/schemas/content";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { changedFields } from "../audit/changes.server";
import { transactionOrConflict } from "../db/database.server";
import type { Database, DB } from "../db/schema.server";
import { newId, now } from "../db/values.server";

type Published = { title: string; slug: string; status: PublishStatus; publishedAt: string | null };
type Input = Pick<Published, "title" | "slug" | "status">;

type PublishedTable = "blog_posts" | "pages";

/** The columns both tables require. */
type SharedColumns = Input & { content: string };

/**
 * What a save of one kind writes besides the stamps: the shared columns and its own table's. A kind's
 * `columns` function declares this as its return type, so a column its table lacks fails to compile.
 */
export type PublishedColumns<TB extends PublishedTable> = SharedColumns & Updateable<DB[TB]>;

/** Blog posts and pages: each has a slug of its own, a publish status and a publish date. */
export type PublishedKind<TB extends PublishedTable, T extends Published, I extends Input> = {
  table: TB;
  /** How messages name one: "blog post", "page". */
  noun: string;
  /** The audit's entity type and the prefix of its actions. */
  entityType: string;
  find: (db: Database, id: string) => Promise<T | null>;
  /** The publish date after a save with `status`; `before` is null for a new one. */
  publishedAt: (before: Pick<Published, "status" | "publishedAt"> | null, status: PublishStatus) => string | null;
  /** Its own columns, from what the editor posted. */
  columns: (input: I) => PublishedColumns<TB>;
};

/** Creating, editing, publishing and deleting one kind, each audited; the slug stays unique to the kind. */
export function publishedWrites<TB extends PublishedTable, T extends Published, I extends Input>(
  kind: PublishedKind<TB, T, I>,
) {
  // The queries below see only what both tables share; each kind's own columns were checked against
  // its table where the kind is declared.
  const table: PublishedTable = kind.table;
  const columns = (input: I): SharedColumns => kind.columns(input);
  const audit = auditOf(kind.entityType);
  const slugConflict = (slug: string) =>
    new AppError("CONFLICT", `Another ${kind.noun} already uses the slug "${slug}".`, { field: "slug" });

  async function requirePublished(db: Database, id: string) {
    const found = await kind.find(db, id);
    if (!found) throw new AppError("NOT_FOUND", `This ${kind.noun} no longer exists.`);
    return found;
  }

  /** Refuses a slug another one of the kind (other than `exceptId`) already has. */
  async function assertSlugFree(db: Database, slug: string, exceptId?: string) {
    let query = db.selectFrom(table).select("id").where("slug", "=", slug);
    if (exceptId) query = query.where("id", "!=", exceptId);
    if (await query.executeTakeFirst()) throw slugConflict(slug);
  }

  return {
    async create(db: Database, input: I, actor: AuditActor | null) {
      const id = newId();
      const at = now();
      // A race lost for the slug, at the unique index, is the same conflict as the check's.
      await transactionOrConflict(
        db,
        () => slugConflict(input.slug),
        async (trx) => {
          await assertSlugFree(trx, input.slug);
          await trx
            .insertInto(table)
            .values({
              id,
              ...columns(input),
              published_at: kind.publishedAt(null, input.status),
              created_at: at,
              updated_at: at,
              created_by: actor?.id ?? null,
              updated_by: actor?.id ?? null,
            })
            .execute();
          await audit(trx, actor, `${kind.entityType}.create`, id, {
            title: input.title,
            slug: input.slug,
            status: input.status,
          });
        },
      );
      return id;
    },

    async update(db: Database, id: string, input: I, actor: AuditActor | null) {
      await transactionOrConflict(
        db,
        () => slugConflict(input.slug),
        async (trx) => {
          const before = await requirePublished(trx, id);
          await assertSlugFree(trx, input.slug, id);
          const publishedAt = kind.publishedAt(before, input.status);
          await trx
            .updateTable(table)
            .set({
              ...columns(input),
              published_at: publishedAt,
              updated_at: now(),
              updated_by: actor?.id ?? null,
            })
            .where("id", "=", id)
            .execute();
          const changes = changedFields<Record<string, unknown>>(before, { ...input, publishedAt });
          await audit(trx, actor, `${kind.entityType}.update`, id, { title: input.title, slug: input.slug, changes });
        },
      );
    },

    async setStatus(db: Database, id: string, status: PublishStatus, actor: AuditActor | null) {
      await db.transaction().execute(async (trx) => {
        const before = await requirePublished(trx, id);
        const publishedAt = kind.publishedAt(before, status);
        await trx
          .updateTable(table)
          .set({ status, published_at: publishedAt, updated_at: now(), updated_by: actor?.id ?? null })
          .where("id", "=", id)
          .execute();
        await audit(trx, actor, `${kind.entityType}.set_status`, id, {
          title: before.title,
          slug: before.slug,
          changes: changedFields<Published>(before, { status, publishedAt }),
        });
      });
    },

    async remove(db: Database, id: string, actor: AuditActor | null) {
      await db.transaction().execute(async (trx) => {
        const before = await requirePublished(trx, id);
        await trx.deleteFrom(table).where("id", "=", id).execute();
        await audit(trx, actor, `${kind.entityType}.delete`, id, {
          title: before.title,
          slug: before.slug,
          status: before.status,
        });
      });
    },
  };
}
