// leads:merge-duplicates.
import type { Database } from "~/server/db/schema.server";
import { findDuplicateGroups, mergeDuplicateGroups } from "~/server/leads/merge-duplicates.server";
import { type Command, cliActor, type Options } from "./options";

/** Prints the groups of leads that are one person; with --apply merges each into its oldest lead. */
async function mergeDuplicates(db: Database, values: Options) {
  const groups = await findDuplicateGroups(db);
  if (groups.length === 0) return "No duplicate leads: every person has one lead.";
  const lines = groups.map((group, index) =>
    [
      `Group ${index + 1}:`,
      ...group.leads.map(
        (lead, place) =>
          `  ${place === 0 ? "keep " : "merge"} ${lead.id}  ${lead.createdAt}  ${lead.name} <${lead.email}>`,
      ),
    ].join("\n"),
  );
  const leadsToMerge = groups.reduce((sum, group) => sum + group.leads.length - 1, 0);
  if (!values.apply) {
    return [
      ...lines,
      `${groups.length} groups; ${leadsToMerge} leads would be merged into the oldest of their group.`,
      "Nothing was changed (a dry run). Add --apply to merge them; each merge can be undone for 30 days on the lead's page.",
    ].join("\n");
  }
  const started = Date.now();
  const { merged, skipped } = await mergeDuplicateGroups(db, groups, cliActor);
  return [
    ...lines,
    `Merged ${merged} leads in ${groups.length - skipped.length} groups in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    ...skipped.map(({ group, reason }) => `Skipped the group of ${group.leads[0]?.id}: ${reason}`),
  ].join("\n");
}

export const leadCommands: Record<string, Command> = {
  "leads:merge-duplicates": (db, values) => mergeDuplicates(db, values),
};
