import { describe, expect, it } from "vitest";
import type { LeadStatus } from "~/lib/schemas/lead-admin";
import { AppError } from "~/server/app-error.server";
import { listAuditEntries } from "~/server/audit/audit.server";
import {
  createClient,
  leadForConversion,
  listClients,
  setClientStatus,
  updateClient,
} from "~/server/clients/clients.server";
import { campaignTable, leadsPerDayBySource, OTHER_SOURCES } from "~/server/dashboard/dashboard.server";
import type { Database } from "~/server/db/schema.server";
import { newId, toJson } from "~/server/db/values.server";
import {
  createForm,
  deleteForm,
  listFormLeads,
  listFormSubmissions,
  listForms,
  setFormLeadStatus,
  updateForm,
} from "~/server/forms/forms.server";
import { insertLead } from "../support/admin-fixtures";
import { databasePerTest, dialects } from "../support/databases";

const actor = { id: null, email: "test@example.com" };
const noFilters = { q: "", status: undefined, type: undefined };
const blankClient = { email: null, phone: null, company: null, address: null, status: "active" as const, leadId: null };

type LeadSeed = {
  formId?: string | null;
  name?: string;
  email?: string;
  source?: string;
  status?: LeadStatus;
  campaign?: string | null;
  spam?: boolean;
  at?: string;
  company?: string | null;
  phone?: string | null;
};

function addLead(db: Database, seed: LeadSeed = {}) {
  return insertLead(db, {
    name: seed.name ?? "Lead",
    email: seed.email ?? `${crypto.randomUUID()}@example.com`,
    phone: seed.phone,
    company: seed.company,
    source: seed.source,
    status: seed.status,
    formId: seed.formId,
    isSpam: seed.spam,
    utmCampaign: seed.campaign,
    createdAt: seed.at,
  });
}

async function addSubmission(db: Database, formId: string, leadId: string | null, data: unknown, at?: string) {
  const id = newId();
  await db
    .insertInto("form_submissions")
    .values({
      id,
      form_id: formId,
      lead_id: leadId,
      data: toJson(data),
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      ip_address: null,
      user_agent: null,
      created_at: at ?? new Date().toISOString(),
    })
    .execute();
  return id;
}

describe.each(dialects)("CRM admin on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("lists clients newest first, searches name/email/company case-insensitively, filters by status, pages in the database", async () => {
    const { db } = await freshDatabase();
    for (let index = 0; index < 25; index++) {
      await createClient(
        db,
        {
          ...blankClient,
          name: `Client ${String(index).padStart(2, "0")}`,
          email: `client${index}@example.com`,
          company: index % 5 === 0 ? "Acme 100% Widgets" : "Other Co",
          status: index % 3 === 0 ? "suspended" : "active",
        },
        actor,
      );
      // Distinct creation times, so "newest first" is observable.
      await db
        .updateTable("clients")
        .set({ created_at: new Date(Date.UTC(2026, 0, 1 + index)).toISOString() })
        .where("name", "=", `Client ${String(index).padStart(2, "0")}`)
        .execute();
    }

    const first = await listClients(db, { q: "", status: undefined, page: 1 }, 10);
    expect(first.total).toBe(25);
    expect(first.pageCount).toBe(3);
    expect(first.clients.map((client) => client.name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Client ${24 - index}`),
    );
    const last = await listClients(db, { q: "", status: undefined, page: 9 }, 10);
    expect(last.page).toBe(3);
    expect(last.clients.map((client) => client.name)).toEqual([
      "Client 04",
      "Client 03",
      "Client 02",
      "Client 01",
      "Client 00",
    ]);

    const byCompany = await listClients(db, { q: "ACME 100%", status: undefined, page: 1 });
    expect(byCompany.clients.map((client) => client.name)).toEqual([
      "Client 20",
      "Client 15",
      "Client 10",
      "Client 05",
      "Client 00",
    ]);
    // % is taken literally, not as a wildcard.
    expect((await listClients(db, { q: "Acme%Widgets", status: undefined, page: 1 })).total).toBe(0);
    expect((await listClients(db, { q: "CLIENT7@EXAMPLE", status: undefined, page: 1 })).clients[0]?.name).toBe(
      "Client 07",
    );
    const suspendedAcme = await listClients(db, { q: "acme", status: "suspended", page: 1 });
    expect(suspendedAcme.clients.map((client) => client.name)).toEqual(["Client 15", "Client 00"]);
    expect((await listClients(db, { q: "nobody", status: undefined, page: 1 })).clients).toEqual([]);
  });

  it("edits clients and changes their status with an audit entry each", async () => {
    const { db } = await freshDatabase();
    const { id } = await createClient(db, { ...blankClient, name: "Initech" }, actor);
    await updateClient(db, id, { ...blankClient, name: "Initech", address: "1 Main St", status: "inactive" }, actor);
    await setClientStatus(db, id, "suspended", actor);
    const [client] = (await listClients(db, { q: "", status: undefined, page: 1 })).clients;
    expect(client).toMatchObject({ name: "Initech", address: "1 Main St", status: "suspended", leadId: null });
    const audit = await listAuditEntries(db, { entityType: "client" });
    // Entries written within the same millisecond have no order between them.
    expect(audit.map((entry) => entry.action).sort()).toEqual(["client.create", "client.set_status", "client.update"]);
    expect(audit[0]?.summary).toMatchObject({ status: { from: "inactive", to: "suspended" } });
    expect(audit[1]?.summary).toMatchObject({ address: { from: null, to: "1 Main St" } });
    await expect(setClientStatus(db, newId(), "active", actor)).rejects.toThrow(AppError);
  });

  it("converts a lead to a client once, linked both ways, and marks the lead converted", async () => {
    const { db } = await freshDatabase();
    const leadId = await addLead(db, { name: "Dana", email: "dana@example.com", company: "Dana Ltd", phone: "555" });
    const prefill = await leadForConversion(db, leadId);
    expect(prefill).toMatchObject({ name: "Dana", email: "dana@example.com", company: "Dana Ltd", phone: "555" });
    expect(prefill?.existingClient).toBeNull();

    const { id } = await createClient(
      db,
      { ...blankClient, name: "Dana", email: "dana@example.com", company: "Dana Ltd", leadId },
      actor,
    );
    const lead = await db.selectFrom("leads").select("status").where("id", "=", leadId).executeTakeFirstOrThrow();
    expect(lead.status).toBe("converted");
    const history = await db
      .selectFrom("lead_status_changes")
      .select(["from_status", "to_status"])
      .where("lead_id", "=", leadId)
      .execute();
    expect(history).toEqual([{ from_status: "new", to_status: "converted" }]);
    expect((await leadForConversion(db, leadId))?.existingClient).toEqual({ id, name: "Dana" });
    await expect(createClient(db, { ...blankClient, name: "Dana again", leadId }, actor)).rejects.toThrow(
      "already converted",
    );
    await expect(createClient(db, { ...blankClient, name: "Ghost", leadId: newId() }, actor)).rejects.toThrow(
      "no longer exists",
    );
    const actions = (await listAuditEntries(db)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["client.convert_lead", "lead.set_status"]));
    expect((await listClients(db, { q: "", status: undefined, page: 1 })).total).toBe(1);
  });

  it("counts each form's submissions, leads, converted leads and rounded conversion in one list", async () => {
    const { db } = await freshDatabase();
    const { id: formA } = await createForm(
      db,
      { name: "Webinar", description: "Sign-ups", formType: "lead", status: "active" },
      actor,
    );
    const { id: formB } = await createForm(
      db,
      { name: "Survey", description: null, formType: "survey", status: "draft" },
      actor,
    );
    const statuses: LeadStatus[] = ["converted", "new", "qualified"];
    for (const status of statuses) {
      const leadId = await addLead(db, { formId: formA, status });
      await addSubmission(db, formA, leadId, { name: "x" });
    }
    await addSubmission(db, formA, null, { note: "no lead" });
    const spamId = await addLead(db, { formId: formA, status: "converted", spam: true });
    await addSubmission(db, formA, spamId, { spam: true });

    const forms = await listForms(db, noFilters);
    expect(forms.map((form) => form.name)).toEqual(["Survey", "Webinar"]);
    expect(forms.find((form) => form.id === formA)).toMatchObject({
      submissions: 5,
      leads: 3,
      converted: 1,
      conversionRate: 33,
      formType: "lead",
      status: "active",
    });
    expect(forms.find((form) => form.id === formB)).toMatchObject({ submissions: 0, leads: 0, conversionRate: 0 });

    // 2 of 3 → 66.7 → 67 (rounded, not truncated)
    const newLead = (await listFormLeads(db, formA, 1)).leads.find((lead) => lead.status === "new")!;
    await setFormLeadStatus(db, formA, newLead.id, "converted", actor);
    const history = await db
      .selectFrom("lead_status_changes")
      .select("to_status")
      .where("lead_id", "=", newLead.id)
      .execute();
    expect(history).toEqual([{ to_status: "converted" }]);
    expect((await listForms(db, noFilters)).find((form) => form.id === formA)?.conversionRate).toBe(67);
    await expect(setFormLeadStatus(db, formB, newLead.id, "new", actor)).rejects.toThrow(AppError);

    expect((await listForms(db, { q: "webINAR", status: undefined, type: undefined })).map((f) => f.id)).toEqual([
      formA,
    ]);
    expect((await listForms(db, { q: "", status: "draft", type: undefined })).map((f) => f.id)).toEqual([formB]);
    expect((await listForms(db, { q: "", status: undefined, type: "lead" })).map((f) => f.id)).toEqual([formA]);

    const leads = await listFormLeads(db, formA, 1, 2);
    expect(leads).toMatchObject({ total: 3, pageCount: 2 });
    expect(leads.leads[0]?.source).toBe("Contact Form");
    const submissions = await listFormSubmissions(db, formA, 1);
    expect(submissions.total).toBe(5);
    expect(submissions.submissions[0]?.shortId).toHaveLength(8);
    expect(submissions.submissions.map((s) => s.data)).toContainEqual({ note: "no lead" });
  });

  it("deletes a form but keeps its leads and submissions; the site's own forms cannot be renamed or deleted", async () => {
    const { db } = await freshDatabase();
    const { id: formId } = await createForm(
      db,
      { name: "Old promo", description: null, formType: "contact", status: "active" },
      actor,
    );
    const leadId = await addLead(db, { formId });
    const submissionId = await addSubmission(db, formId, leadId, { a: 1 });
    await deleteForm(db, formId, actor);
    expect(await db.selectFrom("forms").select("id").where("id", "=", formId).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("leads").select("form_id").where("id", "=", leadId).executeTakeFirst()).toEqual({
      form_id: null,
    });
    expect(
      await db
        .selectFrom("form_submissions")
        .select(["form_id", "lead_id"])
        .where("id", "=", submissionId)
        .executeTakeFirst(),
    ).toEqual({ form_id: null, lead_id: leadId });
    const deletion = (await listAuditEntries(db, { entityType: "form" }))[0];
    expect(deletion).toMatchObject({
      action: "form.delete",
      summary: { name: "Old promo", keptLeads: 1, keptSubmissions: 1 },
    });

    const { id: siteForm } = await createForm(
      db,
      { name: "Some form", description: null, formType: "contact", status: "active" },
      actor,
    );
    await db.updateTable("forms").set({ name: "Contact Form" }).where("id", "=", siteForm).execute();
    await expect(
      updateForm(db, siteForm, { name: "Contact us", description: null, formType: "contact", status: "active" }, actor),
    ).rejects.toThrow("cannot be renamed");
    await expect(deleteForm(db, siteForm, actor)).rejects.toThrow("cannot be deleted");
    // Other edits of a site form are fine.
    await updateForm(
      db,
      siteForm,
      { name: "Contact Form", description: "Strategy calls", formType: "contact", status: "inactive" },
      actor,
    );
    expect((await listForms(db, noFilters)).find((form) => form.id === siteForm)).toMatchObject({
      description: "Strategy calls",
      status: "inactive",
      usedBySite: true,
    });
    await expect(
      createForm(db, { name: "newsletter signup", description: null, formType: "newsletter", status: "active" }, actor),
    ).rejects.toThrow("choose another name");
  });

  it("charts 30 days of non-spam leads by channel and tabulates campaigns", async () => {
    const { db } = await freshDatabase();
    const nowMs = Date.UTC(2026, 10, 22, 12, 0, 0);
    const day = (daysAgo: number, hour = 10) => new Date(Date.UTC(2026, 10, 22 - daysAgo, hour)).toISOString();
    await addLead(db, { source: "Contact Form", at: day(0), campaign: "black-friday", status: "qualified" });
    await addLead(db, { source: "Contact Form", at: day(0, 1), campaign: "black-friday", status: "converted" });
    await addLead(db, { source: "PDF Download - PPC Guide", at: day(0), campaign: "black-friday" });
    await addLead(db, { source: "PDF Download - Other Guide", at: day(3), campaign: "winter" });
    await addLead(db, { source: "Newsletter Form", at: day(29), status: "converted" });
    await addLead(db, { source: "Contact Form", at: day(30), campaign: "too-old" });
    await addLead(db, { source: "Contact Form", at: day(1), campaign: "spammy", spam: true });

    const series = await leadsPerDayBySource(db, nowMs);
    expect(series.days).toHaveLength(30);
    expect(series.days[0]).toBe("2026-10-24");
    expect(series.days.at(-1)).toBe("2026-11-22");
    expect(series.total).toBe(5);
    expect(series.sources).toEqual(["Contact Form", "PDF Download", "Newsletter Form"]);
    expect(series.rows.at(-1)).toEqual({
      day: "2026-11-22",
      counts: { "Contact Form": 2, "PDF Download": 1, "Newsletter Form": 0 },
      total: 3,
    });
    expect(series.rows.find((row) => row.day === "2026-11-19")?.counts["PDF Download"]).toBe(1);
    expect(series.rows[0]?.counts["Newsletter Form"]).toBe(1);
    expect(series.rows.find((row) => row.day === "2026-11-21")?.total).toBe(0);

    expect(await campaignTable(db, nowMs)).toEqual([
      { campaign: "black-friday", leads: 3, returning: 0, qualified: 2, converted: 1 },
      { campaign: "winter", leads: 1, returning: 0, qualified: 0, converted: 0 },
      { campaign: null, leads: 1, returning: 0, qualified: 1, converted: 1 },
    ]);

    // More than six channels: the five largest and Other.
    for (const [index, source] of ["A", "B", "C", "D", "E", "F", "G"].entries()) {
      for (let count = 0; count <= index; count++) await addLead(db, { source: `Channel ${source}`, at: day(2) });
    }
    const many = await leadsPerDayBySource(db, nowMs);
    expect(many.sources).toEqual(["Channel G", "Channel F", "Channel E", "Channel D", "Channel C", OTHER_SOURCES]);
    expect(many.rows.find((row) => row.day === "2026-11-20")?.counts[OTHER_SOURCES]).toBe(1 + 2);
    expect(many.total).toBe(5 + 28);
  });

  it("counts the chart's days in the agency's time zone: 23:30 UTC is already the next day in Berlin", async () => {
    const { db } = await freshDatabase();
    const nowMs = Date.UTC(2026, 10, 22, 12, 0, 0);
    await addLead(db, { source: "Contact Form", at: new Date(Date.UTC(2026, 10, 20, 23, 30)).toISOString() });
    await addLead(db, { source: "Contact Form", at: new Date(Date.UTC(2026, 10, 21, 10, 0)).toISOString() });

    const utc = await leadsPerDayBySource(db, nowMs);
    expect(utc.rows.find((row) => row.day === "2026-11-20")?.total).toBe(1);
    expect(utc.rows.find((row) => row.day === "2026-11-21")?.total).toBe(1);

    const berlin = await leadsPerDayBySource(db, nowMs, 30, "Europe/Berlin");
    expect(berlin.days.at(-1)).toBe("2026-11-22");
    expect(berlin.rows.find((row) => row.day === "2026-11-20")?.total).toBe(0);
    expect(berlin.rows.find((row) => row.day === "2026-11-21")?.total).toBe(2);
    // West of UTC the same instant is still the evening before.
    const chicago = await leadsPerDayBySource(db, nowMs, 30, "America/Chicago");
    expect(chicago.rows.find((row) => row.day === "2026-11-20")?.total).toBe(1);
    // The window's first day starts at midnight in the zone: the 23:30 lead is in Berlin's window, not UTC's.
    const later = Date.UTC(2026, 11, 20, 12);
    expect((await leadsPerDayBySource(db, later, 30, "Europe/Berlin")).total).toBe(2);
    expect((await leadsPerDayBySource(db, later, 30)).total).toBe(1);
  });
});
