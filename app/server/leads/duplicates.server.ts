import type { PossibleDuplicate } from "~/lib/types/leads";
import type { Database } from "../db/schema.server";
import { notSpam } from "./enquiry.server";

/** At most this many possible duplicates are shown on a lead. */
const MAX_DUPLICATES = 10;

/**
 * Other leads, not spam, that may be this person: the same normalised e-mail, the same phone in E.164,
 * or the same name and company. Each part reads its own index (the name one walks the name index).
 */
export async function findPossibleDuplicates(db: Database, leadId: string): Promise<PossibleDuplicate[]> {
  const lead = await db
    .selectFrom("leads")
    .select(["id", "name", "company", "email_normalized", "phone_e164", "is_spam"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!lead || lead.is_spam) return [];
  const columns = ["id", "name", "email", "phone", "company", "message", "status", "owner_id", "created_at"] as const;
  const base = () => db.selectFrom("leads").select(columns).where(notSpam).where("id", "<>", leadId);
  const [byEmail, byPhone, byName] = await Promise.all([
    lead.email_normalized
      ? base().where("email_normalized", "=", lead.email_normalized).limit(MAX_DUPLICATES).execute()
      : [],
    lead.phone_e164 ? base().where("phone_e164", "=", lead.phone_e164).limit(MAX_DUPLICATES).execute() : [],
    lead.company
      ? base().where("name", "=", lead.name).where("company", "=", lead.company).limit(MAX_DUPLICATES).execute()
      : [],
  ]);
  const found = new Map<string, PossibleDuplicate>();
  const add = (rows: typeof byEmail, reason: PossibleDuplicate["reason"]) => {
    for (const row of rows) {
      if (found.has(row.id)) continue;
      found.set(row.id, {
        id: row.id,
        name: row.name,
        email: row.email,
        phone: row.phone,
        company: row.company,
        message: row.message,
        status: row.status,
        ownerId: row.owner_id,
        createdAt: row.created_at,
        reason,
      });
    }
  };
  add(byEmail, "email");
  add(byPhone, "phone");
  add(byName, "name and company");
  return [...found.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).slice(0, MAX_DUPLICATES);
}
