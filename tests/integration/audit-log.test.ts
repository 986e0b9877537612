import { describe, expect, it } from "vitest";
import { parseAuditFilters } from "~/lib/schemas/audit";
import { auditCsv, auditFilterChoices, listAuditPage } from "~/server/audit/audit-log.server";
import { nameAuditEntries } from "~/server/audit/audit-names.server";
import type { Database } from "~/server/db/schema.server";
import { newId, toJson } from "~/server/db/values.server";
import { insertLead } from "../support/admin-fixtures";
import { databasePerTest, dialects } from "../support/databases";
import { streamedText } from "../support/streams";

type Seed = {
  at: string;
  actor?: string | null;
  action: string;
  kind: string;
  recordId?: string | null;
  summary?: object;
};

async function insertEntries(db: Database, entries: Seed[]) {
  await db
    .insertInto("audit_logs")
    .values(
      entries.map((entry) => ({
        id: newId(Date.parse(entry.at)),
        actor_id: entry.actor ?? null,
        actor_email: entry.actor ? `${entry.actor}@example.com` : null,
        action: entry.action,
        entity_type: entry.kind,
        entity_id: entry.recordId ?? null,
        summary: entry.summary ? toJson(entry.summary) : null,
        created_at: entry.at,
      })),
    )
    .execute();
}

const filters = (query = "") => parseAuditFilters(new URLSearchParams(query));
const minute = (n: number) => new Date(Date.UTC(2026, 10, 20, 12, n)).toISOString();

describe.each(dialects)("the audit log screen's reads (%s)", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("pages newest first from a position, both ways, with no entry missed or repeated", async () => {
    const { db } = await freshDatabase();
    // Two entries in each minute: the id breaks the tie between entries of the same instant.
    const seeds = Array.from({ length: 25 }, (_, i) => ({
      at: minute(Math.floor(i / 2)),
      action: "lead.update",
      kind: "lead",
    }));
    await insertEntries(db, seeds);
    const all = await db.selectFrom("audit_logs").select("id").execute();

    const seen: string[] = [];
    const first = await listAuditPage(db, filters(), "UTC", 10);
    expect(first.newer).toBeNull();
    const firstPage = first.entries.map((entry) => entry.id);
    let page = first;
    for (;;) {
      seen.push(...page.entries.map((entry) => entry.id));
      if (!page.older) break;
      page = await listAuditPage(db, filters(`before=${encodeURIComponent(page.older)}`), "UTC", 10);
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen)).toEqual(new Set(all.map((row) => row.id)));
    const times = await Promise.all(
      seen.map((id) => db.selectFrom("audit_logs").select("created_at").where("id", "=", id).executeTakeFirstOrThrow()),
    );
    const instants = times.map((row) => new Date(row.created_at).getTime());
    expect(instants).toEqual([...instants].sort((a, b) => b - a));

    // From the second page, "newer" leads back to exactly the first.
    const second = await listAuditPage(db, filters(`before=${encodeURIComponent(first.older!)}`), "UTC", 10);
    expect(second.newer).not.toBeNull();
    const back = await listAuditPage(db, filters(`after=${encodeURIComponent(second.newer!)}`), "UTC", 10);
    expect(back.entries.map((entry) => entry.id)).toEqual(firstPage);
    expect(back.newer).toBeNull();
  });

  it("filters by person, kind, action and days, and offers the values in the log", async () => {
    const { db } = await freshDatabase();
    await insertEntries(db, [
      { at: "2026-11-18T10:00:00.000Z", actor: "ana", action: "lead.set_status", kind: "lead" },
      { at: "2026-11-19T10:00:00.000Z", actor: "ana", action: "client.create", kind: "client" },
      { at: "2026-11-20T10:00:00.000Z", actor: "ben", action: "lead.set_status", kind: "lead" },
      { at: "2026-11-21T23:30:00.000Z", actor: null, action: "page.update", kind: "page" },
    ]);
    const actions = async (query: string, timeZone = "UTC") =>
      (await listAuditPage(db, filters(query), timeZone)).entries.map((entry) => `${entry.actorId}:${entry.action}`);
    expect(await actions("person=ana")).toEqual(["ana:client.create", "ana:lead.set_status"]);
    expect(await actions("kind=lead")).toEqual(["ben:lead.set_status", "ana:lead.set_status"]);
    expect(await actions("action=client.create")).toEqual(["ana:client.create"]);
    expect(await actions("from=2026-11-19&to=2026-11-20")).toEqual(["ben:lead.set_status", "ana:client.create"]);
    expect(await actions("person=ana&kind=lead")).toEqual(["ana:lead.set_status"]);
    // Days are the agency's: 23:30 UTC on the 21st is already the 22nd in Kolkata.
    expect(await actions("from=2026-11-22", "Asia/Kolkata")).toEqual(["null:page.update"]);
    expect(await actions("from=2026-11-22", "UTC")).toEqual([]);

    const choices = await auditFilterChoices(db);
    expect(choices.kinds).toEqual(["client", "lead", "page"]);
    expect(choices.actions).toEqual(["client.create", "lead.set_status", "page.update"]);
  });

  it("links to records that still exist, and exports every match as CSV with its changes", async () => {
    const { db } = await freshDatabase();
    const leadId = await insertLead(db, { email: "kept@example.com" });
    await insertEntries(db, [
      {
        at: minute(1),
        actor: "ana",
        action: "lead.set_status",
        kind: "lead",
        recordId: leadId,
        summary: { status: { from: "new", to: "qualified" } },
      },
      {
        at: minute(2),
        actor: "ana",
        action: "lead.delete",
        kind: "lead",
        recordId: newId(),
        summary: { name: "Gone" },
      },
    ]);
    const page = await listAuditPage(db, filters(), "UTC");
    const [deleted, kept] = await nameAuditEntries(db, page.entries, "UTC");
    expect(kept!.record.href).toBe(`/admin/leads/${leadId}`);
    expect(deleted!.record).toEqual({ label: "Deleted lead", href: null, gone: true });

    const csv = await streamedText(auditCsv(db, filters("kind=lead"), "UTC"));
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe('"created_at","person","action","kind","record","record_id","changes","person_email"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"lead.delete"');
    expect(lines[1]).toContain('"name: Gone"');
    expect(lines[2]).toContain('"status: new → qualified"');
  });
});
