import { sql } from "kysely";
import { type FormFilters, type FormInput, isSiteFormName } from "~/lib/schemas/forms";
import type { LeadStatus } from "~/lib/schemas/lead-admin";
import { shortId } from "~/lib/short-id";
import type { FormWithCounters } from "~/lib/types/forms";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { fieldChanges } from "../audit/changes.server";
import { newestFirstPage } from "../db/pagination.server";
import type { Database, Row } from "../db/schema.server";
import { matchesAnyColumn } from "../db/search.server";
import { fromJson, newId, now } from "../db/values.server";
import { setLeadStatus } from "../leads/leads.server";

const auditForm = auditOf("form");

export const FORM_ITEMS_PAGE_SIZE = 20;

export function conversionRate(converted: number, leads: number) {
  return leads === 0 ? 0 : Math.round((converted / leads) * 100);
}

/**
 * Forms newest first with their counters, in one query: submissions and leads are each grouped by
 * form once and joined, never counted per form. Leads flagged as spam are not counted.
 */
export async function listForms(db: Database, filters: FormFilters): Promise<FormWithCounters[]> {
  const submissions = db
    .selectFrom("form_submissions")
    .select(["form_id", (eb) => eb.fn.countAll<number>().as("submissions")])
    .where("form_id", "is not", null)
    .groupBy("form_id")
    .as("s");
  const leads = db
    .selectFrom("leads")
    .select([
      "form_id",
      (eb) => eb.fn.countAll<number>().as("leads"),
      sql<number>`sum(case when status = 'converted' then 1 else 0 end)`.as("converted"),
    ])
    .where("form_id", "is not", null)
    .where("is_spam", "=", false)
    .groupBy("form_id")
    .as("l");
  let query = db
    .selectFrom("forms")
    .leftJoin(submissions, "s.form_id", "forms.id")
    .leftJoin(leads, "l.form_id", "forms.id")
    .select([
      "forms.id",
      "forms.name",
      "forms.description",
      "forms.form_type",
      "forms.status",
      "forms.created_at",
      "s.submissions",
      "l.leads",
      "l.converted",
    ]);
  if (filters.q) query = query.where((eb) => matchesAnyColumn(eb, ["forms.name", "forms.description"], filters.q));
  if (filters.status) query = query.where("forms.status", "=", filters.status);
  if (filters.type) query = query.where("forms.form_type", "=", filters.type);
  const rows = await query.orderBy("forms.created_at", "desc").orderBy("forms.id", "desc").execute();
  return rows.map((row) => {
    const leadCount = Number(row.leads ?? 0);
    const converted = Number(row.converted ?? 0);
    return {
      ...toForm(row),
      submissions: Number(row.submissions ?? 0),
      leads: leadCount,
      converted,
      conversionRate: conversionRate(converted, leadCount),
    };
  });
}

export async function getForm(db: Database, formId: string) {
  const row = await db
    .selectFrom("forms")
    .select(["id", "name", "description", "form_type", "status", "created_at"])
    .where("id", "=", formId)
    .executeTakeFirst();
  return row ? toForm(row) : null;
}

function toForm(row: Pick<Row<"forms">, "id" | "name" | "description" | "form_type" | "status" | "created_at">) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    formType: row.form_type,
    status: row.status,
    createdAt: row.created_at,
    usedBySite: isSiteFormName(row.name),
  };
}

async function requireForm(db: Database, formId: string) {
  const form = await getForm(db, formId);
  if (!form) throw new AppError("NOT_FOUND", "That form no longer exists.");
  return form;
}

function refuseSiteName(name: string) {
  if (isSiteFormName(name)) {
    throw new AppError(
      "CONFLICT",
      `"${name}" is the name the website's own forms use to file their leads; choose another name.`,
      { field: "name" },
    );
  }
}

export async function createForm(db: Database, input: FormInput, actor: AuditActor | null) {
  refuseSiteName(input.name);
  const id = newId();
  const at = now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("forms")
      .values({
        id,
        name: input.name,
        description: input.description,
        form_type: input.formType,
        status: input.status,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await auditForm(trx, actor, "form.create", id, {
      name: input.name,
      formType: input.formType,
      status: input.status,
    });
  });
  return { id };
}

export async function updateForm(db: Database, formId: string, input: FormInput, actor: AuditActor | null) {
  const before = await requireForm(db, formId);
  if (before.name !== input.name) {
    if (before.usedBySite) {
      throw new AppError(
        "CONFLICT",
        `"${before.name}" cannot be renamed: the website's own forms find it by this name, so their leads would no longer be filed under it.`,
        { field: "name" },
      );
    }
    refuseSiteName(input.name);
  }
  const after = { name: input.name, description: input.description, formType: input.formType, status: input.status };
  const changes = fieldChanges(before, after, Object.keys(after) as (keyof typeof after)[]);
  if (Object.keys(changes).length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("forms")
      .set({
        name: input.name,
        description: input.description,
        form_type: input.formType,
        status: input.status,
        updated_at: now(),
      })
      .where("id", "=", formId)
      .execute();
    await auditForm(trx, actor, "form.update", formId, { name: input.name, ...changes });
  });
}

/** Deletes a form; its leads and submissions stay (their form_id becomes null via ON DELETE SET NULL). */
export async function deleteForm(db: Database, formId: string, actor: AuditActor | null) {
  const form = await requireForm(db, formId);
  if (form.usedBySite) {
    throw new AppError(
      "CONFLICT",
      `"${form.name}" cannot be deleted: the website's own forms file their leads under it. Set it to inactive instead to stop outside sites posting to it.`,
    );
  }
  await db.transaction().execute(async (trx) => {
    const count = async (table: "leads" | "form_submissions") =>
      Number(
        (
          await trx
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("count"))
            .where("form_id", "=", formId)
            .executeTakeFirstOrThrow()
        ).count,
      );
    const keptLeads = await count("leads");
    const keptSubmissions = await count("form_submissions");
    await trx.deleteFrom("forms").where("id", "=", formId).execute();
    await auditForm(trx, actor, "form.delete", formId, {
      name: form.name,
      formType: form.formType,
      keptLeads,
      keptSubmissions,
    });
  });
}

/** The form's leads (not spam), newest first, one page at a time. */
export async function listFormLeads(
  db: Database,
  formId: string,
  requestedPage: number,
  pageSize = FORM_ITEMS_PAGE_SIZE,
) {
  const { rows, ...counted } = await newestFirstPage(
    db
      .selectFrom("leads")
      .select(["id", "name", "email", "phone", "company", "source", "message", "status", "created_at"])
      .where("form_id", "=", formId)
      .where("is_spam", "=", false),
    { createdAt: "leads.created_at", id: "leads.id" },
    requestedPage,
    pageSize,
  );
  return {
    leads: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      company: row.company,
      source: row.source || "Website",
      message: row.message,
      status: row.status,
      createdAt: row.created_at,
    })),
    ...counted,
  };
}

export async function listFormSubmissions(
  db: Database,
  formId: string,
  requestedPage: number,
  pageSize = FORM_ITEMS_PAGE_SIZE,
) {
  const { rows, ...counted } = await newestFirstPage(
    db.selectFrom("form_submissions").select(["id", "data", "created_at"]).where("form_id", "=", formId),
    { createdAt: "form_submissions.created_at", id: "form_submissions.id" },
    requestedPage,
    pageSize,
  );
  return {
    submissions: rows.map((row) => ({
      id: row.id,
      shortId: shortId(row.id),
      data: fromJson<unknown>(row.data, null),
      createdAt: row.created_at,
    })),
    ...counted,
  };
}

/** The status dropdown of the form's leads view; only leads of that form can be changed from there. */
export async function setFormLeadStatus(
  db: Database,
  formId: string,
  leadId: string,
  status: LeadStatus,
  actor: AuditActor | null,
) {
  const lead = await db
    .selectFrom("leads")
    .select(["id", "status", "email"])
    .where("id", "=", leadId)
    .where("form_id", "=", formId)
    .executeTakeFirst();
  if (!lead) throw new AppError("NOT_FOUND", "That lead no longer exists or no longer belongs to this form.");
  await setLeadStatus(db, leadId, status, actor);
}
