import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { type LeadFilters, type LeadSort, leadFiltersSchema } from "~/lib/schemas/lead-admin";
import { listAuditEntries } from "~/server/audit/audit.server";
import { csvCell } from "~/server/csv.server";
import * as leadSearchAtCommit from "~/server/db/migrations/0005-lead-search-at-commit.server";
import type { Database } from "~/server/db/schema.server";
import { newId, toJson } from "~/server/db/values.server";
import { captureLead } from "~/server/leads/capture.server";
import { emailHash, erasePersonalData, exportPersonalData } from "~/server/leads/gdpr.server";
import { leadsCsv } from "~/server/leads/lead-export.server";
import { listLeadSources, listLeads } from "~/server/leads/lead-list.server";
import {
  addLeadNote,
  deleteLead,
  getLeadDetail,
  markLeadNotSpam,
  requeueLeadMail,
  setLeadStatus,
  updateLead,
} from "~/server/leads/leads.server";
import { insertLeadRows, type LeadRowOptions, leadRow } from "../support/admin-fixtures";
import { databasePerTest, dialects } from "../support/databases";
import { fromGoogleSearch, TEAM_MAIL } from "../support/enquiries";
import { streamedText } from "../support/streams";

const actor = { id: null, email: "sales@agency.example" };
const filters = (given: Partial<LeadFilters> = {}): LeadFilters => ({ ...leadFiltersSchema.parse({}), ...given });

const insertLeads = (db: Database, leads: LeadRowOptions[]) =>
  insertLeadRows(db, leads.length, (index) => leadRow(leads[index]!), 100);

const attribution = fromGoogleSearch("https://agency.example/contact?utm_source=google&utm_campaign=winter");
const mailContext = TEAM_MAIL;

describe.each(dialects)("the leads screen's data on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  async function seeded() {
    const database = await freshDatabase();
    const ids = await insertLeads(database.db, [
      { name: "Ana Smith", email: "ana@acme.io", company: "ACME Corp", createdAt: "2026-11-01T10:00:00.000Z" },
      {
        name: "Ben Jones",
        email: "BEN@Example.com",
        company: null,
        createdAt: "2026-11-02T10:00:00.000Z",
        status: "contacted",
        source: "Newsletter Form",
      },
      { name: "carla acme", email: "carla@x.org", company: "Other", createdAt: "2026-11-03T10:00:00.000Z" },
      { name: "Dan 100%_off", email: "dan@y.org", company: "Sales_Team", createdAt: "2026-11-04T10:00:00.000Z" },
      { name: "Spammy", email: "spam@acme.io", createdAt: "2026-11-05T10:00:00.000Z", isSpam: true },
    ]);
    return { db: database.db, ids };
  }

  it("searches name, e-mail and company case-insensitively, excluding spam, newest first", async () => {
    const { db } = await seeded();
    const names = async (given: Partial<LeadFilters>) =>
      (await listLeads(db, filters(given))).leads.map((lead) => lead.name);
    expect(await names({})).toEqual(["Dan 100%_off", "carla acme", "Ben Jones", "Ana Smith"]);
    expect(await names({ q: "ACME" })).toEqual(["carla acme", "Ana Smith"]);
    expect(await names({ q: "example.COM" })).toEqual(["Ben Jones"]);
    expect(await names({ q: "sales_team" })).toEqual(["Dan 100%_off"]);
    // Wildcards typed by staff match themselves, not anything.
    expect(await names({ q: "100%_" })).toEqual(["Dan 100%_off"]);
    expect(await names({ q: "a_a" })).toEqual([]);
    expect(await names({ q: "nobody" })).toEqual([]);
  });

  it("filters by status, source and whole UTC days, and sorts and pages in the database", async () => {
    const { db } = await seeded();
    const page = (given: Partial<LeadFilters>, pageSize?: number) => listLeads(db, filters(given), { pageSize });
    expect((await page({ status: "contacted" })).leads.map((lead) => lead.name)).toEqual(["Ben Jones"]);
    expect((await page({ source: "Newsletter Form" })).leads.map((lead) => lead.name)).toEqual(["Ben Jones"]);
    expect((await page({ from: "2026-11-02", to: "2026-11-03" })).leads.map((lead) => lead.name)).toEqual([
      "carla acme",
      "Ben Jones",
    ]);
    expect((await page({ sort: "oldest" })).leads.map((lead) => lead.name)).toEqual([
      "Ana Smith",
      "Ben Jones",
      "carla acme",
      "Dan 100%_off",
    ]);
    expect((await page({ sort: "name" })).leads[0]?.name).toBe("Ana Smith");

    const first = await page({}, 3);
    expect(first).toMatchObject({ total: 4, page: 1, pageCount: 2, pageSize: 3 });
    expect(first.leads).toHaveLength(3);
    const second = await page({ page: 2 }, 3);
    expect(second.leads.map((lead) => lead.name)).toEqual(["Ana Smith"]);
    // Past the end: the last page, not an empty screen.
    expect((await page({ page: 9 }, 3)).page).toBe(2);

    expect(await listLeadSources(db)).toEqual(["Contact Form", "Newsletter Form"]);
  });

  it("stops counting past a horizon and says 'more than', while every page stays reachable", async () => {
    const { db } = await freshDatabase();
    await insertLeads(
      db,
      Array.from({ length: 30 }, (_, index) => ({
        name: `Lead ${String(index).padStart(2, "0")}`,
        email: `l${index}@x.co`,
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString(),
      })),
    );
    const options = { pageSize: 5, horizon: 10, searchHorizon: 3 };
    const first = await listLeads(db, filters(), options);
    expect(first).toMatchObject({ total: 10, totalIsLowerBound: true, page: 1, pageCount: 2 });
    expect(first.leads[0]?.name).toBe("Lead 29");
    const deep = await listLeads(db, filters({ page: 6 }), options);
    expect(deep).toMatchObject({ total: 30, totalIsLowerBound: false, page: 6, pageCount: 6 });
    expect(deep.leads.map((lead) => lead.name)).toEqual(["Lead 04", "Lead 03", "Lead 02", "Lead 01", "Lead 00"]);
    // A search with many matches pages newest first; one with few matches finds them all.
    const many = await listLeads(db, filters({ q: "lead" }), options);
    expect(many).toMatchObject({ total: 3, totalIsLowerBound: true });
    expect(many.leads.map((lead) => lead.name)).toEqual(["Lead 29", "Lead 28", "Lead 27", "Lead 26", "Lead 25"]);
    const few = await listLeads(db, filters({ q: "L2@" }), options);
    expect(few).toMatchObject({ total: 1, totalIsLowerBound: false });
    expect(few.leads.map((lead) => lead.name)).toEqual(["Lead 02"]);
  });

  it("gives each filter in each sort order the same pages whether few or many leads match", async () => {
    const { db } = await freshDatabase();
    const statuses = ["new", "qualified", "contacted", "qualified", "closed"] as const;
    const given: LeadRowOptions[] = Array.from({ length: 26 }, (_, i) => ({
      // Names go with statuses and sources (as surnames go with campaigns), and some repeat.
      name: `${["Ana", "Ben", "Cai"][i % 3]} ${["Patel", "Smith"][Math.floor(i / 3) % 2]}`,
      email: `l${i}@x.co`,
      company: i % 5 === 0 ? "Patelco" : null,
      status: statuses[Math.floor(i / 3) % 5],
      source: i % 6 < 3 ? "Contact Form" : "Newsletter Form",
      // Two leads a day, the second two at the same moment.
      createdAt: new Date(Date.UTC(2026, 9, 1 + Math.floor(i / 2), i % 4 === 3 ? 9 : 9 + (i % 2))).toISOString(),
      isSpam: i === 25,
    }));
    const ids = await insertLeads(db, given);
    const leads = given.map((lead, i) => ({ ...lead, id: ids[i]! }));
    type Lead = (typeof leads)[number];
    const byKeys =
      (...keys: ((lead: Lead) => string)[]) =>
      (a: Lead, b: Lead) => {
        for (const key of keys) if (key(a) !== key(b)) return key(a) < key(b) ? -1 : 1;
        return 0;
      };
    const reversed = (compare: (a: Lead, b: Lead) => number) => (a: Lead, b: Lead) => compare(b, a);
    const newest = reversed(
      byKeys(
        (l) => l.createdAt!,
        (l) => l.id,
      ),
    );
    const sorts = {
      newest,
      oldest: byKeys(
        (l) => l.createdAt!,
        (l) => l.id,
      ),
      name: byKeys(
        (l) => l.name!,
        (l) => l.id,
      ),
      name_desc: reversed(
        byKeys(
          (l) => l.name!,
          (l) => l.id,
        ),
      ),
      status: (a: Lead, b: Lead) => byKeys((l) => l.status!)(a, b) || newest(a, b),
    } as const;
    const cases: { filter: Partial<LeadFilters>; matches: (lead: Lead) => boolean }[] = [
      { filter: {}, matches: () => true },
      { filter: { status: "qualified" }, matches: (l) => l.status === "qualified" },
      { filter: { source: "Newsletter Form" }, matches: (l) => l.source === "Newsletter Form" },
      {
        filter: { q: "patel" },
        matches: (l) => `${l.name} ${l.email} ${l.company ?? ""}`.toLowerCase().includes("patel"),
      },
      {
        filter: { from: "2026-10-03", to: "2026-10-08" },
        matches: (l) => l.createdAt! >= "2026-10-03" && l.createdAt! < "2026-10-09",
      },
      {
        filter: { status: "qualified", from: "2026-10-02", to: "2026-10-12" },
        matches: (l) => l.status === "qualified" && l.createdAt! >= "2026-10-02" && l.createdAt! < "2026-10-13",
      },
    ];
    // Past the horizon the page is read by walking the sort's index; under it, through the filter's.
    for (const options of [{ horizon: 2, searchHorizon: 2 }, {}]) {
      for (const { filter, matches } of cases) {
        for (const [sort, compare] of Object.entries(sorts)) {
          const expected = leads
            .filter((l) => !l.isSpam && matches(l))
            .sort(compare)
            .map((l) => l.id);
          for (const page of [1, 2]) {
            const shown = await listLeads(db, filters({ ...filter, sort: sort as LeadSort, page }), {
              pageSize: 3,
              ...options,
            });
            expect(
              shown.leads.map((lead) => lead.id),
              `${JSON.stringify(filter)} by ${sort}, page ${page}, ${"horizon" in options ? "walked" : "few"}`,
            ).toEqual(expected.slice((page - 1) * 3, page * 3));
          }
        }
      }
    }
  });

  it("keeps suspected spam in its own queue: release it, or delete it with its traces", async () => {
    const { db, ids } = await seeded();
    const spam = await listLeads(db, filters({ view: "spam" }));
    expect(spam.leads.map((lead) => [lead.name, lead.isSpam, lead.spamReason])).toEqual([["Spammy", true, "honeypot"]]);
    await markLeadNotSpam(db, ids[4]!, actor);
    expect((await listLeads(db, filters({ view: "spam" }))).total).toBe(0);
    expect((await listLeads(db, filters())).leads[0]?.name).toBe("Spammy");

    await addLeadNote(db, ids[4]!, "looks fake after all", actor);
    await deleteLead(db, ids[4]!, actor);
    expect(await getLeadDetail(db, ids[4]!)).toBeNull();
    expect(await db.selectFrom("lead_notes").selectAll().execute()).toEqual([]);
    const actions = (await listAuditEntries(db, { entityType: "lead" })).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["lead.mark_not_spam", "lead.add_note", "lead.delete"]));
  });

  it("records status changes, edits and notes on the lead's timeline and in the audit log", async () => {
    const { db, ids } = await seeded();
    const leadId = ids[0]!;
    await setLeadStatus(db, leadId, "qualified", actor);
    await updateLead(
      db,
      {
        leadId,
        name: "Ana Smith-Lee",
        email: "ana@acme.io",
        phone: "+1 555",
        company: "ACME Corp",
        status: "closed",
        message: null,
      },
      actor,
    );
    await addLeadNote(db, leadId, "Called, wants a quote", actor);
    const detail = await getLeadDetail(db, leadId);
    expect(detail?.lead).toMatchObject({ name: "Ana Smith-Lee", phone: "+1 555", status: "closed" });
    expect(detail?.statusChanges.map((change) => [change.fromStatus, change.toStatus, change.actorEmail])).toEqual([
      ["qualified", "closed", actor.email],
      ["new", "qualified", actor.email],
    ]);
    expect(detail?.notes.map((note) => [note.body, note.authorEmail])).toEqual([
      ["Called, wants a quote", actor.email],
    ]);
    const audit = await listAuditEntries(db, { entityType: "lead" });
    const update = audit.find((entry) => entry.action === "lead.update");
    expect(update?.summary).toEqual({ fields: ["name", "phone"], status: { from: "qualified", to: "closed" } });
    // The renamed lead is found under its new name.
    expect((await listLeads(db, filters({ q: "smith-lee" }))).total).toBe(1);
  });

  it("finds every lead of a burst as soon as its capture resolves, by current name, and not once deleted", async () => {
    const { db, ids } = await seeded();
    const burst = Array.from({ length: 12 }, (_, index) =>
      captureLead(db, {
        flow: "contact",
        input: { name: `Zed Burst ${index}`, email: `zed${index}@example.com` } as never,
        attribution,
        mail: mailContext,
      }),
    );
    // One transaction of the same burst fails: its lead must not turn up.
    const failing = db.transaction().execute(async (trx) => {
      await trx
        .insertInto("leads")
        .values({
          id: newId(),
          name: "Zed Burst failed",
          email: "zed-failed@example.com",
          source: "Contact Form",
          status: "new",
          is_spam: false,
          created_at: "2026-11-06T10:00:00.000Z",
          updated_at: "2026-11-06T10:00:00.000Z",
        })
        .execute();
      throw new Error("rolled back");
    });
    const [captured] = await Promise.all([Promise.all(burst), failing.catch(() => null)]);
    expect((await listLeads(db, filters({ q: "zed burst" }))).total).toBe(12);
    expect((await listLeads(db, filters({ q: "burst failed" }))).total).toBe(0);

    await updateLead(
      db,
      {
        leadId: captured[0]!.leadId,
        name: "Yolanda Renamed",
        email: "zed0@example.com",
        phone: null,
        company: null,
        status: "new",
        message: null,
      },
      actor,
    );
    expect((await listLeads(db, filters({ q: "yolanda" }))).total).toBe(1);
    expect((await listLeads(db, filters({ q: "zed burst" }))).total).toBe(11);
    await deleteLead(db, captured[1]!.leadId, actor);
    await deleteLead(db, ids[0]!, actor);
    expect((await listLeads(db, filters({ q: "zed burst" }))).total).toBe(10);
    expect((await listLeads(db, filters({ q: "ana smith" }))).total).toBe(0);
    if (dialect === "sqlite") {
      // With rank 1, FTS5 compares its index with the leads table and throws on any difference.
      await expect(
        sql`insert into leads_search (leads_search, rank) values ('integrity-check', 1)`.execute(db),
      ).resolves.toMatchObject({ rows: [] });
    }
  });

  // Migration 0005 changes SQLite only.
  if (dialect === "sqlite") {
    it("keeps leads from before migration 0005 searchable, and indexes the ones after", async () => {
      const { db } = await seeded();
      // Back to the trigger that indexed each lead as it was inserted, as a database from before 0005.
      await leadSearchAtCommit.down(db as unknown as Kysely<unknown>);
      await insertLeads(db, [
        { name: "Olga Before", email: "olga@old.example", createdAt: "2026-11-07T10:00:00.000Z" },
      ]);
      await leadSearchAtCommit.up(db as unknown as Kysely<unknown>);
      await insertLeads(db, [{ name: "Nina After", email: "nina@new.example", createdAt: "2026-11-08T10:00:00.000Z" }]);
      expect((await listLeads(db, filters({ q: "olga before" }))).total).toBe(1);
      expect((await listLeads(db, filters({ q: "nina after" }))).total).toBe(1);
      expect((await listLeads(db, filters({ q: "carla" }))).total).toBe(1);
      await expect(
        sql`insert into leads_search (leads_search, rank) values ('integrity-check', 1)`.execute(db),
      ).resolves.toMatchObject({ rows: [] });
    });
  }

  it("requeues a failed mail for the worker, and refuses one already sent", async () => {
    const { db } = await seeded();
    const { leadId } = await captureLead(db, {
      flow: "contact",
      input: { name: "Eve", email: "eve@example.com" } as never,
      attribution,
      mail: mailContext,
    });
    const [mail] = await db.selectFrom("email_outbox").selectAll().where("lead_id", "=", leadId).execute();
    await db
      .updateTable("email_outbox")
      .set({ status: "failed", attempts: 6, last_error: "550 no", next_attempt_at: "2030-01-01T00:00:00.000Z" })
      .where("id", "=", mail!.id)
      .execute();
    await requeueLeadMail(db, leadId, mail!.id, actor);
    const requeued = (await getLeadDetail(db, leadId))?.mails[0];
    expect(requeued).toMatchObject({ status: "queued", attempts: 6, lastError: "550 no" });
    expect(Date.parse(requeued!.nextAttemptAt)).toBeLessThanOrEqual(Date.now());

    await db.updateTable("email_outbox").set({ status: "sent" }).where("id", "=", mail!.id).execute();
    await expect(requeueLeadMail(db, leadId, mail!.id, actor)).rejects.toThrow("already sent");
  });

  it("exports the current filter as CSV with formula-like cells neutralised", async () => {
    const { db } = await freshDatabase();
    await insertLeads(db, [
      {
        name: '=HYPERLINK("http://evil")',
        email: "a@b.co",
        company: "+cmd",
        phone: "-1",
        message: '@SUM(1) "quoted", with comma\nand line',
        createdAt: "2026-11-01T00:00:00.000Z",
      },
      { name: "\tTabbed", email: "c@d.co", company: "\rReturn", createdAt: "2026-11-02T00:00:00.000Z" },
      { name: "Other", email: "other@d.co", status: "closed", createdAt: "2026-11-03T00:00:00.000Z" },
    ]);
    expect(csvCell("=1+1")).toBe(`"'=1+1"`);
    const csv = await streamedText(leadsCsv(db, filters({ status: "new" })));
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      '"id","created_at","name","email","phone","company","status","source","message","utm_source","utm_medium","utm_campaign","page_url","referrer"',
    );
    expect(csv).not.toContain("Other");
    expect(csv).toContain(`"'\tTabbed","c@d.co","","'\rReturn"`);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")","a@b.co","'-1","'+cmd"`);
    expect(csv).toContain(`"'@SUM(1) ""quoted"", with comma\nand line"`);
    // Newest first, like the list.
    expect(csv.indexOf("Tabbed")).toBeLessThan(csv.indexOf("HYPERLINK"));
  });

  it("exports in batches without skipping or repeating leads that share a timestamp", async () => {
    const { db } = await freshDatabase();
    const at = "2026-11-01T00:00:00.000Z";
    await insertLeads(
      db,
      Array.from({ length: 1203 }, (_, index) => ({ name: `Lead ${index}`, email: `l${index}@x.co`, createdAt: at })),
    );
    const csv = await streamedText(leadsCsv(db, filters()));
    const names = csv
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",")[2]);
    expect(names).toHaveLength(1203);
    expect(new Set(names).size).toBe(1203);
  });

  it("exports and then erases everything held about an e-mail address, audited by hash only", async () => {
    const { db } = await seeded();
    const { leadId } = await captureLead(db, {
      flow: "contact",
      input: { name: "Gina", email: "Gina@Example.com", company: "GinaCo" } as never,
      attribution,
      mail: mailContext,
    });
    await addLeadNote(db, leadId, "prefers e-mail", actor);
    await setLeadStatus(db, leadId, "contacted", actor);
    await db
      .insertInto("analytics_events")
      .values(
        ["gina@example.com", "someone@else.com"].map((email) => ({
          id: newId(),
          event_type: "form_submit",
          page_url: "/contact",
          user_agent: null,
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          properties: toJson({ lead_email: email }),
          created_at: "2026-11-06T00:00:00.000Z",
        })),
      )
      .execute();

    const exported = await exportPersonalData(db, " gina@EXAMPLE.com ", actor);
    expect(exported.leads.map((lead) => [lead.name, lead.email, lead.utm_source])).toEqual([
      ["Gina", "Gina@Example.com", "google"],
    ]);
    expect(exported.formSubmissions).toHaveLength(1);
    expect(exported.formSubmissions[0]?.data).toMatchObject({ email: "Gina@Example.com" });
    expect(exported.notes.map((note) => note.body)).toEqual(["prefers e-mail"]);
    expect(exported.statusChanges.map((change) => change.to_status)).toEqual(["contacted"]);
    expect(exported.analyticsEvents).toHaveLength(1);
    expect(exported.emails).toHaveLength(1);

    const erased = await erasePersonalData(db, "GINA@example.com", actor, "test-secret");
    expect(erased).toEqual({
      leads: 1,
      formSubmissions: 1,
      notes: 1,
      statusChanges: 1,
      calls: 0,
      analyticsEvents: 1,
      emails: 1,
      rateLimitCounters: 0,
      signInRefusals: 0,
      clientsKept: 0,
      // lead.created, form_submission.created and lead.status_changed, waiting for the webhook worker.
      webhookEvents: 3,
    });
    const after = await exportPersonalData(db, "gina@example.com", actor);
    expect([after.leads, after.formSubmissions, after.notes, after.analyticsEvents, after.emails]).toEqual([
      [],
      [],
      [],
      [],
      [],
    ]);
    // Other people's data is untouched.
    expect((await listLeads(db, filters())).total).toBe(4);
    expect(await db.selectFrom("analytics_events").select("id").execute()).toHaveLength(1);

    const gdprEntries = (await listAuditEntries(db, { entityType: "person" })).map((entry) => entry.summary);
    expect(gdprEntries).toHaveLength(3);
    for (const summary of gdprEntries) expect(summary?.emailHash).toBe(emailHash("gina@example.com"));
    const everyAuditEntry = JSON.stringify(await listAuditEntries(db, { limit: 1000 }));
    expect(everyAuditEntry.toLowerCase()).not.toContain("gina");
  });
});
