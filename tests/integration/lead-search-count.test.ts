import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { leadFiltersSchema } from "~/lib/schemas/lead-admin";
import type { Database } from "~/server/db/schema.server";
import { listLeads } from "~/server/leads/lead-list.server";
import { insertLeadRows, leadRow } from "../support/admin-fixtures";
import { databasePerTest } from "../support/databases";

const LEADS = 5000;
const at = (index: number) => new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString();

function fillLeads(db: Database) {
  return insertLeadRows(
    db,
    LEADS,
    (index) =>
      leadRow({
        name: `Person${index} ${index % 2 ? "Patel" : "Shah"}`,
        email: `person${index}@example.com`,
        createdAt: at(index),
      }),
    500,
  );
}

/** Sequential scans of `leads` the current transaction has made so far. */
async function tableScans(db: Database) {
  const { rows } = await sql<{ seq_scan: string | number }>`
    select seq_scan from pg_stat_xact_user_tables where relname = 'leads'`.execute(db);
  return Number(rows[0]?.seq_scan ?? 0);
}

// SQLite counts a search through its FTS5 index by construction; this is about PostgreSQL's planner.
describe("a search's count on postgres", () => {
  const freshDatabase = databasePerTest("postgres");

  it("goes through an index, never a scan of the whole table, so dead space left by a migration cannot slow it", async () => {
    const { db } = await freshDatabase();
    await fillLeads(db);
    await sql`analyze leads`.execute(db);
    await db.transaction().execute(async (trx) => {
      const before = await tableScans(trx);
      const page = await listLeads(trx, { ...leadFiltersSchema.parse({}), q: "patel", sort: "newest" });
      expect(page.totalIsLowerBound).toBe(true);
      expect(page.leads).toHaveLength(25);
      expect(page.leads.every((lead) => lead.name.endsWith("Patel"))).toBe(true);
      expect(await tableScans(trx)).toBe(before);
      // The setting is the count's alone: the transaction plans as before afterwards.
      const { rows } = await sql<{ enable_seqscan: string }>`show enable_seqscan`.execute(trx);
      expect(rows[0]?.enable_seqscan).toBe("on");
    });
    const outside = await listLeads(db, { ...leadFiltersSchema.parse({}), q: "patel" });
    expect(outside.leads).toHaveLength(25);
  });
});
