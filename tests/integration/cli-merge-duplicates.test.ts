import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { listUndoableMerges, unmergeLead } from "~/server/leads/merge.server";
import { runCli } from "../support/cli";
import { databasePerTest, dialects, type TestDatabase } from "../support/databases";

function cliEnv({ config }: TestDatabase) {
  return config.dialect === "sqlite"
    ? { DATA_DIR: path.dirname(config.file), DATABASE_URL: undefined }
    : { DATABASE_URL: config.connectionString, DATA_DIR: undefined };
}

/** Leads as an older release left them: one per enquiry, the same person several times. */
async function pastLeads(db: Database) {
  const lead = (
    id: string,
    day: string,
    email: string,
    emailNormalized: string,
    phone: string | null,
    spam = false,
  ) => ({
    id,
    name: id,
    email,
    email_normalized: emailNormalized,
    phone,
    phone_e164: phone,
    source: "Contact Form",
    status: "new" as const,
    is_spam: spam,
    created_at: `2026-01-${day}T10:00:00.000Z`,
    updated_at: `2026-01-${day}T10:00:00.000Z`,
  });
  await db
    .insertInto("leads")
    .values([
      lead("ravi-2", "05", "Ravi@x.example", "ravi@x.example", null),
      lead("ravi-1", "02", "ravi@x.example", "ravi@x.example", null),
      // Another address, the same phone as the second Ravi: the same person by the chain.
      lead("ravi-3", "09", "r.k@y.example", "r.k@y.example", "+919876543210"),
      lead("ravi-4", "10", "ravi.work@z.example", "ravi.work@z.example", "+919876543210"),
      lead("alone", "03", "alone@x.example", "alone@x.example", null),
      lead("spam", "04", "ravi@x.example", "ravi@x.example", null, true),
    ])
    .execute();
  await db
    .updateTable("leads")
    .set({ phone: "098765 43210", phone_e164: "+919876543210" })
    .where("id", "=", "ravi-2")
    .execute();
}

describe.each(dialects)("leads:merge-duplicates on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("prints the groups in a dry run, then merges each into its oldest lead with --apply, undoably", async () => {
    const database = await freshDatabase();
    const { db } = database;
    await pastLeads(db);
    const env = cliEnv(database);

    const dry = await runCli(["leads:merge-duplicates"], env);
    expect(dry.code, dry.output).toBe(0);
    expect(dry.output).toContain("Group 1:");
    expect(dry.output).toMatch(/keep {2}ravi-1 /);
    expect(dry.output).toContain("1 groups; 3 leads would be merged");
    expect(dry.output).not.toContain("alone");
    expect(dry.output).not.toContain(" spam ");
    expect(await db.selectFrom("leads").select("id").execute()).toHaveLength(6);

    const applied = await runCli(["leads:merge-duplicates", "--apply"], env);
    expect(applied.code, applied.output).toBe(0);
    expect(applied.output).toContain("Merged 3 leads in 1 groups");
    const left = await db.selectFrom("leads").select("id").orderBy("id").execute();
    expect(left.map((row) => row.id)).toEqual(["alone", "ravi-1", "spam"]);
    const audits = await db
      .selectFrom("audit_logs")
      .select(["action", "actor_email"])
      .where("action", "=", "lead.merge")
      .execute();
    expect(audits).toEqual([{ action: "lead.merge", actor_email: "cli" }]);

    const merges = await listUndoableMerges(db, "ravi-1");
    expect(merges).toHaveLength(3);
    await unmergeLead(db, merges[0]?.id as string, { id: null, email: "admin@agency.example" });
    expect(await db.selectFrom("leads").select("id").execute()).toHaveLength(4);

    const again = await runCli(["leads:merge-duplicates"], env);
    expect(again.output).toContain("1 groups; 1 leads would be merged");
  });
});
