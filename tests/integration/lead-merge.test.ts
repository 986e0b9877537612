import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { captureLead } from "~/server/leads/capture.server";
import { findPossibleDuplicates } from "~/server/leads/duplicates.server";
import { exportPersonalData } from "~/server/leads/gdpr.server";
import { addLeadNote } from "~/server/leads/leads.server";
import {
  LEAD_REFERENCES,
  LEAD_REFERENCES_LEFT_OUT,
  mayMerge,
  mergeLeads,
  survivorOf,
  unmergeLead,
} from "~/server/leads/merge.server";
import { bookingRow } from "../support/admin-fixtures";
import { databasePerTest, dialects } from "../support/databases";

const mail = { baseUrl: "https://agency.example", notifyEmails: ["sales@agency.example"] };
const actor = { id: null, email: "admin@agency.example" };

async function newLead(db: Database, name: string, email: string, phone?: string) {
  const saved = await captureLead(db, {
    flow: "contact",
    input: { name, email, phone, country: "", industry: "", budget: "", message: `From ${name}` } as never,
    attribution: {
      pageUrl: "https://agency.example/?utm_campaign=x",
      referrer: null,
      userAgent: "UA",
      browserInfo: null,
    },
    mail,
  });
  return saved.leadId;
}

/** A row in every table that points at a lead, besides what capture made (submission, mail, webhook events). */
async function giveEverything(db: Database, leadId: string, tag: string) {
  const at = "2026-03-01T10:00:00.000Z";
  await db
    .insertInto("lead_notes")
    .values({ id: `note-${tag}`, lead_id: leadId, author_id: null, author_email: null, body: tag, created_at: at })
    .execute();
  await db
    .insertInto("lead_status_changes")
    .values({
      id: `status-${tag}`,
      lead_id: leadId,
      from_status: null,
      to_status: "new",
      actor_id: null,
      actor_email: null,
      created_at: at,
    })
    .execute();
  await db
    .insertInto("bookings")
    .values({
      ...bookingRow(leadId, { id: `booking-${tag}`, startsAt: `2026-03-02T${tag === "s" ? "10" : "11"}:00:00.000Z` }),
      staff_id: "staff-1",
      visitor_name: tag,
      visitor_email: `${tag}@example.com`,
      created_at: at,
      updated_at: at,
    })
    .execute();
  if (tag === "o")
    await db
      .insertInto("clients")
      .values({
        id: `client-${tag}`,
        name: tag,
        email: null,
        phone: null,
        company: null,
        address: null,
        status: "active",
        lead_id: leadId,
        created_at: at,
        updated_at: at,
      })
      .execute();
  await db
    .insertInto("audit_logs")
    .values({
      id: `audit-${tag}`,
      actor_id: null,
      actor_email: null,
      action: "lead.update",
      entity_type: "lead",
      entity_id: leadId,
      summary: null,
      created_at: at,
    })
    .execute();
}

/** Every row that points at a lead, table by table, as the database holds it. */
async function referencingRows(db: Database) {
  const out: Record<string, unknown[]> = {};
  for (const table of LEAD_REFERENCES) {
    out[table] = (await sql`select * from ${sql.table(table)} order by id`.execute(db)).rows;
  }
  out.audit_logs = (await sql`select * from audit_logs where entity_type = 'lead' order by id`.execute(db)).rows;
  return out;
}

async function leadRows(db: Database) {
  return (await sql`select * from leads order by id`.execute(db)).rows;
}

/** The tables with a column pointing at leads, read from the database's own catalogue. */
async function tablesReferringToLeads(db: Database, dialect: string) {
  if (dialect === "postgres") {
    const { rows } = await sql<{ table_name: string }>`
      select distinct table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'lead_id'
      union
      select distinct cl.relname from pg_constraint c join pg_class cl on cl.oid = c.conrelid
      where c.contype = 'f' and c.confrelid = 'leads'::regclass`.execute(db);
    return rows.map((row) => row.table_name).sort();
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const found = new Set<string>();
  for (const { name } of tables) {
    const { rows: columns } = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
    if (columns.some((column) => column.name === "lead_id")) found.add(name);
    const { rows: keys } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(
      db,
    );
    if (keys.some((key) => key.table === "leads")) found.add(name);
  }
  return [...found].sort();
}

describe.each(dialects)("merging and unmerging leads on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("knows every table that refers to a lead", async () => {
    const { db } = await freshDatabase();
    expect(await tablesReferringToLeads(db, dialect)).toEqual([...LEAD_REFERENCES, ...LEAD_REFERENCES_LEFT_OUT].sort());
  });

  it("moves every related row to the survivor, redirects the merged lead, and unmerge puts both back byte for byte", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const survivor = await newLead(db, "Priya", "priya@one.example", "+91 98765 43210");
    const other = await newLead(db, "Priya S", "priya@two.example");
    await giveEverything(db, survivor, "s");
    await giveEverything(db, other, "o");
    const leadsBefore = await leadRows(db);
    const rowsBefore = await referencingRows(db);

    const { mergeIds } = await mergeLeads(
      db,
      { survivorId: survivor, mergedIds: [other], choices: { company: other, message: other } },
      actor,
    );
    expect((await leadRows(db)).map((row) => (row as { id: string }).id)).toEqual([survivor]);
    const moved = await referencingRows(db);
    for (const table of LEAD_REFERENCES) {
      const ids = (moved[table] as { lead_id: string }[]).map((row) => row.lead_id);
      expect(ids.length, table).toBeGreaterThan(0);
      expect(new Set(ids), table).toEqual(new Set([survivor]));
    }
    expect(await survivorOf(db, other)).toBe(survivor);
    const merged = await db.selectFrom("leads").selectAll().where("id", "=", survivor).executeTakeFirstOrThrow();
    expect(merged.message).toContain("From Priya S");
    expect(Number(merged.enquiries)).toBe(2);

    // Added after the merge: stays on the survivor when the merge is undone.
    await addLeadNote(db, survivor, "after the merge", actor);
    await unmergeLead(db, mergeIds[0] as string, actor);

    expect(await survivorOf(db, other)).toBeNull();
    expect(await leadRows(db)).toEqual(leadsBefore);
    const rowsAfter = await referencingRows(db);
    const withoutLater = (table: string) =>
      (rowsAfter[table] as { body?: string; action?: string }[]).filter(
        (row) =>
          row.body !== "after the merge" && !["lead.add_note", "lead.merge", "lead.unmerge"].includes(row.action ?? ""),
      );
    for (const table of [...LEAD_REFERENCES, "audit_logs"]) {
      if (table === "webhook_events") continue;
      expect(withoutLater(table), table).toEqual(rowsBefore[table]);
    }
    const capturedEvents = (rowsAfter.webhook_events as { type: string; lead_id: string }[]).filter(
      (row) => !["lead.merged", "lead.unmerged"].includes(row.type),
    );
    expect(capturedEvents).toEqual(rowsBefore.webhook_events);
    const note = await db
      .selectFrom("lead_notes")
      .select("lead_id")
      .where("body", "=", "after the merge")
      .executeTakeFirstOrThrow();
    expect(note.lead_id).toBe(survivor);
    const types = (rowsAfter.webhook_events as { type: string }[]).map((row) => row.type);
    expect(types.filter((type) => type.startsWith("lead.") && type.endsWith("merged"))).toEqual([
      "lead.merged",
      "lead.unmerged",
    ]);
    const audits = await db.selectFrom("audit_logs").select("action").where("action", "like", "lead.%merge").execute();
    expect(audits.map((row) => row.action).sort()).toEqual(["lead.merge", "lead.unmerge"]);
  });

  it("finds the merged person for a GDPR export by either address", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const survivor = await newLead(db, "Kai", "kai@one.example");
    const other = await newLead(db, "Kai", "kai@two.example");
    await mergeLeads(db, { survivorId: survivor, mergedIds: [other] }, actor);
    const exported = await exportPersonalData(db, "Kai@Two.example", actor);
    expect(exported.leads.map((lead) => lead.id)).toEqual([survivor]);
    expect(exported.formSubmissions).toHaveLength(2);
  });

  it("offers leads with the same e-mail spelling, phone, or name and company as possible duplicates", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const lead = await newLead(db, "Lena", "lena.k@gmail.com", "+91 98765 43210");
    // Made before matching existed would have merged them: typed in straight, as older data was.
    const at = "2026-01-01T00:00:00.000Z";
    const row = (id: string, email: string, email_normalized: string, phone_e164: string | null, name = "Other") => ({
      id,
      name,
      email,
      email_normalized,
      phone_e164,
      company: null,
      source: "Contact Form",
      status: "new" as const,
      is_spam: false,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto("leads")
      .values([
        row("dup-email", "LenaK+x@googlemail.com", "lenak@gmail.com", null),
        row("dup-phone", "other@example.com", "other@example.com", "+919876543210"),
        row("not-dup", "far@example.com", "far@example.com", null, "Lena"),
      ])
      .execute();
    await db.updateTable("leads").set({ is_spam: true }).where("id", "=", "dup-phone").execute();
    const found = await findPossibleDuplicates(db, lead);
    expect(found.map((dup) => [dup.id, dup.reason])).toEqual([["dup-email", "email"]]);
  });

  it("refuses an unmerge after 30 days and a merge of spam", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const a = await newLead(db, "A", "a@example.com");
    const b = await newLead(db, "B", "b@example.com");
    const { mergeIds } = await mergeLeads(db, { survivorId: a, mergedIds: [b] }, actor);
    await expect(
      unmergeLead(db, mergeIds[0] as string, actor, { nowMs: Date.now() + 31 * 24 * 60 * 60 * 1000 }),
    ).rejects.toThrow("30 days");
    const c = await newLead(db, "C", "c@example.com");
    await db.updateTable("leads").set({ is_spam: true }).where("id", "=", c).execute();
    await expect(mergeLeads(db, { survivorId: a, mergedIds: [c] }, actor)).rejects.toThrow("spam");
  });
});

describe("who may merge", () => {
  it("lets admins merge any leads, sales only leads they own or nobody owns, and nobody else", () => {
    const mine = { owner_id: "sam" };
    const nobodys = { owner_id: null };
    const theirs = { owner_id: "other" };
    expect(mayMerge({ id: "ada", role: "admin" }, [theirs, mine])).toBe(true);
    expect(mayMerge({ id: "sam", role: "sales" }, [mine, nobodys])).toBe(true);
    expect(mayMerge({ id: "sam", role: "sales" }, [mine, theirs])).toBe(false);
    expect(mayMerge({ id: "ed", role: "editor" }, [nobodys, nobodys])).toBe(false);
  });
});
