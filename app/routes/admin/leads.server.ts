import { formFields, formSchema } from "~/http/form-data.server";
import { type IntentContext, intent } from "~/http/intents.server";
import { type BulkLabels, bulkIntents, columnsIntent } from "~/http/list-intents.server";
import { redirectWithSuccess } from "~/http/toast-cookie.server";
import {
  BULK_ACTIONS,
  type BulkAction,
  bulkLeadSchema,
  DEFAULT_LEAD_COLUMNS,
  LEAD_COLUMNS,
  type LeadColumn,
  type LeadFilters,
  leadEditSchema,
  leadFollowUpSchema,
  leadIdSchema,
  leadNoteSchema,
  leadOwnerSchema,
  leadStatusLabels,
  leadStatusSchema,
  parseLeadFilters,
  resendMailSchema,
  savedViewIdSchema,
  savedViewSchema,
} from "~/lib/schemas/lead-admin";
import {
  bulkMergeSchema,
  MERGE_CHOICE_FIELDS,
  type MergeChoiceField,
  mergeLeadsSchema,
  takeEnquiryValueSchema,
  unmergeSchema,
} from "~/lib/schemas/lead-identity";
import { AppError } from "~/server/app-error.server";
import type { Database } from "~/server/db/schema.server";
import { applyBulkChange, type BulkChange } from "~/server/leads/bulk.server";
import { takeEnquiryValue } from "~/server/leads/enquiry-values.server";
import { setLeadFollowUp } from "~/server/leads/follow-ups.server";
import { countSpamLeads, filterContext, listLeadSources, listLeads } from "~/server/leads/lead-list.server";
import {
  addLeadNote,
  deleteLead,
  markLeadNotSpam,
  requeueLeadMail,
  setLeadStatus,
  updateLead,
} from "~/server/leads/leads.server";
import { mayMerge, mergeLeads, unmergeLead } from "~/server/leads/merge.server";
import { listAssignableStaff, setLeadOwner } from "~/server/leads/owners.server";
import { leadMailContext } from "~/server/mail/lead-mails.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import { getPreferences } from "~/server/workspace/preferences.server";
import { deleteSavedView, listSavedViews, saveView } from "~/server/workspace/saved-views.server";

/** The staff actions on one lead, posted from the leads list and from the lead's own screen. */
export const leadIntents = {
  "set-status": intent(leadStatusSchema, {
    // A success message only for a change that was saved: picking the status a lead already has says so.
    success: (changed, { status }) =>
      changed
        ? "Lead status updated successfully"
        : { type: "info", title: "No change", description: `The lead is already ${leadStatusLabels[status]}.` },
    failure: "Failed to update lead status",
    run: ({ leadId, status }, { db, actor }) => setLeadStatus(db, leadId, status, actor),
  }),
  update: intent(leadEditSchema, {
    success: "Lead updated successfully",
    failure: "Failed to update lead",
    run: (lead, { db, actor }) => updateLead(db, lead, actor),
  }),
  "add-note": intent(leadNoteSchema, {
    success: "Note added",
    failure: "Failed to add note",
    run: ({ leadId, body }, { db, actor }) => addLeadNote(db, leadId, body, actor),
  }),
  "mark-not-spam": intent(leadIdSchema, {
    success: "Lead moved out of the spam queue",
    failure: "Failed to update lead",
    run: ({ leadId }, { db, actor }) => markLeadNotSpam(db, leadId, actor),
  }),
  delete: intent(leadIdSchema, {
    success: "Lead deleted",
    failure: "Failed to delete lead",
    run: ({ leadId }, { db, actor }) => deleteLead(db, leadId, actor),
  }),
  "resend-mail": intent(resendMailSchema, {
    failure: "Failed to resend mail",
    run: async ({ leadId, mailId }, { db, actor, services }) => {
      await requeueLeadMail(db, leadId, mailId, actor);
      if (!services.config.smtpUrl) return "waiting for a mail server";
      void services.mailWorker.kick();
      return "queued";
    },
    success: (state) =>
      state === "queued"
        ? "Mail queued to be sent again"
        : "Mail queued to be sent again. No mail server is configured (SMTP_URL), so it waits until one is.",
  }),
  assign: intent(leadOwnerSchema, {
    success: "Owner updated",
    failure: "Failed to change the owner",
    run: async ({ leadId, ownerId }, { db, actor, services }) => {
      await setLeadOwner(db, leadId, ownerId, actor, leadMailContext(services));
      void services.mailWorker.kick();
    },
  }),
  "set-follow-up": intent(leadFollowUpSchema, {
    failure: "Failed to save the follow-up",
    run: async (followUp, { db, actor }) => {
      await setLeadFollowUp(db, followUp, await getAgencyTimeZone(db), actor);
      return followUp.followUpAt ? "saved" : "cleared";
    },
    success: (state) => (state === "saved" ? "Follow-up saved" : "Follow-up cleared"),
  }),
};

/** The table's ticked rows arrive as one `ids` field each. */
const bulkMergeForm = formSchema(
  (formData) => ({ ...formFields(formData), ids: formData.getAll("ids") }),
  bulkMergeSchema,
);

/** The lead each field's value is taken from, as the merge dialog's radio buttons chose. */
function mergeChoices(input: Partial<Record<`choice_${MergeChoiceField}`, string | undefined>>) {
  return Object.fromEntries(
    MERGE_CHOICE_FIELDS.flatMap((field) => {
      const from = input[`choice_${field}`];
      return from ? [[field, from]] : [];
    }),
  );
}

/** The merge form sends each other lead's id as one `mergedIds` field. */
const mergeLeadsForm = formSchema(
  (formData) => ({ ...formFields(formData), mergedIds: formData.getAll("mergedIds") }),
  mergeLeadsSchema,
);

/** On the lead's own screen, deleting it leaves a page that is gone: back to the spam queue it was in. */
export const leadScreenIntents = {
  ...leadIntents,
  merge: intent(mergeLeadsForm, {
    failure: "Failed to merge the leads",
    run: async (input, { db, actor, staff }) => {
      const merged = await mergeLeads(
        db,
        { survivorId: input.leadId, mergedIds: input.mergedIds, choices: mergeChoices(input) },
        actor,
        {
          check: (leads) => {
            if (!mayMerge(staff, leads))
              throw new AppError("FORBIDDEN", "You may merge only leads you own or that have no owner.");
          },
        },
      );
      return merged.mergeIds.length;
    },
    success: (count) => `${count + 1} leads merged into one`,
  }),
  unmerge: intent(unmergeSchema, {
    failure: "Failed to undo the merge",
    run: (input, { db, actor, staff }) =>
      unmergeLead(db, input.mergeId, actor, {
        check: (leads) => {
          if (!mayMerge(staff, leads))
            throw new AppError("FORBIDDEN", "You may unmerge only leads you own or that have no owner.");
        },
      }),
    success: "Merge undone: both leads are back",
  }),
  "use-enquiry-value": intent(takeEnquiryValueSchema, {
    failure: "Failed to update lead",
    run: (input, { db, actor }) => takeEnquiryValue(db, input, actor),
    success: (changed) =>
      changed
        ? "Lead updated successfully"
        : { type: "info", title: "No change", description: "The lead already has this value." },
  }),
  delete: intent(leadIdSchema, {
    success: "Lead deleted",
    failure: "Failed to delete lead",
    run: async ({ leadId }, { db, actor }) => {
      await deleteLead(db, leadId, actor);
      return redirectWithSuccess("/admin/leads?view=spam", "Lead deleted");
    },
  }),
};

const bulkLabels: BulkLabels<BulkAction> = {
  "set-status": { done: (n) => `Status changed on ${n} leads`, failed: "Failed to change the status" },
  assign: { done: (n) => `Owner changed on ${n} leads`, failed: "Failed to change the owner" },
  spam: { done: (n) => `${n} leads moved to the spam queue`, failed: "Failed to mark as spam" },
  "not-spam": { done: (n) => `${n} leads moved out of the spam queue`, failed: "Failed to mark as not spam" },
  delete: { done: (n) => `${n} leads deleted`, failed: "Failed to delete the leads" },
};

/** The leads list: the per-lead actions, bulk changes, saved views and the table's columns. */
export const leadListIntents = {
  ...leadIntents,
  "bulk-merge": intent(bulkMergeForm, {
    failure: "Failed to merge the leads",
    run: async (input, { db, actor, staff }) => {
      const { ids } = input;
      // The oldest ticked lead survives, as the duplicates command does; each merge can be undone on its page.
      const leads = await db.selectFrom("leads").select(["id", "created_at"]).where("id", "in", ids).execute();
      if (leads.length !== new Set(ids).size) throw new AppError("NOT_FOUND", "One of these leads no longer exists.");
      const [oldest, ...others] = leads.sort(
        (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
      );
      if (!oldest) throw new AppError("INVALID_INPUT", "Tick at least two leads to merge.");
      const mergedIds = others.map((lead) => lead.id);
      await mergeLeads(db, { survivorId: oldest.id, mergedIds, choices: mergeChoices(input) }, actor, {
        check: (checked) => {
          if (!mayMerge(staff, checked)) {
            throw new AppError("FORBIDDEN", "You may merge only leads you own or that have no owner.");
          }
        },
      });
      return leads.length;
    },
    success: (count) => `${count} leads merged into the oldest of them`,
  }),
  ...bulkIntents(BULK_ACTIONS, bulkLeadSchema, bulkLabels, async (input, { db, actor, staff, services }) => {
    const change: BulkChange =
      input.bulkAction === "set-status"
        ? { action: "set-status", status: input.status! }
        : input.bulkAction === "assign"
          ? { action: "assign", ownerId: input.ownerId }
          : { action: input.bulkAction };
    const target =
      input.scope === "selected"
        ? { ids: input.ids }
        : {
            filters: parseLeadFilters(new URLSearchParams(input.filter)),
            context: filterContext(staff.id, await getAgencyTimeZone(db)),
          };
    const result = await applyBulkChange(db, target, change, {
      actor,
      expectedCount: input.expectedCount,
      mail: leadMailContext(services),
    });
    if (change.action === "assign") void services.mailWorker.kick();
    return result;
  }),
  "save-view": intent(savedViewSchema, {
    run: ({ name, query }, { db, actor, staff }) =>
      saveView(db, { userId: staff.id, screen: "leads", name, query }, actor),
    success: (_view, { name }) => `View "${name}" saved`,
  }),
  "delete-view": intent(savedViewIdSchema, {
    run: ({ viewId }, { db, actor, staff }) => deleteSavedView(db, staff.id, viewId, actor),
    success: "View deleted",
  }),
  "set-columns": columnsIntent("leads", LEAD_COLUMNS),
};

type Staff = IntentContext["staff"];

/**
 * The leads screen's data: one page of leads for the filters, the filter choices, the person's saved
 * views and columns. `page` is null when the leads could not be read (the screen says so).
 */
export async function loadLeadsScreen(db: Database, staff: Staff, filters: LeadFilters, nowMs = Date.now()) {
  const timeZone = await getAgencyTimeZone(db);
  const scope = filterContext(staff.id, timeZone, nowMs);
  const [page, sources, spamCount, owners, views, preferences] = await Promise.all([
    listLeads(db, filters, {}, scope),
    listLeadSources(db),
    countSpamLeads(db),
    listAssignableStaff(db),
    listSavedViews(db, staff.id, "leads"),
    getPreferences(db, staff.id),
  ]);
  const saved = preferences.tableColumns.leads?.filter((column): column is LeadColumn =>
    (LEAD_COLUMNS as readonly string[]).includes(column),
  );
  return {
    page,
    sources,
    spamCount,
    owners: owners.map(({ id, email }) => ({ id, email })),
    views,
    columns: saved?.length ? saved : [...DEFAULT_LEAD_COLUMNS],
    todayStart: scope.today.start,
  };
}

/** What the leads screen shows when its data could not be read. */
export function emptyLeadsScreen(nowMs: number) {
  return {
    page: null,
    sources: [] as string[],
    spamCount: 0,
    owners: [] as { id: string; email: string }[],
    views: [] as Awaited<ReturnType<typeof listSavedViews>>,
    columns: [...DEFAULT_LEAD_COLUMNS],
    todayStart: new Date(nowMs).toISOString(),
  };
}

export type LeadsScreen = (Awaited<ReturnType<typeof loadLeadsScreen>> | ReturnType<typeof emptyLeadsScreen>) & {
  filters: LeadFilters;
  me: string;
  now: number;
  canDelete: boolean;
};
