import type { PublishStatus } from "~/lib/schemas/content";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { changedFields } from "../audit/changes.server";
import { transactionOrConflict } from "../db/database.server";
import type { Database } from "../db/schema.server";
import { newId, now } from "../db/values.server";

type Published = { title: string; slug: string; status: PublishStatus; publishedAt: string | null };

/** Blog posts and pages: each has a slug of its own, a publish status and a publish date. */
export type PublishedKind<T extends Published> = {
  table: "blog_posts" | "pages";
  /** How messages name one: "blog post", "page". */
  noun: string;
  /** The audit's entity type and the prefix of its actions. */
  entityType: string;
  find: (db: Database, id: string) => Promise<T | null>;
  /** The publish date after a save with `status`; `before` is null for a new one. */
  publishedAt: (before: Pick<Published, "status" | "publishedAt"> | null, status: PublishStatus) => string | null;
};

type Input = Pick<Published, "title" | "slug" | "status">;

/** The columns every write stamps besides the entity's own. */
type NewStamps = {
  id: string;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
};
type UpdateStamps = Pick<NewStamps, "published_at" | "updated_at" | "updated_by">;

async function requirePublished<T extends Published>(db: Database, kind: PublishedKind<T>, id: string) {
  const found = await kind.find(db, id);
  if (!found) throw new AppError("NOT_FOUND", `This ${kind.noun} no longer exists.`);
  return found;
}

function slugConflict(kind: PublishedKind<Published>, slug: string) {
  return new AppError("CONFLICT", `Another ${kind.noun} already uses the slug "${slug}".`, { field: "slug" });
}

/** Refuses a slug another one of the kind (other than `exceptId`) already has. */
async function assertSlugFree(db: Database, kind: PublishedKind<Published>, slug: string, exceptId?: string) {
  let query = db.selectFrom(kind.table).select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) throw slugConflict(kind, slug);
}

/** Checks the slug is free, then `insert`s the row with the stamps; a race lost for the slug is the same conflict. */
export async function createPublished<T extends Published>(
  db: Database,
  kind: PublishedKind<T>,
  input: Input,
  actor: AuditActor | null,
  insert: (trx: Database, stamps: NewStamps) => Promise<unknown>,
) {
  const id = newId();
  const at = now();
  await transactionOrConflict(
    db,
    () => slugConflict(kind, input.slug),
    async (trx) => {
      await assertSlugFree(trx, kind, input.slug);
      await insert(trx, {
        id,
        published_at: kind.publishedAt(null, input.status),
        created_at: at,
        updated_at: at,
        created_by: actor?.id ?? null,
        updated_by: actor?.id ?? null,
      });
    },
  );
  await auditOf(kind.entityType)(db, actor, `${kind.entityType}.create`, id, {
    title: input.title,
    slug: input.slug,
    status: input.status,
  });
  return id;
}

/** Checks it still exists and the slug is free, then `update`s its row with the stamps. */
export async function updatePublished<T extends Published, I extends Input>(
  db: Database,
  kind: PublishedKind<T>,
  id: string,
  input: I,
  actor: AuditActor | null,
  update: (trx: Database, stamps: UpdateStamps) => Promise<unknown>,
) {
  const summary = await transactionOrConflict(
    db,
    () => slugConflict(kind, input.slug),
    async (trx) => {
      const before = await requirePublished(trx, kind, id);
      await assertSlugFree(trx, kind, input.slug, id);
      const publishedAt = kind.publishedAt(before, input.status);
      await update(trx, { published_at: publishedAt, updated_at: now(), updated_by: actor?.id ?? null });
      return {
        title: input.title,
        slug: input.slug,
        changes: changedFields<Record<string, unknown>>(before, { ...input, publishedAt }),
      };
    },
  );
  await auditOf(kind.entityType)(db, actor, `${kind.entityType}.update`, id, summary);
}

export async function setPublishStatus<T extends Published>(
  db: Database,
  kind: PublishedKind<T>,
  id: string,
  status: PublishStatus,
  actor: AuditActor | null,
) {
  const summary = await db.transaction().execute(async (trx) => {
    const before = await requirePublished(trx, kind, id);
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
  await auditOf(kind.entityType)(db, actor, `${kind.entityType}.set_status`, id, summary);
}

export async function deletePublished<T extends Published>(
  db: Database,
  kind: PublishedKind<T>,
  id: string,
  actor: AuditActor | null,
) {
  const before = await requirePublished(db, kind, id);
  await db.deleteFrom(kind.table).where("id", "=", id).execute();
  await auditOf(kind.entityType)(db, actor, `${kind.entityType}.delete`, id, {
    title: before.title,
    slug: before.slug,
    status: before.status,
  });
}
