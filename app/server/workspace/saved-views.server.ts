import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { transactionOrConflict } from "../db/database.server";
import type { Database } from "../db/schema.server";
import { newId, now } from "../db/values.server";

const auditSavedView = auditOf("saved_view");

export type SavedView = { id: string; name: string; query: string };

/** A saved view keeps the filters and sort, never the page: opening it starts at the first page. */
export function savedViewQuery(query: string) {
  const params = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  params.delete("page");
  params.sort();
  return params.toString();
}

/** One person's saved views of a screen, by name. They are private to that person. */
export async function listSavedViews(db: Database, userId: string, screen: string): Promise<SavedView[]> {
  return db
    .selectFrom("saved_views")
    .select(["id", "name", "query"])
    .where("user_id", "=", userId)
    .where("screen", "=", screen)
    .orderBy("name")
    .execute();
}

export async function saveView(
  db: Database,
  input: { userId: string; screen: string; name: string; query: string },
  actor: AuditActor,
) {
  const id = newId();
  await transactionOrConflict(
    db,
    () => new AppError("CONFLICT", `You already have a view named "${input.name}".`, { field: "name" }),
    async (trx) => {
      await trx
        .insertInto("saved_views")
        .values({
          id,
          user_id: input.userId,
          screen: input.screen,
          name: input.name,
          query: savedViewQuery(input.query),
          created_at: now(),
        })
        .execute();
      await auditSavedView(trx, actor, "saved_view.create", id, { name: input.name });
    },
  );
  return id;
}

/** Deletes one of the person's own views; another person's view is "not found" to them. */
export async function deleteSavedView(db: Database, userId: string, viewId: string, actor: AuditActor) {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("saved_views")
      .where("id", "=", viewId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw new AppError("NOT_FOUND", "This view no longer exists.");
    await auditSavedView(trx, actor, "saved_view.delete", viewId);
  });
}
