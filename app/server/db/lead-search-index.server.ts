import type { DatabaseSync, StatementSync } from "node:sqlite";

/** Every lead above the highest rowid the FTS5 index covers, into the index (migration 0005). */
const INDEX_NEW_LEADS = `insert into leads_search (rowid, search_text)
  select rowid, search_text from leads
  where rowid > (select coalesce(max(id), 0) from leads_search_docsize)`;

const isMissingTable = (error: unknown) => error instanceof Error && /no such table/.test(error.message);

/**
 * Runs on the SQLite connection just before each commit: the leads of the whole group enter the
 * search index in one pass. Until migrations have created the index there is nothing to do.
 */
export function indexNewLeads(): (database: DatabaseSync) => void {
  let statement: StatementSync | undefined;
  return (database) => {
    try {
      statement ??= database.prepare(INDEX_NEW_LEADS);
      statement.run();
    } catch (error) {
      statement = undefined;
      if (!isMissingTable(error)) throw error;
    }
  };
}
