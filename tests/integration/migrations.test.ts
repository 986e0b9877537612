import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { type LeadFilters, leadFiltersSchema } from "~/lib/schemas/lead-admin";
import type { DatabaseConfig } from "~/server/config.server";
import { campaignTable, leadsPerDayBySource } from "~/server/dashboard/dashboard.server";
import { loadFunnel } from "~/server/dashboard/funnel.server";
import { migrateToLatest, migrateUpTo, migrationNames } from "~/server/db/migrate.server";
import * as initial from "~/server/db/migrations/0001-initial.server";
import * as staffAccess from "~/server/db/migrations/0002-staff-access.server";
import * as leadWork from "~/server/db/migrations/0003-lead-work.server";
import * as crm from "~/server/db/migrations/0004-crm.server";
import * as leadSearchAtCommit from "~/server/db/migrations/0005-lead-search-at-commit.server";
import * as outboxUnnoted from "~/server/db/migrations/0006-outbox-unnoted.server";
import * as leadsSupersededIndexes from "~/server/db/migrations/0007-leads-superseded-indexes.server";
import * as funnelCallsBooked from "~/server/db/migrations/0022-funnel-calls-booked.server";
import * as leadNameWalk from "~/server/db/migrations/0023-lead-name-walk.server";
import * as leadDayCounts from "~/server/db/migrations/0024-lead-day-counts.server";
import * as submissionLeadIndex from "~/server/db/migrations/0034-submission-lead-index.server";
import type { Database } from "~/server/db/schema.server";
import { newId, toJson } from "~/server/db/values.server";
import { listLeads } from "~/server/leads/lead-list.server";
import { addLeadNote, getLeadDetail } from "~/server/leads/leads.server";
import { bookingRow, insertFailedMail, insertLead, leadRow } from "../support/admin-fixtures";
import { childEnv } from "../support/child-env";
import { createEmptyDatabase, dialects, type TestDatabase } from "../support/databases";

// The migrations in order, as the app lists them, so a test can stop at an older schema.
const migrationModules = [
  ["0001-initial", initial],
  ["0002-staff-access", staffAccess],
  ["0003-lead-work", leadWork],
  ["0004-crm", crm],
  ["0005-lead-search-at-commit", leadSearchAtCommit],
  ["0006-outbox-unnoted", outboxUnnoted],
  ["0007-leads-superseded-indexes", leadsSupersededIndexes],
] as const;

const expectedTables: Record<string, string[]> = {
  leads: [
    "id",
    "name",
    "email",
    "phone",
    "company",
    "message",
    "source",
    "status",
    "form_id",
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "page_url",
    "referrer",
    "browser_info",
    "created_at",
  ],
  forms: ["id", "name", "description", "form_type", "status", "created_at"],
  form_submissions: [
    "id",
    "form_id",
    "data",
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "ip_address",
    "user_agent",
    "created_at",
  ],
  analytics_events: ["event_type", "page_url", "user_agent", "utm_source", "utm_medium", "utm_campaign", "properties"],
  pricing_plans: [
    "id",
    "plan_type",
    "title",
    "price_usd",
    "price_inr",
    "original_price_usd",
    "original_price_inr",
    "subtitle",
    "description",
    "features",
    "winter_discount",
    "is_popular",
    "is_active",
    "cta_text",
    "display_order",
    "updated_by",
  ],
  pricing_content: ["id", "section_key", "is_active", "title", "content", "updated_by"],
  site_settings: ["key", "value", "updated_by"],
  user_roles: ["user_id", "role"],
  pages: ["id", "title", "slug", "meta_description", "status", "created_at", "updated_at", "published_at"],
  blog_posts: [
    "id",
    "title",
    "slug",
    "excerpt",
    "content",
    "featured_image_url",
    "meta_title",
    "meta_description",
    "meta_keywords",
    "category",
    "tags",
    "status",
    "published_at",
    "created_at",
    "created_by",
    "updated_by",
  ],
  clients: ["id", "name", "email", "phone", "company", "address", "status", "created_at"],
  audit_logs: ["id", "created_at", "action", "entity_type", "entity_id", "actor_id"],
  user: ["id", "name", "email", "email_verified", "created_at", "updated_at", "two_factor_enabled", "disabled"],
  session: ["id", "token", "user_id", "expires_at", "created_at", "ip_address", "user_agent"],
  account: ["id", "account_id", "provider_id", "user_id", "password"],
  two_factor: ["id", "secret", "backup_codes", "user_id", "verified"],
  email_outbox: [
    "id",
    "lead_id",
    "to_address",
    "subject",
    "status",
    "attempts",
    "last_error",
    "next_attempt_at",
    "sent_at",
  ],
};

describe.each(dialects)("migrations on %s", (dialect) => {
  let database: TestDatabase;
  afterEach(async () => {
    await database?.drop();
  });

  it("creates every table with the column names the app and its operators rely on", async () => {
    database = await createEmptyDatabase(dialect);
    expect(await migrateToLatest(database.db)).toEqual(migrationNames);

    const tables = await database.db.introspection.getTables();
    const columnsByTable = Object.fromEntries(
      tables.map((table) => [table.name, table.columns.map((column) => column.name)]),
    );
    for (const [table, columns] of Object.entries(expectedTables)) {
      expect(columnsByTable[table], `table ${table}`).toEqual(expect.arrayContaining(columns));
    }
  });

  it("rolls 0007 back and forward: the lead indexes it drops come back, and go again", async () => {
    database = await createEmptyDatabase(dialect);
    await migrateToLatest(database.db);
    const superseded = ["leads_created_at_idx", "leads_status_created_at_idx"];
    const kept = ["leads_source_created_at_idx", "leads_spam_created_at_idx"];
    const latest = await leadIndexes(database.db, dialect);
    expect(latest.filter((name) => superseded.includes(name))).toEqual([]);
    expect(latest).toEqual(expect.arrayContaining(kept));

    const raw = database.db as unknown as Kysely<unknown>;
    await leadsSupersededIndexes.down(raw);
    expect(await leadIndexes(database.db, dialect)).toEqual(expect.arrayContaining(superseded));
    await leadsSupersededIndexes.up(raw);
    expect(await leadIndexes(database.db, dialect)).toEqual(latest);
  });

  it("rolls 0034 back and forward: a lead's submissions are still read through an index without the lead-only one", async () => {
    database = await createEmptyDatabase(dialect);
    const db = database.db;
    await migrateToLatest(db);
    const submissionIndexes = async () => {
      const { rows } =
        dialect === "postgres"
          ? await sql<{ name: string }>`select indexname as name from pg_indexes
              where tablename = 'form_submissions'`.execute(db)
          : await sql<{ name: string }>`select name from sqlite_master
              where type = 'index' and tbl_name = 'form_submissions'`.execute(db);
      return rows.map((row) => row.name).sort();
    };
    // The index the lead page's history read and a lead's deletion use, with a scan of the table ruled out.
    const indexForOneLead = () =>
      db.transaction().execute(async (trx) => {
        if (dialect === "postgres") {
          await sql`set local enable_seqscan = off`.execute(trx);
          await sql`set local enable_bitmapscan = off`.execute(trx);
          const plan = await sql<{ "QUERY PLAN": string }>`explain select id from form_submissions
            where lead_id = 'lead-1' order by created_at, id`.execute(trx);
          return plan.rows.map((row) => /Index (?:Only )?Scan using (\w+)/.exec(row["QUERY PLAN"])?.[1]).find(Boolean);
        }
        const plan = await sql<{ detail: string }>`explain query plan select id from form_submissions
          where lead_id = 'lead-1' order by created_at, id`.execute(trx);
        return plan.rows.map((row) => /USING (?:COVERING )?INDEX (\w+)/.exec(row.detail)?.[1]).find(Boolean);
      });
    const latest = await submissionIndexes();
    expect(latest).not.toContain("form_submissions_lead_id_idx");
    expect(latest).toContain("form_submissions_lead_created_idx");
    expect(await indexForOneLead()).toBe("form_submissions_lead_created_idx");

    const raw = db as unknown as Kysely<unknown>;
    await submissionLeadIndex.down(raw);
    expect(await submissionIndexes()).toContain("form_submissions_lead_id_idx");
    await submissionLeadIndex.up(raw);
    expect(await submissionIndexes()).toEqual(latest);
  });

  it("upgrades a database from 0002 that already holds leads, forms, submissions, mail and clients", async () => {
    database = await createEmptyDatabase(dialect);
    const db = database.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => Object.fromEntries(migrationModules) },
    });
    expect((await migrator.migrateTo("0002-staff-access")).error).toBeUndefined();

    // What an agency had collected on the older schema.
    const at = "2026-06-01T09:00:00.000Z";
    const formId = newId();
    await db
      .insertInto("forms")
      .values({
        id: formId,
        name: "Old Quote Form",
        description: null,
        form_type: "quote",
        status: "active",
        created_at: at,
        updated_at: at,
      })
      .execute();
    const old = leadRow({
      email: "olga@acme.example",
      name: "Olga Older",
      company: "Acme Holdings",
      formId,
      createdAt: at,
    });
    const other = leadRow({ email: "piet@example.com", name: "Piet Plain", createdAt: at });
    await db.insertInto("leads").values([old, other]).execute();
    await db
      .insertInto("form_submissions")
      .values({
        id: newId(),
        form_id: formId,
        lead_id: old.id,
        data: toJson({ budget: "5k" }),
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        ip_address: null,
        user_agent: "UA",
        created_at: at,
      })
      .execute();
    await insertFailedMail(db, old.id);
    await db
      .insertInto("clients")
      .values({
        id: newId(),
        name: "Acme Holdings",
        email: "olga@acme.example",
        phone: null,
        company: "Acme Holdings",
        address: null,
        status: "active",
        lead_id: old.id,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const counts = async () =>
      Promise.all(
        (["forms", "leads", "form_submissions", "email_outbox", "clients"] as const).map(
          async (table) => (await db.selectFrom(table).select("id").execute()).length,
        ),
      );
    expect(await counts()).toEqual([1, 2, 1, 1, 1]);

    expect(await migrateToLatest(db)).toEqual(migrationNames.slice(2));

    // Nothing lost, and the old rows work with what the later migrations added.
    expect(await counts()).toEqual([1, 2, 1, 1, 1]);
    const found = await listLeads(db, { ...leadFiltersSchema.parse({}), q: "acme hold" });
    expect(found.leads.map((lead) => lead.email)).toEqual(["olga@acme.example"]);
    const detail = await getLeadDetail(db, old.id);
    expect(detail?.lead).toMatchObject({ name: "Olga Older", company: "Acme Holdings" });
    expect(detail?.submissions).toHaveLength(1);
    expect(detail?.mails.map((mail) => mail.status)).toEqual(["failed"]);
    await addLeadNote(db, old.id, "Called after the upgrade", { id: null, email: "sales@agency.example" });
    expect((await getLeadDetail(db, old.id))?.notes.map((note) => note.body)).toEqual(["Called after the upgrade"]);
    // A lead becomes at most one client, the old ones included.
    await expect(
      db
        .insertInto("clients")
        .values({
          id: newId(),
          name: "Acme again",
          email: null,
          phone: null,
          company: null,
          address: null,
          status: "active",
          lead_id: old.id,
          created_at: at,
          updated_at: at,
        })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });

  it("upgrades a database from 0013 that holds leads: the funnel's roll-ups are filled from them, spam left out, and the list's sorts read the new indexes", async () => {
    database = await createEmptyDatabase(dialect);
    const db = database.db;
    await migrateUpTo(db, "0013-consent-funnel");
    const at = (day: number) => new Date(Date.UTC(2026, 9, day, 12)).toISOString();
    const rows = [
      { status: "converted", campaign: "winter", landing: "/pricing", day: 1 },
      { status: "qualified", campaign: "winter", landing: "/pricing", day: 2 },
      { status: "new", campaign: "winter", landing: "/", day: 2 },
      { status: "new", campaign: null, landing: null, day: 3 },
      { status: "new", campaign: "winter", landing: "/pricing", day: 3, spam: true },
    ] as const;
    for (const [i, row] of rows.entries()) {
      await insertLead(db, {
        name: `Old ${i}`,
        email: `old${i}@example.com`,
        status: row.status,
        isSpam: "spam" in row,
        utmCampaign: row.campaign,
        landingPath: row.landing,
        createdAt: at(row.day),
      });
    }
    const upgraded = await migrateToLatest(db);
    expect(upgraded).toEqual(expect.arrayContaining(["0018-lead-list-orders", "0019-lead-funnel-days"]));

    const funnel = await loadFunnel(db, new URLSearchParams("range=custom&from=2026-10-01&to=2026-10-31"));
    expect(funnel.totals).toMatchObject({ leads: 4, qualified: 2, clients: 1 });
    expect(funnel.byCampaign.find((row) => row.campaign === "winter")).toMatchObject({ leads: 3, qualified: 2 });
    expect(funnel.byLandingPage.find((row) => row.landingPath === "/pricing")).toMatchObject({ leads: 2, clients: 1 });
    // A lead arriving after the upgrade is counted by the triggers.
    await insertLead(db, { name: "New", email: "new@example.com", createdAt: at(4) });
    expect((await loadFunnel(db, new URLSearchParams("range=custom&from=2026-10-01&to=2026-10-31"))).totals.leads).toBe(
      5,
    );

    const byStatus = await listLeads(db, { ...leadFiltersSchema.parse({}), sort: "status" });
    expect(byStatus.leads.map((lead) => lead.status)).toEqual(["converted", "new", "new", "new", "qualified"]);
    const indexes = await leadIndexes(db, dialect);
    expect(indexes).toEqual(expect.arrayContaining(["leads_spam_status_newest_idx"]));
    expect(indexes).not.toContain("leads_spam_status_created_at_idx");
  });

  it("upgrades a database from 0019 whose leads booked calls: calls booked are counted, spam left out, and 0022 rolls back and forward", async () => {
    database = await createEmptyDatabase(dialect);
    const db = database.db;
    await migrateUpTo(db, "0019-lead-funnel-days");
    const at = new Date(Date.UTC(2026, 9, 2, 12)).toISOString();
    const lead = async (id: string, campaign: string | null, spam = false) =>
      db
        .insertInto("leads")
        .values({
          ...leadRow({ name: id, email: `${id}@example.com`, utmCampaign: campaign, isSpam: spam, createdAt: at }),
          id,
        })
        .execute();
    await lead("twice", "winter");
    await lead("spam", "winter", true);
    await lead("none", "winter");
    await lead("direct", null);
    await db
      .insertInto("bookings")
      .values([
        bookingRow("twice", { id: "call-1", startsAt: at }),
        bookingRow("twice", { id: "call-2", startsAt: at, status: "cancelled" }),
        bookingRow("spam", { id: "call-3", startsAt: at }),
        bookingRow("direct", { id: "call-4", startsAt: at }),
      ])
      .execute();
    expect(await migrateToLatest(db)).toEqual(expect.arrayContaining(["0022-funnel-calls-booked"]));
    const october = () => loadFunnel(db, new URLSearchParams("range=custom&from=2026-10-01&to=2026-10-31"));
    expect((await october()).totals).toMatchObject({ leads: 3, booked: 2 });
    expect((await october()).byCampaign.find((row) => row.campaign === "winter")).toMatchObject({
      leads: 2,
      booked: 1,
    });
    // After the upgrade the triggers keep counting.
    await db
      .insertInto("bookings")
      .values(bookingRow("none", { id: "call-5", startsAt: at }))
      .execute();
    expect((await october()).totals).toMatchObject({ leads: 3, booked: 3 });

    const raw = db as unknown as Kysely<unknown>;
    await funnelCallsBooked.down(raw);
    // 0019's triggers are back: leads are counted again without the column.
    await lead("later", "winter");
    const leadsOnly = await db
      .selectFrom("lead_campaign_days")
      .select(sql<number>`sum(leads)`.as("leads"))
      .executeTakeFirstOrThrow();
    expect(Number(leadsOnly.leads)).toBe(4);
    await funnelCallsBooked.up(raw);
    expect((await october()).totals).toMatchObject({ leads: 4, booked: 3 });
  });

  it("upgrades a database from 0022 that holds leads: lists by name with a filter read the widened name index, and 0023 rolls back and forward", async () => {
    database = await createEmptyDatabase(dialect);
    const db = database.db;
    await migrateUpTo(db, "0022-funnel-calls-booked");
    const given = [
      { name: "Ana Patel", status: "qualified", source: "Cost Estimator" },
      { name: "Ben Smith", status: "new", source: "Cost Estimator", company: "Patel & Co" },
      { name: "Cai Patel", status: "qualified", source: "Contact Form" },
      { name: "Dan Jones", status: "qualified", source: "Cost Estimator" },
    ] as const;
    for (const [i, lead] of given.entries())
      await insertLead(db, {
        ...lead,
        email: `old${i}@example.com`,
        createdAt: new Date(Date.UTC(2026, 9, 1 + i)).toISOString(),
      });
    expect(await migrateToLatest(db)).toEqual(expect.arrayContaining(["0023-lead-name-walk"]));
    const indexes = await leadIndexes(db, dialect);
    expect(indexes).toContain("leads_spam_name_filters_idx");
    expect(indexes).not.toContain("leads_spam_name_idx");

    // A horizon of one: the pages are read by walking the name index, checking each lead in it.
    const byName = async (given: Partial<LeadFilters>) =>
      (
        await listLeads(
          db,
          { ...leadFiltersSchema.parse({}), sort: "name_desc", ...given },
          { horizon: 1, searchHorizon: 1 },
        )
      ).leads.map((lead) => lead.name);
    expect(await byName({ status: "qualified" })).toEqual(["Dan Jones", "Cai Patel", "Ana Patel"]);
    expect(await byName({ source: "Cost Estimator" })).toEqual(["Dan Jones", "Ben Smith", "Ana Patel"]);
    expect(await byName({ q: "patel" })).toEqual(["Cai Patel", "Ben Smith", "Ana Patel"]);

    const raw = db as unknown as Kysely<unknown>;
    await leadNameWalk.down(raw);
    expect(await leadIndexes(db, dialect)).toContain("leads_spam_name_idx");
    expect(await byName({ status: "qualified" })).toEqual(["Dan Jones", "Cai Patel", "Ana Patel"]);
    await leadNameWalk.up(raw);
    expect(await leadIndexes(db, dialect)).not.toContain("leads_spam_name_idx");
    expect(await byName({ q: "patel" })).toEqual(["Cai Patel", "Ben Smith", "Ana Patel"]);
  });

  it("upgrades a database from 0023 that holds leads: the dashboard's month counts the same, from the creation-date index alone on PostgreSQL, and 0024 rolls back and forward", async () => {
    database = await createEmptyDatabase(dialect);
    const db = database.db;
    await migrateUpTo(db, "0023-lead-name-walk");
    const nowMs = Date.UTC(2026, 9, 20, 12);
    const given = [
      { source: "Contact Form", utmCampaign: "spring", status: "qualified", day: 18 },
      { source: "Cost Estimator", utmCampaign: "spring", status: "new", day: 18 },
      { source: "Contact Form", utmCampaign: null, status: "converted", day: 19 },
      { source: "Contact Form", utmCampaign: "spring", status: "new", day: 19, isSpam: true },
    ] as const;
    for (const [i, lead] of given.entries())
      await insertLead(db, {
        ...lead,
        email: `day${i}@example.com`,
        createdAt: new Date(Date.UTC(2026, 9, lead.day, 9)).toISOString(),
      });
    const series = async () => (await leadsPerDayBySource(db, nowMs, 30, "UTC")).rows.filter((row) => row.total > 0);
    const before = await series();
    expect(before).toEqual([
      { day: "2026-10-18", counts: { "Contact Form": 1, "Cost Estimator": 1 }, total: 2 },
      { day: "2026-10-19", counts: { "Contact Form": 1, "Cost Estimator": 0 }, total: 1 },
    ]);
    // Whether the index alone can answer the month's read, with the other ways to read it ruled out.
    const readsIndexOnly = async () => {
      if (dialect !== "postgres") return null;
      return db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        const plan = await sql<{ "QUERY PLAN": string }>`explain select source, utm_campaign, status from leads
          where is_spam = false and created_at >= '2026-10-01' and created_at < '2026-10-21'`.execute(trx);
        return plan.rows.some((row) => row["QUERY PLAN"].includes("Index Only Scan using leads_spam_created_at_idx"));
      });
    };
    expect(await readsIndexOnly()).toBe(dialect === "postgres" ? false : null);

    expect(await migrateToLatest(db)).toEqual(expect.arrayContaining(["0024-lead-day-counts"]));
    expect(await series()).toEqual(before);
    // The campaign table reads columns of later migrations, so it is read once they are in.
    const campaigns = await campaignTable(db, nowMs, 30, "UTC");
    expect(campaigns).toEqual([
      { campaign: "spring", leads: 2, returning: 0, qualified: 1, converted: 0 },
      { campaign: null, leads: 1, returning: 0, qualified: 1, converted: 1 },
    ]);
    const month = async () => ({ series: await series(), campaigns: await campaignTable(db, nowMs, 30, "UTC") });
    const latest = await month();
    expect(await readsIndexOnly()).toBe(dialect === "postgres" ? true : null);
    expect(await leadIndexes(db, dialect)).toContain("leads_spam_created_at_idx");

    const raw = db as unknown as Kysely<unknown>;
    await leadDayCounts.down(raw);
    expect(await readsIndexOnly()).toBe(dialect === "postgres" ? false : null);
    expect(await month()).toEqual(latest);
    await leadDayCounts.up(raw);
    expect(await readsIndexOnly()).toBe(dialect === "postgres" ? true : null);
    expect(await month()).toEqual(latest);
  });

  it("is a no-op when run again", async () => {
    database = await createEmptyDatabase(dialect);
    expect(await migrateToLatest(database.db)).toEqual(migrationNames);
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it("migrates and seeds once when two processes run `npm run db:migrate` at the same time", async () => {
    database = await createEmptyDatabase(dialect);
    const outputs = await Promise.all([runDbMigrate(database.config), runDbMigrate(database.config)]);
    const applied = outputs.filter((output) => output.includes("Applied 0001-initial, 0002-staff-access"));
    const seededForms = outputs.filter((output) => /Seeded .*forms/.test(output));
    expect(applied).toHaveLength(1);
    expect(seededForms).toHaveLength(1);
    const forms = await database.db.selectFrom("forms").select("name").execute();
    expect(forms).toHaveLength(4);
  });
});

async function runDbMigrate(config: DatabaseConfig) {
  const env = childEnv(
    config.dialect === "sqlite" ? { DATA_DIR: path.dirname(config.file) } : { DATABASE_URL: config.connectionString },
  );
  const { stdout } = await promisify(execFile)("npm", ["run", "-s", "db:migrate"], { env, encoding: "utf8" });
  return stdout;
}

async function leadIndexes(db: Database, dialect: string) {
  const { rows } =
    dialect === "postgres"
      ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'leads'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'leads'`.execute(
          db,
        );
  return rows.map((row) => row.name).sort();
}
