import { type AuditActor, recordAudit } from "./audit/audit.server";
import type { Database } from "./db/schema.server";

/**
 * A CSV download streamed chunk by chunk from the database, so that a large export holds one batch in
 * memory at a time; starts with a byte-order mark, so that spreadsheet programs read the text as UTF-8.
 */
export function csvResponse(
  chunks: AsyncGenerator<string>,
  filename: string,
  logger: { error: (details: object, message: string) => void },
  what: string,
) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("\uFEFF"));
    },
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        logger.error({ err: error }, `${what} export failed`);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

/**
 * The ids of an export of selected rows (repeated `id`; a selection is at most a few pages of the
 * list), or null for an export of the filter; the export is noted in the audit log either way. The
 * search term may be someone's name or address: the log notes only that there was one.
 */
export async function auditedExportIds(
  db: Database,
  params: URLSearchParams,
  {
    actor,
    entityType,
    filters,
  }: { actor: AuditActor; entityType: "lead" | "client"; filters: { q: string; page?: number } },
) {
  const ids = params
    .getAll("id")
    .filter((id) => id.length > 0 && id.length <= 64)
    .slice(0, 500);
  const { q, page: _page, ...rest } = filters;
  await recordAudit(db, {
    actor,
    action: `${entityType}.export_csv`,
    entityType,
    summary: ids.length ? { ids } : { filters: { ...rest, searched: Boolean(q) } },
  });
  return ids.length ? ids : null;
}
