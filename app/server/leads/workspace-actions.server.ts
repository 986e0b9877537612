import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { canUseIntent } from "~/lib/roles";
import {
  BULK_ACTIONS,
  type BulkAction,
  bulkLeadSchema,
  LEAD_COLUMNS,
  parseLeadFilters,
  savedViewIdSchema,
  savedViewSchema,
  tableColumnsSchema,
} from "~/lib/schemas/lead-admin";
import { type ToastMessage, toastMessage } from "~/lib/toast";
import { AppError } from "../app-error.server";
import { ACCESS_DENIED_MESSAGE } from "../auth/guard.server";
import { auditActor, requireStaff } from "../auth/session.server";
import { getServices } from "../context.server";
import type { Database } from "../db/schema.server";
import { parseForm, requireFormData } from "../forms.server";
import { leadMailContext } from "../mail/lead-mails.server";
import { getAgencyTimeZone } from "../settings/time-zone.server";
import { setTableColumns, type TableName } from "../workspace/preferences.server";
import { deleteSavedView, saveView } from "../workspace/saved-views.server";
import { applyBulkChange, type BulkChange } from "./bulk.server";
import { runLeadAction } from "./lead-actions.server";
import { filterContext } from "./lead-list.server";

const bulkLabels: BulkLabels<BulkAction> = {
  "set-status": { done: (n) => `Status changed on ${n} leads`, failed: "Failed to change the status" },
  assign: { done: (n) => `Owner changed on ${n} leads`, failed: "Failed to change the owner" },
  spam: { done: (n) => `${n} leads moved to the spam queue`, failed: "Failed to mark as spam" },
  "not-spam": { done: (n) => `${n} leads moved out of the spam queue`, failed: "Failed to mark as not spam" },
  delete: { done: (n) => `${n} leads deleted`, failed: "Failed to delete the leads" },
};

/** The leads screen's own actions, besides the per-lead ones. */
export const WORKSPACE_INTENTS = new Set([
  ...BULK_ACTIONS.map((action) => `bulk-${action}`),
  "save-view",
  "delete-view",
  "set-columns",
]);

export type WorkspaceActionResult = {
  intent: string;
  ok: boolean;
  toast: ToastMessage;
  fieldErrors: Record<string, string>;
  columns?: string[];
};

export function answer(result: WorkspaceActionResult, status = 200) {
  return data(result, { status });
}

/** Saves which of a table's columns the signed-in person shows (the `set-columns` intent of a list screen). */
export async function runSetColumns(
  db: Database,
  userId: string,
  table: TableName,
  formData: FormData,
  known: readonly string[],
) {
  const intent = "set-columns";
  const parsed = tableColumnsSchema.safeParse({ table, columns: formData.getAll("columns") });
  if (!parsed.success) {
    return answer(
      { intent, ok: false, fieldErrors: {}, toast: toastMessage("error", "Error", "Those columns are not known.") },
      400,
    );
  }
  const columns = await setTableColumns(db, userId, table, parsed.data.columns, known);
  return answer({
    intent,
    ok: true,
    fieldErrors: {},
    columns,
    toast: toastMessage("success", "Success", "Columns saved"),
  });
}

/** The 403 a screen's action answers when the role may not use that intent there. */
export function intentRefused(intent: string) {
  return answer(
    { intent, ok: false, fieldErrors: {}, toast: toastMessage("error", "Error", ACCESS_DENIED_MESSAGE) },
    403,
  );
}

const plural = (count: number) => count.toLocaleString("en-US");

/**
 * The leads screen's actions: the per-lead ones (shared with the detail screen), bulk changes, saved
 * views and the table's columns. Every intent is checked against the role table before anything runs.
 */
export async function runLeadsScreenAction(request: Request, context: Readonly<RouterContextProvider>) {
  const staff = requireStaff(context);
  const formData = await requireFormData(request);
  const intent = String(formData.get("intent") ?? "");
  if (!canUseIntent(staff.role, new URL(request.url).pathname, intent)) return intentRefused(intent);
  if (!WORKSPACE_INTENTS.has(intent)) return runLeadAction(request, context, formData);
  const actor = auditActor(staff);
  const { db, config, mailWorker } = getServices(context);

  if (intent === "set-columns") return runSetColumns(db, staff.id, "leads", formData, LEAD_COLUMNS);

  if (intent === "save-view" || intent === "delete-view") {
    const parsed = parseForm(formData, intent === "save-view" ? savedViewSchema : savedViewIdSchema);
    if (!parsed.ok) {
      const reason = Object.values(parsed.fieldErrors)[0] ?? "Please check the form.";
      return answer(
        { intent, ok: false, fieldErrors: parsed.fieldErrors, toast: toastMessage("error", "Error", reason) },
        400,
      );
    }
    try {
      if (intent === "save-view") {
        const { name, query } = parsed.data as { name: string; query: string };
        await saveView(db, { userId: staff.id, screen: "leads", name, query }, actor);
        return answer({
          intent,
          ok: true,
          fieldErrors: {},
          toast: toastMessage("success", "Success", `View "${name}" saved`),
        });
      }
      await deleteSavedView(db, staff.id, (parsed.data as { viewId: string }).viewId, actor);
      return answer({ intent, ok: true, fieldErrors: {}, toast: toastMessage("success", "Success", "View deleted") });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return answer(
        {
          intent,
          ok: false,
          fieldErrors: { name: error.message },
          toast: toastMessage("error", "Error", error.message),
        },
        error.status,
      );
    }
  }

  return runBulkIntent(intent, formData, bulkLeadSchema, bulkLabels, async (input) => {
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
      mail: leadMailContext({ config, mailWorker }),
    });
    if (change.action === "assign") void mailWorker.kick();
    return result;
  });
}

export type BulkLabels<A extends string> = Record<A, { done: (count: string) => string; failed: string }>;

/**
 * A bulk intent of a list screen (`bulk-<action>`): parses the form with the list's schema, applies the
 * change and answers with a toast naming the count; refusals (AppError) answer with their status.
 */
export async function runBulkIntent<A extends string, I extends { bulkAction: A }>(
  intent: string,
  formData: FormData,
  schema: z.ZodType<I>,
  labels: BulkLabels<A>,
  apply: (input: I) => Promise<{ matched: number }>,
) {
  const bulkAction = intent.slice("bulk-".length) as A;
  const failed = labels[bulkAction]?.failed ?? "Failed";
  const refuse = (reason: string, status: number) =>
    answer(
      { intent, ok: false, fieldErrors: {}, toast: toastMessage("error", "Error", `${failed}: ${reason}`) },
      status,
    );
  const parsed = schema.safeParse({
    ...Object.fromEntries([...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string")),
    bulkAction,
    ids: formData.getAll("ids"),
  });
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? "Please check the form.", 400);
  try {
    const result = await apply(parsed.data);
    return answer({
      intent,
      ok: true,
      fieldErrors: {},
      toast: toastMessage("success", "Success", labels[bulkAction].done(plural(result.matched))),
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuse(error.message, error.status);
  }
}
