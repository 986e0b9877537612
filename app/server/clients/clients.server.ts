import {
  CLIENT_EDITABLE_FIELDS,
  type ClientFilters,
  type ClientInput,
  type ClientSort,
  type ClientStatus,
} from "~/lib/schemas/clients";
import type { Client, LeadForConversion } from "~/lib/types/clients";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { fieldChanges } from "../audit/changes.server";
import { csvLine } from "../csv.server";
import { transactionOrConflict } from "../db/database.server";
import { countPages } from "../db/pagination.server";
import type { Database, Row } from "../db/schema.server";
import { matchesAnyColumn } from "../db/search.server";
import { newId, now, pick } from "../db/values.server";
import { recordStatusChange } from "../leads/leads.server";
import { recordClientEvents } from "../webhooks/events.server";

const auditClient = auditOf("client");
const auditLead = auditOf("lead");

export const CLIENTS_PAGE_SIZE = 20;

function toClient(row: Row<"clients">): Client {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    address: row.address,
    status: row.status,
    leadId: row.lead_id,
    ownerId: row.owner_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The clients a filter matches (search, status, owner), before sorting and paging. */
export function matchingClients(db: Database, filters: Omit<ClientFilters, "page" | "sort">, userId: string | null) {
  let query = db.selectFrom("clients");
  if (filters.owner === "none") query = query.where("owner_id", "is", null);
  else if (filters.owner === "me") query = query.where("owner_id", "=", userId ?? "");
  else if (filters.owner) query = query.where("owner_id", "=", filters.owner);
  if (filters.q) query = query.where((eb) => matchesAnyColumn(eb, ["name", "email", "company"], filters.q));
  if (filters.status) query = query.where("status", "=", filters.status);
  return query;
}

const clientOrder: Record<ClientSort, [column: "created_at" | "name" | "status", direction: "asc" | "desc"]> = {
  newest: ["created_at", "desc"],
  oldest: ["created_at", "asc"],
  name: ["name", "asc"],
  name_desc: ["name", "desc"],
  status: ["status", "asc"],
};

/** Filtered, sorted (newest first unless asked) and paginated by the database; `page` is clamped to the last page. */
export async function listClients(
  db: Database,
  filters: Omit<ClientFilters, "sort"> & { sort?: ClientSort },
  pageSize = CLIENTS_PAGE_SIZE,
  userId: string | null = null,
) {
  const query = matchingClients(db, filters, userId);
  const { total, page, pageCount } = await countPages(query, filters.page, pageSize);
  const [column, direction] = clientOrder[filters.sort ?? "newest"];
  let rows = query.selectAll().orderBy(column, direction);
  // Ties keep a stable order across pages.
  if (column !== "created_at") rows = rows.orderBy("created_at", "desc");
  const clients = await rows
    .orderBy("id", direction === "asc" && column === "created_at" ? "asc" : "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { clients: clients.map(toClient), total, page, pageCount, pageSize };
}

export async function getClient(db: Database, clientId: string) {
  const row = await db.selectFrom("clients").selectAll().where("id", "=", clientId).executeTakeFirst();
  return row ? toClient(row) : null;
}

async function requireClient(db: Database, clientId: string) {
  const client = await getClient(db, clientId);
  if (!client) throw new AppError("NOT_FOUND", "That client no longer exists.");
  return client;
}

/** What the New Client dialog is pre-filled with when converting a lead, and whether that already happened. */
export async function leadForConversion(db: Database, leadId: string): Promise<LeadForConversion | null> {
  const lead = await db
    .selectFrom("leads")
    .select(["id", "name", "email", "phone", "company", "status"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!lead) return null;
  const existing = await db
    .selectFrom("clients")
    .select(["id", "name"])
    .where("lead_id", "=", leadId)
    .executeTakeFirst();
  return { ...lead, existingClient: existing ?? null };
}

/**
 * Creates a client. With a lead id it is a conversion: the client keeps the lead's id, and the lead
 * becomes 'converted' in the same transaction, so the two never disagree.
 */
export async function createClient(db: Database, input: ClientInput, actor: AuditActor | null) {
  const at = now();
  const id = newId();
  // Another conversion of the same lead may win the race: the unique index on clients.lead_id refuses this one.
  await transactionOrConflict(
    db,
    () => new AppError("CONFLICT", "This lead was already converted to a client."),
    async (trx) => {
      let converted: { leadId: string; from: string } | null = null;
      if (input.leadId) {
        const lead = await trx
          .selectFrom("leads")
          .select(["id", "status"])
          .where("id", "=", input.leadId)
          .executeTakeFirst();
        if (!lead) throw new AppError("NOT_FOUND", "That lead no longer exists, so it cannot be converted.");
        const existing = await trx
          .selectFrom("clients")
          .select("name")
          .where("lead_id", "=", input.leadId)
          .executeTakeFirst();
        if (existing) throw new AppError("CONFLICT", `This lead was already converted to the client ${existing.name}.`);
        if (lead.status !== "converted") {
          await trx
            .updateTable("leads")
            .set({ status: "converted", updated_at: at })
            .where("id", "=", lead.id)
            .execute();
          await recordStatusChange(trx, {
            leadId: lead.id,
            from: lead.status,
            to: "converted",
            actor,
            at,
            conversionReportedByCaller: true,
          });
        }
        converted = { leadId: lead.id, from: lead.status };
      }
      await trx
        .insertInto("clients")
        .values({
          id,
          ...pick(input, CLIENT_EDITABLE_FIELDS),
          lead_id: input.leadId,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await recordClientEvents(trx, id, converted?.from === "converted" ? null : (converted?.leadId ?? null), at);
      await auditClient(trx, actor, converted ? "client.convert_lead" : "client.create", id, {
        name: input.name,
        email: input.email,
        company: input.company,
        status: input.status,
        ...(converted ? { leadId: converted.leadId } : {}),
      });
      if (converted && converted.from !== "converted") {
        await auditLead(trx, actor, "lead.set_status", converted.leadId, {
          status: { from: converted.from, to: "converted" },
          clientId: id,
        });
      }
    },
  );
  return { id };
}

/** Edits a client; the lead link is set only by a conversion and is never edited here. */
export async function updateClient(db: Database, clientId: string, input: ClientInput, actor: AuditActor | null) {
  const before = await requireClient(db, clientId);
  const changes = fieldChanges(before, input, CLIENT_EDITABLE_FIELDS);
  if (Object.keys(changes).length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("clients")
      .set({ ...pick(input, CLIENT_EDITABLE_FIELDS), updated_at: now() })
      .where("id", "=", clientId)
      .execute();
    await auditClient(trx, actor, "client.update", clientId, changes);
  });
}

/** Sets a client's status; answers whether anything changed (false when it already had that status). */
export async function setClientStatus(db: Database, clientId: string, status: ClientStatus, actor: AuditActor | null) {
  const before = await requireClient(db, clientId);
  if (before.status === status) return false;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("clients").set({ status, updated_at: now() }).where("id", "=", clientId).execute();
    await auditClient(trx, actor, "client.set_status", clientId, {
      name: before.name,
      status: { from: before.status, to: status },
    });
  });
  return true;
}

const CSV_BATCH = 500;
/**
 * The export's columns, in this order; listed apart from the form's fields, so that a field staff add
 * is exported only when added here.
 */
const CSV_COLUMNS = [
  "id",
  "name",
  "email",
  "phone",
  "company",
  "address",
  "status",
  "owner_id",
  "lead_id",
  "created_at",
] as const;

/** The CSV of the selected clients, or of every client the filter matches, in the list's order, in batches. */
export async function* clientsCsv(
  db: Database,
  filters: Omit<ClientFilters, "page">,
  userId: string,
  ids: readonly string[] | null,
): AsyncGenerator<string> {
  yield csvLine(CSV_COLUMNS);
  const query = ids ? db.selectFrom("clients").where("id", "in", ids) : matchingClients(db, filters, userId);
  const [column, direction] = clientOrder[filters.sort ?? "newest"];
  for (let offset = 0; ; offset += CSV_BATCH) {
    const rows = await query
      .select(CSV_COLUMNS)
      .orderBy(column, direction)
      .orderBy("id", direction)
      .limit(CSV_BATCH)
      .offset(offset)
      .execute();
    if (rows.length) yield rows.map((row) => csvLine(CSV_COLUMNS.map((name) => row[name]))).join("");
    if (rows.length < CSV_BATCH) return;
  }
}
