import { existsSync, readFileSync } from "node:fs";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { auditOf } from "~/server/audit/audit.server";
import { countBookingAttempt } from "~/server/bookings/booking-limits.server";
import type { Database } from "~/server/db/schema.server";
import { newId, now } from "~/server/db/values.server";
import { captureLead } from "~/server/leads/capture.server";
import { erasePersonalData, exportPersonalData } from "~/server/leads/gdpr.server";
import { addLeadNote, deleteLead, setLeadStatus, updateLead } from "~/server/leads/leads.server";
import { addressKey } from "~/server/rate-limit/address-key.server";
import { bookingRow } from "../support/admin-fixtures";
import { databasePerTest, dialects } from "../support/databases";

const SECRET = "test-secret";
const actor = { id: null, email: "sales@agency.example" };
const attribution = {
  pageUrl: "https://agency.example/contact?utm_source=google",
  referrer: null,
  userAgent: "UA",
  browserInfo: { userAgent: "UA", language: "en", platform: "Linux" },
};
const mailContext = { baseUrl: "https://agency.example", notifyEmails: ["sales@agency.example"] };

/** What the person gave, each distinctive enough that finding it anywhere on disk means it stayed. */
const person = {
  name: "Zelphine Quarrowby",
  renamed: "Zelphine Quarrowby-Hale",
  email: "Zelphine.Quarrowby@example.com",
  message: "Budget talk about the ultraviolet kangaroo campaign",
  note: "Prefers calls about the kangaroo",
};
const traces = [person.name, person.email, person.email.toLowerCase(), person.message, person.note];

async function holdPersonalData(db: Database) {
  const { leadId } = await captureLead(db, {
    flow: "contact",
    input: { name: person.name, email: person.email, company: "Quarrowby Ltd", message: person.message } as never,
    attribution,
    mail: mailContext,
  });
  await addLeadNote(db, leadId, person.note, actor);
  await setLeadStatus(db, leadId, "contacted", actor);
  await holdCall(db, leadId, person);
  // An edit leaves the row's earlier version behind, in free space or as a dead row version.
  await updateLead(
    db,
    {
      leadId,
      name: person.renamed,
      email: person.email,
      phone: null,
      company: null,
      status: "contacted",
      message: person.message,
    },
    actor,
  );
  // A refused sign-in typed with the address, audited by its keyed hash as the sign-in does.
  await auditOf("user")(db, { id: null, email: null }, "auth.sign_in_failed", null, {
    step: "password",
    emailKey: addressKey(SECRET, person.email),
  });
  // Someone else's lead, which stays.
  await captureLead(db, {
    flow: "contact",
    input: { name: "Other Person", email: "other@example.com" } as never,
    attribution,
    mail: mailContext,
  });
}

/** A strategy call the person booked, holding its time on the staff member's calendar. */
async function holdCall(db: Database, leadId: string, visitor: { name: string; email: string }) {
  const id = newId();
  const at = now();
  await db
    .insertInto("bookings")
    .values({
      ...bookingRow(leadId, { id, startsAt: "2026-12-01T10:00:00.000Z" }),
      staff_id: "staff-1",
      visitor_time_zone: "Europe/Berlin",
      staff_time_zone: "Europe/Berlin",
      visitor_name: visitor.name,
      visitor_email: visitor.email,
      meeting_kind: "phone",
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto("booking_slot_claims")
    .values({ staff_id: "staff-1", granule: 29_411_400, booking_id: id })
    .execute();
  return id;
}

/** The traces found in the SQLite database file and its write-ahead log, byte for byte. */
function tracesInSqliteFiles(file: string) {
  const bytes = Buffer.concat([file, `${file}-wal`].filter(existsSync).map((each) => readFileSync(each)));
  return traces.filter((trace) => bytes.includes(Buffer.from(trace, "utf8")));
}

/** The traces in any row version PostgreSQL keeps in a table's pages, live or dead (pageinspect). */
async function tracesInPostgresPages(db: Database) {
  await sql`create extension if not exists pageinspect`.execute(db);
  const tables = await sql<{ name: string; blocks: number }>`
    select c.relname as name, pg_relation_size(c.oid) / current_setting('block_size')::int as blocks
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'`.execute(db);
  const found = new Set<string>();
  for (const table of tables.rows) {
    for (let block = 0; block < Number(table.blocks); block++) {
      const items = await sql<{ data: Buffer | null }>`
        select t_data as data from heap_page_items(get_raw_page(${table.name}, ${block}))`.execute(db);
      for (const { data } of items.rows) {
        if (!data) continue;
        for (const trace of traces) if (data.includes(Buffer.from(trace, "utf8"))) found.add(`${table.name}: ${trace}`);
      }
    }
  }
  return [...found];
}

describe.each(dialects)("GDPR erase leaves nothing readable on disk (%s)", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("erases the person's rows and every copy of them, down to the bytes", async () => {
    const database = await freshDatabase({ seeded: true });
    const { db } = database;
    await holdPersonalData(db);
    const scan = () =>
      database.config.dialect === "sqlite" ? tracesInSqliteFiles(database.config.file) : tracesInPostgresPages(db);
    // The scan finds what is there: every trace before the erase.
    expect((await scan()).length).toBeGreaterThanOrEqual(traces.length);

    // The person's call is part of what they can ask to see.
    const exported = await exportPersonalData(db, person.email, actor);
    expect(exported.calls.map((call) => call.visitor_name)).toEqual([person.name]);
    const erased = await erasePersonalData(db, person.email.toUpperCase(), actor, SECRET);
    expect(erased).toMatchObject({ leads: 1, notes: 1, calls: 1, signInRefusals: 1 });
    expect(await scan()).toEqual([]);
    // The call's time is free again.
    expect(await db.selectFrom("booking_slot_claims").selectAll().execute()).toEqual([]);

    // What is not the person's stays.
    const others = await db.selectFrom("leads").select("name").execute();
    expect(others.map((lead) => lead.name)).toEqual(["Other Person"]);
    const audit = JSON.stringify(await db.selectFrom("audit_logs").selectAll().execute());
    expect(audit).not.toContain(addressKey(SECRET, person.email));
    expect(audit).toContain("gdpr.erase");
  });

  it("deletes the booking counters kept under the person's e-mail address", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const { leadId } = await captureLead(db, {
      flow: "contact",
      input: { name: person.name, email: person.email } as never,
      attribution,
      mail: mailContext,
    });
    await countBookingAttempt(db, { clientIp: "203.0.113.9", leadId, email: person.email, secret: SECRET });
    await countBookingAttempt(db, {
      clientIp: "203.0.113.9",
      leadId: "other-lead",
      email: "other@example.com",
      secret: SECRET,
    });
    const bookingEmailKeys = async () =>
      (await db.selectFrom("rate_limits").select("key").execute())
        .map((row) => row.key)
        .filter((key) => key.startsWith("booking-email:"));
    expect(await bookingEmailKeys()).toHaveLength(2);
    await erasePersonalData(db, person.email.toUpperCase(), actor, SECRET);
    expect(await bookingEmailKeys()).toEqual([`booking-email:${addressKey(SECRET, "other@example.com")}`]);
  });

  it("deletes a deleted lead's calls and frees their time", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const { leadId } = await captureLead(db, {
      flow: "contact",
      input: { name: "Caller", email: "caller@example.com" } as never,
      attribution,
      mail: mailContext,
    });
    await holdCall(db, leadId, { name: "Caller", email: "caller@example.com" });
    await deleteLead(db, leadId, actor);
    expect(await db.selectFrom("bookings").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("booking_slot_claims").selectAll().execute()).toEqual([]);
  });
});
