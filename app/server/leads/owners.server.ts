import type { Transaction } from "kysely";
import { z } from "zod";
import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import { preparedQuery } from "../db/prepared-query.server";
import type { Database, DB } from "../db/schema.server";
import { fromBool, fromJson, now } from "../db/values.server";
import { retryOnFailover } from "../db/write-retry.server";
import { headerSafe, type OutgoingMail, queueMails } from "../mail/outbox.server";
import { getSettings, setSetting } from "../settings/settings.server";

const auditClient = auditOf("client");
const auditLead = auditOf("lead");
const auditSiteSettings = auditOf("site_settings");

/** Roles that may own leads and clients: the people who work them. */
export const OWNER_ROLES = ["admin", "sales"] as const;

export type StaffMember = { id: string; email: string; name: string };

/** Active admins and sales people, by e-mail: the choices for an owner. */
export async function listAssignableStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom("user")
    .innerJoin("user_roles", "user_roles.user_id", "user.id")
    .select(["user.id", "user.email", "user.name", "user.disabled"])
    .where("user_roles.role", "in", OWNER_ROLES)
    .orderBy("user.email")
    .execute();
  return rows.filter((row) => !fromBool(row.disabled)).map(({ id, email, name }) => ({ id, email, name }));
}

/** The owner-to-be if they may own leads now, else null. */
export async function findAssignableStaff(db: Database, userId: string) {
  const row = await db
    .selectFrom("user")
    .innerJoin("user_roles", "user_roles.user_id", "user.id")
    .select(["user.id", "user.email", "user.name", "user.disabled"])
    .where("user.id", "=", userId)
    .where("user_roles.role", "in", OWNER_ROLES)
    .executeTakeFirst();
  return row && !fromBool(row.disabled) ? { id: row.id, email: row.email, name: row.name } : null;
}

export async function requireAssignableStaff(db: Database, userId: string) {
  const owner = await findAssignableStaff(db, userId);
  if (!owner) throw new AppError("INVALID_INPUT", "Leads can only be given to active admin or sales staff.");
  return owner;
}

/** The mail telling someone that leads are now theirs; one per change, however many leads it moves. */
export function assignmentMail(
  owner: StaffMember,
  leads: { id: string; name: string }[],
  { baseUrl, by }: { baseUrl: string; by: string | null },
): OutgoingMail {
  const single = leads.length === 1 ? leads[0] : undefined;
  const link = single ? `${baseUrl}/admin/leads/${single.id}` : `${baseUrl}/admin/leads?owner=me`;
  const listed = leads.slice(0, 20).map((lead) => `- ${lead.name}`);
  if (leads.length > 20) listed.push(`- and ${(leads.length - 20).toLocaleString("en-US")} more`);
  return {
    kind: "lead_assigned",
    to: owner.email,
    subject: headerSafe(single ? `Lead assigned to you: ${single.name}` : `${leads.length} leads assigned to you`),
    text: [
      by ? `${by} gave you ${single ? "a lead" : `${leads.length} leads`}.` : "A new lead was assigned to you.",
      "",
      ...listed,
      "",
      `Open ${single ? "it" : "them"}: ${link}`,
    ].join("\n"),
    leadId: single?.id ?? null,
  };
}

/** Gives one lead an owner (or none), tells the new owner, and records it; all or nothing. */
export async function setLeadOwner(
  db: Database,
  leadId: string,
  ownerId: string | null,
  actor: AuditActor | null,
  mail: { baseUrl: string; queuedNote?: string | null },
) {
  // Sent again on the new primary after a failover: the owner asked for is its own idempotency key,
  // so a retry whose first attempt committed finds the lead already given and changes nothing.
  await retryOnFailover(db, () => giveLead(db, leadId, ownerId, actor, mail));
}

async function giveLead(
  db: Database,
  leadId: string,
  ownerId: string | null,
  actor: AuditActor | null,
  mail: { baseUrl: string; queuedNote?: string | null },
) {
  await db.transaction().execute(async (trx) => {
    const lead = await trx
      .selectFrom("leads")
      .select(["id", "name", "owner_id"])
      .where("id", "=", leadId)
      .executeTakeFirst();
    if (!lead) throw new AppError("NOT_FOUND", "This lead no longer exists.");
    if (lead.owner_id === ownerId) return;
    const owner = ownerId ? await requireAssignableStaff(trx, ownerId) : null;
    const at = now();
    await trx.updateTable("leads").set({ owner_id: ownerId, updated_at: at }).where("id", "=", leadId).execute();
    if (owner && owner.id !== actor?.id) {
      await queueMails(
        trx,
        [assignmentMail(owner, [lead], { baseUrl: mail.baseUrl, by: actor?.email ?? null })],
        at,
        mail.queuedNote ?? null,
      );
    }
    await auditLead(trx, actor, "lead.assign", leadId, { owner: { from: lead.owner_id, to: ownerId } });
  });
}

export async function setClientOwner(db: Database, clientId: string, ownerId: string | null, actor: AuditActor | null) {
  await db.transaction().execute(async (trx) => {
    const client = await trx
      .selectFrom("clients")
      .select(["id", "owner_id"])
      .where("id", "=", clientId)
      .executeTakeFirst();
    if (!client) throw new AppError("NOT_FOUND", "This client no longer exists.");
    if (client.owner_id === ownerId) return;
    if (ownerId) await requireAssignableStaff(trx, ownerId);
    await trx.updateTable("clients").set({ owner_id: ownerId, updated_at: now() }).where("id", "=", clientId).execute();
    await auditClient(trx, actor, "client.assign", clientId, { owner: { from: client.owner_id, to: ownerId } });
  });
}

/**
 * Automatic assignment of new leads, set by admins: a form's own owner first, else the next person in
 * the round robin. Both empty: new leads stay unassigned.
 */
export const leadAssignmentSchema = z.object({
  roundRobin: z.array(z.string().min(1).max(64)).max(100).default([]),
  perForm: z.record(z.string().max(64), z.string().max(64)).default({}),
});
export type LeadAssignment = z.output<typeof leadAssignmentSchema>;

export const LEAD_ASSIGNMENT_KEY = "lead_assignment";

export async function getLeadAssignment(db: Database): Promise<LeadAssignment> {
  const stored = (await getSettings(db, [LEAD_ASSIGNMENT_KEY]))[LEAD_ASSIGNMENT_KEY];
  const parsed = leadAssignmentSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : { roundRobin: [], perForm: {} };
}

/** Saves the rule after checking that everyone named may own leads. */
export async function saveLeadAssignment(db: Database, rule: LeadAssignment, actor: AuditActor) {
  await db.transaction().execute(async (trx) => {
    const named = [...new Set([...rule.roundRobin, ...Object.values(rule.perForm)])];
    for (const userId of named) await requireAssignableStaff(trx, userId);
    const before = await getLeadAssignment(trx);
    await setSetting(trx, LEAD_ASSIGNMENT_KEY, rule, actor.id);
    await auditSiteSettings(trx, actor, "settings.lead_assignment", LEAD_ASSIGNMENT_KEY, { from: before, to: rule });
  });
}

const assignmentSetting = preparedQuery((db) =>
  db.selectFrom("site_settings").select("value").where("key", "=", LEAD_ASSIGNMENT_KEY),
);
const advanceCursor = preparedQuery((db) =>
  db
    .updateTable("lead_assignment_cursor")
    .set((eb) => ({ position: eb("position", "+", 1) }))
    .where("id", "=", 1)
    .returning("position"),
);

/**
 * Who a lead arriving now through this form belongs to, inside the capture's transaction. People who
 * left (disabled, or no longer admin or sales) are skipped. Null when no rule applies.
 */
export async function chooseOwnerForNewLead(trx: Transaction<DB>, formId: string | null) {
  const [setting] = (await assignmentSetting(trx, {})).rows;
  if (!setting) return null;
  const parsed = leadAssignmentSchema.safeParse(fromJson<unknown>(setting.value, {}));
  if (!parsed.success) return null;
  const { roundRobin, perForm } = parsed.data;
  const formOwner = formId ? perForm[formId] : undefined;
  if (formOwner) {
    const owner = await findAssignableStaff(trx, formOwner);
    if (owner) return owner;
  }
  if (roundRobin.length === 0) return null;
  const active = (await listAssignableStaff(trx)).filter((member) => roundRobin.includes(member.id));
  if (active.length === 0) return null;
  const [cursor] = (await advanceCursor(trx, {})).rows;
  const position = Number(cursor?.position ?? 1) - 1;
  const ordered = roundRobin
    .map((id) => active.find((member) => member.id === id))
    .filter((member) => member !== undefined);
  return ordered[position % ordered.length] ?? null;
}
