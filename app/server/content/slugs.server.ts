import type { PublishStatus } from "~/lib/schemas/content";
import { AppError } from "../app-error.server";
import type { AuditActor } from "../audit/audit.server";
import { transactionOrConflict } from "../db/database.server";
import type { Database } from "../db/schema.server";
import { now } from "../db/values.server";

/** The tables whose rows a visitor reaches by a slug of their own, and how messages name one row. */
const nouns = { blog_posts: "blog post", pages: "page" } as const;
export type SluggedTable = keyof typeof nouns;

function slugTaken(table: SluggedTable, slug: string) {
  return new AppError("CONFLICT", `Another ${nouns[table]} already uses the slug "${slug}".`, { field: "slug" });
}

/** Refuses a slug another row of the table (other than `exceptId`) already has. */
export async function assertSlugFree(db: Database, table: SluggedTable, slug: string, exceptId?: string) {
  let query = db.selectFrom(table).select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) throw slugTaken(table, slug);
}

/** A save that gives a row `slug`: a race lost at the unique index is the same conflict as `assertSlugFree`'s. */
export function slugTransaction<T>(
  db: Database,
  table: SluggedTable,
  slug: string,
  work: (trx: Database) => Promise<T>,
) {
  return transactionOrConflict(db, () => slugTaken(table, slug), work);
}

/** The row `find` reads, or the refusal staff see when another tab deleted it. */
export async function requireRow<T>(table: SluggedTable, found: Promise<T | null>) {
  const row = await found;
  if (!row) throw new AppError("NOT_FOUND", `This ${nouns[table]} no longer exists.`);
  return row;
}

/** The stamps of a new row: created and last updated by the same hand at the same time. */
export function createdBy(actor: AuditActor | null) {
  const at = now();
  return { created_at: at, updated_at: at, created_by: actor?.id ?? null, updated_by: actor?.id ?? null };
}

/** The stamps of a change to a row. */
export function updatedBy(actor: AuditActor | null) {
  return { updated_at: now(), updated_by: actor?.id ?? null };
}

/** What an audit entry of a post or page names it by. */
export function auditSummary(row: { title: string; slug: string; status: PublishStatus }) {
  return { title: row.title, slug: row.slug, status: row.status };
}
