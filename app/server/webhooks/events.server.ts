import type { Insertable, Transaction } from "kysely";
import type { LeadStatus } from "~/lib/schemas/lead-admin";
import type { WebhookEventType } from "~/lib/schemas/webhooks";
import { preparedQuery } from "../db/prepared-query.server";
import type { Database, DB, Row } from "../db/schema.server";
import { fromBool, newId, toJson } from "../db/values.server";

/** The lead row's columns a webhook carries (anything that selects them will do). */
type LeadColumns = Pick<
  Row<"leads">,
  | "id"
  | "form_id"
  | "name"
  | "email"
  | "phone"
  | "company"
  | "message"
  | "source"
  | "status"
  | AttributionColumn
  | "is_spam"
  | "created_at"
  | "updated_at"
>;

type AttributionColumn = "utm_source" | "utm_medium" | "utm_campaign" | "page_url" | "referrer";

/** A lead as webhooks carry it: what the admin screens show, with its attribution; never staff notes. */
export type WebhookLead = Omit<LeadColumns, AttributionColumn | "is_spam"> & {
  is_spam: boolean;
  attribution: Pick<LeadColumns, AttributionColumn>;
};

export function webhookLead(row: LeadColumns): WebhookLead {
  return {
    id: row.id,
    form_id: row.form_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    message: row.message,
    source: row.source,
    status: row.status,
    is_spam: fromBool(row.is_spam),
    attribution: {
      utm_source: row.utm_source,
      utm_medium: row.utm_medium,
      utm_campaign: row.utm_campaign,
      page_url: row.page_url,
      referrer: row.referrer,
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * A client as webhooks carry it, its columns in this order; not its owner. Listed here rather than
 * taken from the staff form's fields, so that a field staff add goes to receivers only when added here.
 */
const webhookClientColumns = [
  "id",
  "name",
  "email",
  "phone",
  "company",
  "address",
  "status",
  "lead_id",
  "created_at",
  "updated_at",
] as const;

export type WebhookClient = Pick<Row<"clients">, (typeof webhookClientColumns)[number]>;

/** The body of every webhook: the event's id, type and time, and the objects it is about. */
export type WebhookBody = { id: string; type: string; timestamp: string; data: Record<string, unknown> };

const insertEvent = preparedQuery((db, row: Insertable<DB["webhook_events"]>) =>
  db.insertInto("webhook_events").values(row),
);

export type NewWebhookEvent = {
  type: WebhookEventType;
  data: Record<string, unknown>;
  at: string;
  /** The lead and e-mail address it carries, so that erasing a person's data finds it. */
  leadId: string | null;
  email: string | null;
  isSpam?: boolean;
  releasedFromSpam?: boolean;
};

/**
 * Records an event in the caller's transaction: it exists exactly when the change does. One row
 * whatever the number of endpoints; the webhook worker fans it out to those that want it.
 */
export async function recordWebhookEvent(trx: Transaction<DB> | Database, event: NewWebhookEvent) {
  const id = newId();
  const body: WebhookBody = { id, type: event.type, timestamp: event.at, data: event.data };
  await insertEvent(trx, {
    id,
    type: event.type,
    body: toJson(body),
    is_spam: event.isSpam ?? false,
    released_from_spam: event.releasedFromSpam ?? false,
    lead_id: event.leadId,
    email: event.email?.toLowerCase() ?? null,
    dispatched_at: null,
    created_at: event.at,
  });
  return id;
}

const leadById = preparedQuery((db, $: { id: string }) => db.selectFrom("leads").selectAll().where("id", "=", $.id));

/** A lead as it is now in this transaction, for an event about it. */
export async function currentWebhookLead(trx: Transaction<DB> | Database, leadId: string) {
  const [row] = (await leadById(trx, { id: leadId })).rows;
  return row ? webhookLead(row) : null;
}

/**
 * `lead.status_changed`, and `lead.converted` when the new status is 'converted' (unless the caller
 * reports the conversion itself, with the client it made). Call it in the transaction of the change.
 */
export async function recordLeadStatusEvents(
  trx: Transaction<DB> | Database,
  change: { leadId: string; from: LeadStatus; to: LeadStatus; at: string; conversionReportedByCaller?: boolean },
) {
  const lead = await currentWebhookLead(trx, change.leadId);
  if (!lead) return;
  const common = { at: change.at, leadId: lead.id, email: lead.email, isSpam: lead.is_spam };
  await recordWebhookEvent(trx, {
    ...common,
    type: "lead.status_changed",
    data: { lead, previous_status: change.from },
  });
  if (change.to === "converted" && !change.conversionReportedByCaller) {
    await recordWebhookEvent(trx, { ...common, type: "lead.converted", data: { lead, client: null } });
  }
}

/**
 * `lead.created` for a lead staff released from the spam queue, for the endpoints that do not take
 * spam and so have not heard of it; those that do got it when it arrived.
 */
export async function recordLeadReleasedFromSpam(trx: Transaction<DB> | Database, leadId: string, at: string) {
  const lead = await currentWebhookLead(trx, leadId);
  if (!lead) return;
  await recordWebhookEvent(trx, {
    type: "lead.created",
    data: { lead },
    at,
    leadId: lead.id,
    email: lead.email,
    releasedFromSpam: true,
  });
}

/**
 * Removes every copy of a person's data held for webhooks: the events about their leads or naming
 * their address, with those events' deliveries and attempts. Call it in the erasing transaction.
 */
export async function eraseWebhookCopies(trx: Transaction<DB> | Database, leadIds: string[], email: string) {
  const address = email.trim().toLowerCase();
  const events = trx
    .selectFrom("webhook_events")
    .select("id")
    .where((eb) => {
      const byAddress = eb("email", "=", address);
      return leadIds.length > 0 ? eb.or([byAddress, eb("lead_id", "in", leadIds)]) : byAddress;
    });
  const deliveries = trx.selectFrom("webhook_deliveries").select("id").where("event_id", "in", events);
  await trx.deleteFrom("webhook_delivery_attempts").where("delivery_id", "in", deliveries).execute();
  await trx.deleteFrom("webhook_deliveries").where("event_id", "in", events).execute();
  const removed = await trx.deleteFrom("webhook_events").where("id", "in", events).executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/**
 * `client.created`, and `lead.converted` with the client when creating it converted a lead. Call it
 * in the transaction that creates the client.
 */
export async function recordClientEvents(
  trx: Transaction<DB> | Database,
  clientId: string,
  convertedLeadId: string | null,
  at: string,
) {
  const client: WebhookClient | undefined = await trx
    .selectFrom("clients")
    .select(webhookClientColumns)
    .where("id", "=", clientId)
    .executeTakeFirst();
  if (!client) return;
  await recordWebhookEvent(trx, {
    type: "client.created",
    data: { client },
    at,
    leadId: client.lead_id,
    email: client.email,
  });
  if (!convertedLeadId) return;
  const lead = await currentWebhookLead(trx, convertedLeadId);
  if (!lead) return;
  await recordWebhookEvent(trx, {
    type: "lead.converted",
    data: { lead, client },
    at,
    leadId: lead.id,
    email: lead.email,
    isSpam: lead.is_spam,
  });
}
