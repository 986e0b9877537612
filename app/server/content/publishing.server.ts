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

/** What a save writes besides the stamps: the columns both tables require, and each one's own. */
type OwnColumns = Input & { content: string } & Updateable<DB["blog_posts"]> & Updateable<DB["pages"]>;

/** Blog posts and pages: each has a slug of its own, a publish status and a publish date. */
export type PublishedKind<T extends Published, I extends Input> = {
  table: "blog_posts" | "pages";
  /** How messages name one: "blog post", "page". */
  noun: string;
  /** The audit's entity type and the prefix of its actions. */
  entityType: string;
  find: (db: Database, id: string) => Promise<T | null>;
  /** The publish date after a save with `status`; `before` is null for a new one. */
  publishedAt: (before: Pick<Published, "status" | "publishedAt"> | null, status: PublishStatus) => string | null;
  /** Its own columns, from what the editor posted. */
  columns: (input: I) => OwnColumns;
};

/** Creating, editing, publishing and deleting one kind, each audited; the slug stays unique to the kind. */
export function publishedWrites<T extends Published, I extends Input>(kind: PublishedKind<T, I>) {
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
    let query = db.selectFrom(kind.table).select("id").where("slug", "=", slug);
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
            .insertInto(kind.table)
            .values({
              id,
              ...kind.columns(input),
              published_at: kind.publishedAt(null, input.status),
              created_at: at,
              updated_at: at,
              created_by: actor?.id ?? null,
              updated_by: actor?.id ?? null,
            })
            .execute();
        },
      );
      await audit(db, actor, `${kind.entityType}.create`, id, {
        title: input.title,
        slug: input.slug,
        status: input.status,
      });
      return id;
    },

    async update(db: Database, id: string, input: I, actor: AuditActor | null) {
      const summary = await transactionOrConflict(
        db,
        () => slugConflict(input.slug),
        async (trx) => {
          const before = await requirePublished(trx, id);
          await assertSlugFree(trx, input.slug, id);
          const publishedAt = kind.publishedAt(before, input.status);
          await trx
            .updateTable(kind.table)
            .set({
              ...kind.columns(input),
              published_at: publishedAt,
              updated_at: now(),
              updated_by: actor?.id ?? null,
            })
            .where("id", "=", id)
            .execute();
          const changes = changedFields<Record<string, unknown>>(before, { ...input, publishedAt });
          return { title: input.title, slug: input.slug, changes };
        },
      );
      await audit(db, actor, `${kind.entityType}.update`, id, summary);
    },

    async setStatus(db: Database, id: string, status: PublishStatus, actor: AuditActor | null) {
      const summary = await db.transaction().execute(async (trx) => {
        const before = await requirePublished(trx, id);
        const publishedAt = kind.publishedAt(before, status);
        await trx
          .updateTable(kind.table)
          .set({ status, published_at: publishedAt, updated_at: now(), updated_by: actor?.id ?? null })
          .where("id", "=", id)
          .execute();
        return {
          title: before.title,
          slug: before.slug,
          changes: changedFields<Published>(before, { status, publishedAt }),
        };
      });
      await audit(db, actor, `${kind.entityType}.set_status`, id, summary);
    },

    async remove(db: Database, id: string, actor: AuditActor | null) {
      const before = await requirePublished(db, id);
      await db.deleteFrom(kind.table).where("id", "=", id).execute();
      await audit(db, actor, `${kind.entityType}.delete`, id, {
        title: before.title,
        slug: before.slug,
        status: before.status,
      });
    },
  };
}
