import { AppError } from "../app-error.server";
import type { AuditActor } from "../audit/audit.server";
import type { Database } from "../db/schema.server";
import { mergeLeads } from "./merge.server";

export type DuplicateGroup = { leads: { id: string; name: string; email: string; createdAt: string }[] };

/**
 * The leads, not spam, that share a normalised e-mail or an E.164 phone, grouped so that a chain (A and B
 * share an e-mail, B and C a phone) is one person; each group oldest first, so its first lead survives.
 */
export async function findDuplicateGroups(db: Database): Promise<DuplicateGroup[]> {
  const shared = (column: "email_normalized" | "phone_e164") =>
    db
      .selectFrom("leads")
      .select(["id", "name", "email", "created_at", column])
      .where("is_spam", "=", false)
      .where(column, "in", (eb) =>
        eb
          .selectFrom("leads")
          .select(column)
          .where("is_spam", "=", false)
          .where(column, "is not", null)
          .groupBy(column)
          .having((h) => h.fn.countAll(), ">", 1),
      )
      .execute();
  const [byEmail, byPhone] = await Promise.all([shared("email_normalized"), shared("phone_e164")]);
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(id, root);
    return root;
  };
  const leads = new Map<string, DuplicateGroup["leads"][number]>();
  const join = (rows: { id: string; name: string; email: string; created_at: string; key: string | null }[]) => {
    const firstOfKey = new Map<string, string>();
    for (const row of rows) {
      leads.set(row.id, { id: row.id, name: row.name, email: row.email, createdAt: row.created_at });
      if (!parent.has(row.id)) parent.set(row.id, row.id);
      if (row.key === null) continue;
      const first = firstOfKey.get(row.key);
      if (first === undefined) firstOfKey.set(row.key, row.id);
      else parent.set(find(row.id), find(first));
    }
  };
  join(byEmail.map((row) => ({ ...row, key: row.email_normalized })));
  join(byPhone.map((row) => ({ ...row, key: row.phone_e164 })));
  const groups = new Map<string, DuplicateGroup["leads"]>();
  for (const id of leads.keys()) {
    const root = find(id);
    const group = groups.get(root) ?? [];
    group.push(leads.get(id) as DuplicateGroup["leads"][number]);
    groups.set(root, group);
  }
  const byAge = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
    a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .map((group) => ({ leads: group.sort(byAge) }))
    .sort((a, b) =>
      byAge(a.leads[0] as DuplicateGroup["leads"][number], b.leads[0] as DuplicateGroup["leads"][number]),
    );
}

/**
 * Merges each group into its oldest lead, one transaction per group, each audited and undoable like a
 * merge by staff. A group that cannot be merged (two of its leads became clients) is reported and left.
 */
export async function mergeDuplicateGroups(db: Database, groups: DuplicateGroup[], actor: AuditActor) {
  let merged = 0;
  const skipped: { group: DuplicateGroup; reason: string }[] = [];
  for (const group of groups) {
    const [survivor, ...others] = group.leads;
    if (!survivor) continue;
    try {
      await mergeLeads(db, { survivorId: survivor.id, mergedIds: others.map((lead) => lead.id) }, actor);
      merged += others.length;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped.push({ group, reason: error.message });
    }
  }
  return { merged, skipped };
}
