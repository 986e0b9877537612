import type * as React from "react";
import { AdminDialog, DialogSaveActions } from "~/components/admin/admin-dialog";
import { Field } from "~/components/admin/field";
import { ReturnTo } from "~/components/admin/return-to";
import { SelectOptions } from "~/components/admin/select-options";
import { useDialogFetcher } from "~/components/admin/use-dialog-fetcher";
import { useToastMessage } from "~/components/show-toast";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/http/action-result.server";
import { FORM_STATUSES, FORM_TYPES, formStatusLabels, formTypeLabels } from "~/lib/schemas/forms";
import type { FormWithCounters } from "~/server/forms/forms.server";

type FormChoice = {
  name: "formType" | "status";
  label: string;
  values: readonly string[];
  labels: Record<string, string>;
  first: string;
};

/** The form's two choices side by side, by their fields' id; a new form starts as an active contact form. */
const formChoices: Record<string, FormChoice> = {
  type: { name: "formType", label: "Form Type", values: FORM_TYPES, labels: formTypeLabels, first: "contact" },
  status: { name: "status", label: "Status", values: FORM_STATUSES, labels: formStatusLabels, first: "active" },
};

/** The Create Form / Edit Form dialog. */
export function FormDialog({ form, trigger }: { form?: FormWithCounters; trigger: React.ReactNode }) {
  const { fetcher, open, setOpen, failure, onSubmit, busy } = useDialogFetcher<ActionResult>();
  useToastMessage(failure?.toast);
  const errors = failure?.fieldErrors ?? {};
  const idPrefix = form ? `form-${form.id}` : "new-form";
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={form ? "Edit Form" : "Create Form"}
      description={form ? "Change the form's details." : "A new form gets its own id for the public endpoint."}
      className="max-h-[90vh] overflow-y-auto sm:max-w-lg"
    >
      <fetcher.Form method="post" className="grid gap-4" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value={form ? "update" : "create"} />
        {form ? <input type="hidden" name="formId" value={form.id} /> : null}
        <ReturnTo />
        <Field
          id={`${idPrefix}-name`}
          label="Form Name *"
          error={errors.name}
          hint={
            form?.usedBySite ? "The website's own forms find this form by its name, so it stays as it is." : undefined
          }
        >
          {(props) => (
            <Input
              {...props}
              name="name"
              required
              maxLength={120}
              readOnly={form?.usedBySite}
              defaultValue={form?.name ?? ""}
            />
          )}
        </Field>
        <Field id={`${idPrefix}-description`} label="Description" error={errors.description}>
          {(props) => (
            <Textarea {...props} name="description" rows={3} maxLength={1000} defaultValue={form?.description ?? ""} />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          {Object.entries(formChoices).map(([idSuffix, { name, label, values, labels, first }]) => (
            <Field key={name} id={`${idPrefix}-${idSuffix}`} label={label} error={errors[name]}>
              {(props) => (
                <NativeSelect {...props} name={name} defaultValue={form?.[name] ?? first}>
                  <SelectOptions values={values} labels={labels} />
                </NativeSelect>
              )}
            </Field>
          ))}
        </div>
        <DialogSaveActions onCancel={() => setOpen(false)} busy={busy}>
          {form ? "Update Form" : "Create Form"}
        </DialogSaveActions>
      </fetcher.Form>
    </AdminDialog>
  );
}
