import type { SelectQueryBuilder, StringReference } from "kysely";
import type { DB } from "./schema.server";

/** The page to show: the one asked for, or the last when it asks past the end (there is always a first). */
export function clampPage(total: number, requestedPage: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { page: Math.min(requestedPage, pageCount), pageCount };
}

/** How many rows `query` matches, and which page of them to show. */
export async function countPages<TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  requestedPage: number,
  pageSize: number,
) {
  const { count } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  return { total, ...clampPage(total, requestedPage, pageSize) };
}

/** A column named with its table, so that it stays unambiguous when the query joins another. */
type QualifiedColumn<TB extends keyof DB> = Extract<StringReference<DB, TB>, `${string}.${string}`>;

/**
 * One page of what `query` selects, newest first by `order.createdAt` (ties by `order.id`), with the
 * count and the page shown; a page past the end shows the last one.
 */
export async function newestFirstPage<TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: { createdAt: QualifiedColumn<TB>; id: QualifiedColumn<TB> },
  requestedPage: number,
  pageSize: number,
) {
  const counted = await countPages(query, requestedPage, pageSize);
  const rows = await query
    .orderBy(order.createdAt, "desc")
    .orderBy(order.id, "desc")
    .limit(pageSize)
    .offset((counted.page - 1) * pageSize)
    .execute();
  return { rows, ...counted };
}
