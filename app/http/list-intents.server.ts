import type { z } from "zod";
import { formFields, formSchema } from "~/http/form-data.server";
import { tableColumnsSchema } from "~/lib/schemas/lead-admin";
import { setTableColumns, type TableName } from "~/server/workspace/preferences.server";
import { answer, type Intent, type IntentContext, intent } from "./intents.server";

/** The `set-columns` intent of a list screen: which of its table's columns the signed-in person shows. */
export function columnsIntent(table: TableName, known: readonly string[]) {
  const columnsForm = formSchema((formData) => ({ table, columns: formData.getAll("columns") }), tableColumnsSchema);
  return intent(columnsForm, {
    failure: "Failed to save the columns",
    run: async ({ columns }, { db, staff }) => {
      const saved = await setTableColumns(db, staff.id, table, columns, known);
      return answer(saved, { payload: { columns: saved } });
    },
    success: "Columns saved",
  });
}

export type BulkLabels<Action extends string> = Record<Action, { done: (count: string) => string; failed: string }>;

/**
 * The `bulk-<action>` intents of a list screen, one per action: the list's bulk schema (the action is
 * named by the intent, the selected ids arrive one field each), the change, and a toast with the count.
 */
export function bulkIntents<Action extends string, S extends z.ZodType<{ bulkAction: Action }>>(
  actions: readonly Action[],
  schema: S,
  labels: BulkLabels<Action>,
  apply: (input: z.output<S>, context: IntentContext) => Promise<{ matched: number }>,
) {
  const intents: Record<`bulk-${Action}`, Intent> = {} as Record<`bulk-${Action}`, Intent>;
  for (const action of actions) {
    const bulkForm = formSchema(
      (formData) => ({ ...formFields(formData), bulkAction: action, ids: formData.getAll("ids") }),
      schema,
    );
    intents[`bulk-${action}`] = intent(bulkForm, {
      failure: labels[action].failed,
      run: apply,
      success: ({ matched }) => labels[action].done(matched.toLocaleString("en-US")),
    });
  }
  return intents;
}
